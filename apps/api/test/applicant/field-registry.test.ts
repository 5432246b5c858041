import { expect, it } from 'vitest';
import { confirmationModel, staffDetailModel } from '@koza/domain/fields/display';
import { fieldRegistry, fieldsOf, type FieldDefinition } from '@koza/domain/fields/registry';
import { applicationViewSchema } from '@koza/domain/api/application';
import { handoverColumns, handoverHeader, handoverLine } from '../../src/adapters/handover.ts';

// The field registry (decision 0206): every application field declared once. A new optional field
// is one registry entry (plus its migration and the screen section where it is typed): this test
// adds one to a copy of the registry and sees it on the applicant's confirmation screen, in the back
// office's detail and in the hand-over file's header, with nothing else edited.

const secondPhone: FieldDefinition = {
  key: 'secondPhoneNumber',
  record: 'application',
  kind: 'phone',
  label: '日中の連絡先電話番号',
  group: 'applicant',
  flows: ['GENERAL', 'CHILD'],
  view: 'text',
  handover: 'second_phone_number',
  confirmation: { own: 'noneWhenEmpty' },
};
const withSecondPhone = [...fieldRegistry, secondPhone];

const application = {
  bankCode: '0177',
  applicationType: 'GENERAL',
  lastName: '福岡',
  firstName: '花子',
  secondPhoneNumber: '092-555-0101',
  gender: 'WOMAN',
  sealLess: true,
};

it('shows a field added to the registry on the confirmation screen, in the staff detail and in the hand-over header', () => {
  const personal = confirmationModel('GENERAL', application, null, withSecondPhone)[0];
  expect(personal?.title).toBe('お客さま情報');
  expect(personal?.rows).toContainEqual({ label: '日中の連絡先電話番号', value: '092-555-0101' });
  // Empty: なし, as the registry entry says.
  const empty = confirmationModel('CHILD', { ...application, secondPhoneNumber: null }, {}, withSecondPhone)[0];
  expect(empty?.rows).toContainEqual({ label: '日中の連絡先電話番号', value: 'なし' });

  expect(staffDetailModel('application', application, withSecondPhone)).toContainEqual({
    key: 'secondPhoneNumber',
    label: '日中の連絡先電話番号',
    value: '092-555-0101',
  });

  const header = handoverHeader(withSecondPhone);
  expect(header.slice(0, handoverColumns.length)).toEqual([...handoverColumns]);
  expect(header.at(-1)).toBe('second_phone_number');
  const line = handoverLine(
    { bankCode: '0177', applicationNumber: '1', applicationType: 'GENERAL', approvedAt: 0, fields: { second_phone_number: '092-555-0101' }, pinEncrypted: 'x' },
    header,
  );
  expect(line.trimEnd().split(',').at(-1)).toBe('"092-555-0101"');
});

it('without the entry, the field is nowhere', () => {
  expect(JSON.stringify(confirmationModel('GENERAL', application, null))).not.toContain('日中の連絡先電話番号');
  expect(staffDetailModel('application', application).map((r) => r.key)).not.toContain('secondPhoneNumber');
  expect(handoverHeader()).toEqual([...handoverColumns]);
});

it('derives the applicant answer and the hand-over columns of the real registry', () => {
  const viewed = fieldsOf('application')
    .filter((f) => f.view)
    .map((f) => f.key);
  expect(Object.keys(applicationViewSchema.shape)).toEqual(['bankCode', ...viewed, 'applicationType']);
  // Every registry column is one of the file's fixed columns: the file format does not move.
  for (const f of fieldRegistry as readonly FieldDefinition[]) if (f.handover) expect(handoverColumns as readonly string[]).toContain(f.handover);
  // Codes are shown as words.
  expect(staffDetailModel('application', { gender: 'WOMAN', sealLess: false })).toEqual([
    { key: 'gender', label: '性別', value: '女性' },
    { key: 'sealLess', label: '届出印', value: '印鑑を届け出る' },
  ]);
});
