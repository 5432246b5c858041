import { expect, it } from 'vitest';
import { confirmationModel, staffDetailModel } from '@koza/domain/fields/display';
import { fieldRegistry, fieldsOf, type FieldDefinition } from '@koza/domain/fields/registry';
import { applicationViewSchema } from '@koza/domain/api/application';
import { forEachDialect } from '../helpers/databases.ts';
import { accountColumns, accountFormat, accountFormatVersions, accountLine, currentFormats, fingerprintOf } from '../../src/adapters/handover-format.ts';

// The field registry (decision 0206): every application field declared once. A new optional field
// is one registry entry (plus its migration and the screen section where it is typed): this test
// adds one to a copy of the registry and sees it on the applicant's confirmation screen, in the back
// office's detail and in the hand-over file's header, with nothing else edited — but the hand-over
// format's version, which must be declared for the changed columns (decision 0243). The example
// field's names are the test's own (no real field takes them), and nothing here counts the real
// registry's fields or versions: adding a real field leaves this file as it is.

const testOnlyPhone: FieldDefinition = {
  key: 'testOnlyPhoneNumber',
  record: 'application',
  kind: 'phone',
  label: '試験用の連絡先電話番号',
  group: 'applicant',
  flows: ['GENERAL', 'CHILD'],
  view: 'text',
  handover: { column: 'test_only_phone_number' },
  confirmation: { own: 'noneWhenEmpty' },
};
const withTestOnlyPhone = [...fieldRegistry, testOnlyPhone];

const application = {
  bankCode: '0177',
  applicationType: 'GENERAL',
  lastName: '福岡',
  firstName: '花子',
  testOnlyPhoneNumber: '092-555-0101',
  gender: 'WOMAN',
  sealLess: true,
};

it('shows a field added to the registry on the confirmation screen, in the staff detail and in the hand-over header', () => {
  const personal = confirmationModel('GENERAL', application, null, withTestOnlyPhone)[0];
  expect(personal?.title).toBe('お客さま情報');
  expect(personal?.rows).toContainEqual({ label: '試験用の連絡先電話番号', value: '092-555-0101' });
  // Empty: なし, as the registry entry says.
  const empty = confirmationModel('CHILD', { ...application, testOnlyPhoneNumber: null }, {}, withTestOnlyPhone)[0];
  expect(empty?.rows).toContainEqual({ label: '試験用の連絡先電話番号', value: 'なし' });

  expect(staffDetailModel('application', application, withTestOnlyPhone)).toContainEqual({
    key: 'testOnlyPhoneNumber',
    label: '試験用の連絡先電話番号',
    value: '092-555-0101',
  });

  // Without a place of its own, the column goes at the end: every column of the file keeps its place.
  const header = accountColumns(withTestOnlyPhone);
  expect(header).toEqual([...accountColumns(), 'test_only_phone_number']);
  // A change of columns without a new format version declared is refused (the API would not start).
  const next = accountFormatVersions.at(-1)!.version + 1;
  expect(() => accountFormat(withTestOnlyPhone)).toThrow(
    new RegExp(`without a new format version: declare \\{ version: ${next}, fingerprint: '[0-9a-f]{16}' \\}`),
  );
  const format = accountFormat(withTestOnlyPhone, [...accountFormatVersions, { version: next, fingerprint: fingerprintOf(header) }]);
  expect(format).toMatchObject({ prefix: 'KOZA', version: next, columns: header });
  const line = accountLine(
    {
      bankCode: '0177',
      applicationNumber: '1',
      applicationType: 'GENERAL',
      approvedAt: 0,
      fields: { test_only_phone_number: '092-555-0101' },
      pinEncrypted: 'x',
    },
    format,
  );
  expect(line.trimEnd().split(',').at(-1)).toBe('"092-555-0101"');
});

it('places a registry column where the field says, and refuses a place that is not one', () => {
  const placed = (after: string) => [...fieldRegistry, { ...testOnlyPhone, handover: { column: 'test_only_phone_number', after } }];
  // Right after the mobile phone: the column that followed it (the home phone) must then follow it instead.
  expect(() => accountColumns(placed('mobile_phone_number'))).toThrow(/phone_number and test_only_phone_number are both placed after mobile_phone_number/);
  const columns = accountColumns(placed('approved_at'));
  expect(columns[columns.indexOf('approved_at') + 1]).toBe('test_only_phone_number');
  expect(() => accountColumns(placed('no_such_column'))).toThrow(/after no_such_column, which is no column/);
  expect(() => accountColumns([...fieldRegistry, { ...testOnlyPhone, handover: { column: 'last_name' } }])).toThrow(/last_name is declared twice/);
});

it('without the entry, the field is nowhere', () => {
  expect(JSON.stringify(confirmationModel('GENERAL', application, null))).not.toContain('試験用の連絡先電話番号');
  expect(staffDetailModel('application', application).map((r) => r.key)).not.toContain('testOnlyPhoneNumber');
  expect(accountColumns()).not.toContain('test_only_phone_number');
});

it('derives the applicant answer and the hand-over columns of the real registry', () => {
  const viewed = fieldsOf('application')
    .filter((f) => f.view)
    .map((f) => f.key);
  expect(Object.keys(applicationViewSchema.shape)).toEqual(['bankCode', ...viewed, 'applicationType']);
  expect(viewed).toEqual(expect.arrayContaining(['lastName', 'firstName', 'workplacePhoneNumber']));
  // The hand-over file: every registry column once, among the file's own columns, the names where the
  // fields place them; the format this version writes is a declared one.
  const registryColumns = (fieldRegistry as readonly FieldDefinition[]).flatMap((f) => (f.handover ? [f.handover.column] : []));
  expect(registryColumns).toEqual(expect.arrayContaining(['last_name', 'first_name', 'kana_last_name', 'parent_last_name']));
  const columns = accountColumns();
  expect(new Set(columns).size).toBe(columns.length);
  expect(columns).toEqual(expect.arrayContaining([...registryColumns, 'record_type', 'application_number', 'pin_rsa_oaep_sha256']));
  expect(columns.slice(columns.indexOf('kana_last_name'), columns.indexOf('first_name') + 1)).toEqual([
    'kana_last_name',
    'kana_first_name',
    'last_name',
    'first_name',
  ]);
  expect(currentFormats.account).toEqual({ prefix: 'KOZA', version: accountFormatVersions.at(-1)!.version, columns });
  // Codes are shown as words.
  expect(staffDetailModel('application', { gender: 'WOMAN', sealLess: false })).toEqual([
    { key: 'gender', label: '性別', value: '女性' },
    { key: 'sealLess', label: '届出印', value: '印鑑を届け出る' },
  ]);
});

forEachDialect((dialect) => {
  it('finds a column for every registry field in the migrated database (a new field needs its migration)', async () => {
    const db = await dialect.createDb();
    const tables = await db.kysely.introspection.getTables();
    const columnsOf = (table: string) => tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
    const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    for (const [record, table] of [
      ['application', 'applications'],
      ['parent', 'application_parents'],
    ] as const) {
      const missing = fieldsOf(record)
        .map((f) => snake(f.key))
        .filter((column) => !columnsOf(table).includes(column));
      expect(
        missing,
        `registry fields of ${record} with no column in ${table}: add a migration (apps/api/src/db/migrations/, listed in db/migrate.ts)`,
      ).toEqual([]);
    }
  });
});
