import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import { occupationOtherMaxLength } from '@koza/domain/fields/occupation';
import { workplaceNameMaxLength } from '@koza/domain/fields/workplace-name';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, createStepsApp, hosts, saveBefore, stepPaths, workplacePayload } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';

// Occupations (data/files/occupations.json): 1 会社員 REQUIRED, 9 学生 OPTIONAL, 10 主婦・主夫 NONE,
// 99 その他 OPTIONAL. Workplaces: 1001 (code 100001) PERMITTED, 1002 (100002) NOT_PERMITTED, 2001 is 0587's.

const other = { ...workplacePayload, occupationId: 99, occupationOther: '僧侶' };
const permitted = { ...workplacePayload, workplaceId: 1001, workplaceName: '株式会社天神ロジテック', workplacePhoneNumber: '092-711-0001' };

/** Every invalid value of SPEC.md §5 for the workplace screen: 400 with exactly that field's domain message. */
const invalidWorkplace: { field: string; value: unknown; message: string; base?: object; also?: object }[] = [
  { field: 'occupationId', value: null, message: messages.selectRequired },
  { field: 'occupationId', value: '', message: messages.selectRequired },
  { field: 'occupationId', value: 12345, message: messages.selectRequired },
  { field: 'occupationId', value: 'abc', message: messages.selectRequired },
  { field: 'occupationId', value: -1, message: messages.selectRequired },
  { field: 'occupationId', value: 13, message: messages.selectRequired }, // 未就学児: child flow only
  { field: 'occupationId', value: '13', message: messages.selectRequired },
  { field: 'occupationOther', value: '', message: messages.otherRequired, base: other },
  { field: 'occupationOther', value: 'あ'.repeat(occupationOtherMaxLength + 1), message: messages.maxLength(occupationOtherMaxLength), base: other },
  { field: 'workplaceName', value: '', message: messages.required },
  { field: 'workplaceName', value: null, message: messages.required },
  { field: 'workplaceName', value: 'あ'.repeat(workplaceNameMaxLength + 1), message: messages.maxLength(workplaceNameMaxLength) },
  { field: 'workplaceName', value: '第Ⅱ商事', message: messages.romanNumeral },
  { field: 'workplaceName', value: '株式会社@博多', message: messages.disallowedChars('「＠」') },
  { field: 'workplaceName', value: '博多★商店', message: messages.disallowedChars('「★」') },
  { field: 'workplacePhoneNumber', value: '', message: messages.required },
  { field: 'workplacePhoneNumber', value: '092-111-222', message: messages.workplacePhoneInvalid },
  { field: 'workplacePhoneNumber', value: '090-1111-2222-3', message: messages.workplacePhoneInvalid },
  { field: 'workplacePhoneNumber', value: '0921112222', message: messages.workplacePhoneInvalid, base: { ...workplacePayload, occupationId: 9 } }, // optional, still checked
  { field: 'invitationCode', value: 'FK01', message: messages.invitationCodeLength },
  { field: 'invitationCode', value: 'FK00011', message: messages.invitationCodeLength },
  { field: 'invitationCode', value: 'FK9901', message: messages.invitationCodeNotFound }, // expired
  { field: 'invitationCode', value: 'KM0001', message: messages.invitationCodeNotFound }, // another bank's
  { field: 'workplaceId', value: 99999, message: messages.workplaceCodeNotFound },
  { field: 'workplaceId', value: 2001, message: messages.workplaceCodeNotFound }, // another bank's
  { field: 'workplaceId', value: true, message: messages.workplaceCodeNotFound },
  { field: 'workplaceId', value: 2 ** 40, message: messages.workplaceCodeNotFound }, // beyond an INTEGER id
  { field: 'occupationId', value: 2 ** 40, message: messages.selectRequired },
  { field: 'occupationId', value: '99999999999', message: messages.selectRequired },
  { field: 'occupationOther', value: '僧\u0000侶', message: messages.forbiddenChars, base: other },
  { field: 'workplaceName', value: '株式会社\u0085', message: messages.forbiddenChars },
  { field: 'existedAccountBranchCode', value: 'ab', message: messages.existingAccountInvalid, base: permitted, also: { existedAccountNumber: '1234567' } },
  { field: 'existedAccountBranchCode', value: '1234', message: messages.existingAccountInvalid, base: permitted, also: { existedAccountNumber: '1234567' } },
  { field: 'existedAccountBranchCode', value: null, message: messages.existingAccountInvalid, base: permitted, also: { existedAccountNumber: '1234567' } },
  { field: 'existedAccountNumber', value: '12345678', message: messages.existingAccountInvalid, base: permitted, also: { existedAccountBranchCode: '123' } },
  { field: 'existedAccountNumber', value: '', message: messages.existingAccountInvalid, base: permitted, also: { existedAccountBranchCode: '123' } },
];

forEachDialect((dialect) => {
  let app: App;
  let a: Applicant;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
    a = await applicant(app);
    await saveBefore(a, 'workplace');
  });
  afterAll(() => app.close());

  it('saves occupation and workplace and answers 204', async () => {
    const response = await a.post(stepPaths.workplace, {
      ...workplacePayload,
      workplaceName: '(株)博多テスト',
      workplacePhoneNumber: '０９２－１１１－２２２２',
      invitationCode: 'ＦＫ０００２',
    });
    expect(response.statusCode).toBe(204);
    expect(await a.row()).toMatchObject({
      occupationId: 1,
      occupationName: '会社員',
      occupationOther: null,
      workplaceCode: null,
      workplaceId: null,
      workplaceName: '株式会社博多テスト',
      workplacePhoneNumber: '092-111-2222',
      invitationCode: 'FK0002',
      existedAccountBranchCode: null,
      existedAccountNumber: null,
    });
    expect((await a.row()).workplaceSavedAt).not.toBeNull();
  });

  it('keeps the applied workplace code and zero-pads the existing account', async () => {
    const response = await a.post(stepPaths.workplace, { ...permitted, workplaceId: '1001', existedAccountBranchCode: '12', existedAccountNumber: '３４５' });
    expect(response.statusCode).toBe(204);
    expect(await a.row()).toMatchObject({
      workplaceId: 1001,
      workplaceCode: '100001',
      existedAccountBranchCode: '012',
      existedAccountNumber: '0000345',
    });
  });

  it('drops existing-account numbers the workplace does not ask for', async () => {
    const response = await a.post(stepPaths.workplace, {
      ...workplacePayload,
      workplaceId: 1002,
      existedAccountBranchCode: '123',
      existedAccountNumber: '1234567',
    });
    expect(response.statusCode).toBe(204);
    expect(await a.row()).toMatchObject({ workplaceCode: '100002', existedAccountBranchCode: null, existedAccountNumber: null });
  });

  it('saves no workplace for an occupation without one, and the text of その他', async () => {
    expect((await a.post(stepPaths.workplace, { ...workplacePayload, occupationId: 10 })).statusCode).toBe(204);
    expect(await a.row()).toMatchObject({ occupationName: '主婦・主夫', workplaceName: null, workplacePhoneNumber: null });
    expect((await a.post(stepPaths.workplace, { ...other, occupationId: '99', workplaceName: '', workplacePhoneNumber: '' })).statusCode).toBe(204);
    expect(await a.row()).toMatchObject({ occupationId: 99, occupationName: 'その他', occupationOther: '僧侶', workplaceName: null });
  });

  describe('each invalid value of SPEC.md §5', () => {
    it.each(invalidWorkplace.map((c) => [c.field, JSON.stringify(c.value).slice(0, 40), c] as const))(
      '%s = %s → its message',
      async (_field, _shown, { field, value, message, base = workplacePayload, also = {} }) => {
        const response = await a.post(stepPaths.workplace, { ...base, ...also, [field]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ errors: [{ field, message }] });
      },
    );
  });

  it('refuses an occupation the general list does not offer and keeps what was saved', async () => {
    expect((await a.post(stepPaths.workplace, workplacePayload)).statusCode).toBe(204);
    const before = await a.row();
    const response = await a.post(stepPaths.workplace, { ...workplacePayload, occupationId: 13, workplaceName: null, workplacePhoneNumber: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field: 'occupationId', message: messages.selectRequired }] });
    expect(await a.row()).toEqual(before);
  });

  it('refuses a bankCode that is not the host’s bank', async () => {
    const response = await a.post(stepPaths.workplace, { ...workplacePayload, bankCode: '0181' });
    expect(response.json()).toEqual({ errors: [{ field: 'bankCode', message: messages.bankMismatch }] });
  });

  it('accepts the other bank’s workplace and code on its own host', async () => {
    const b = await applicant(app, { host: hosts['0587'] });
    await saveBefore(b, 'workplace');
    const response = await b.post(stepPaths.workplace, { ...workplacePayload, workplaceId: 2001, invitationCode: 'KM0001' });
    expect(response.statusCode).toBe(204);
    expect(await b.row()).toMatchObject({ workplaceCode: '200001', invitationCode: 'KM0001' });
  });

  it.each([
    ['an array', [workplacePayload]],
    ['null', null],
    [
      'wrong types',
      { occupationId: { id: 1 }, workplaceName: 5, workplacePhoneNumber: ['092'], workplaceId: [1001], invitationCode: 123456, existedAccountNumber: {} },
    ],
    ['huge strings', { ...workplacePayload, workplaceName: '株'.repeat(15_000), occupationOther: 'x'.repeat(10_000) }],
  ])('answers %s with 400, never a 5xx', async (_name, body) => {
    const response = await a.post(stepPaths.workplace, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
  });
});
