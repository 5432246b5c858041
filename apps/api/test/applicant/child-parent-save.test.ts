import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applicationParentViewSchema } from '@koza/domain/api/application';
import { messages } from '@koza/domain/messages';
import type { App } from '../../src/app.ts';
import { findParentByApplicationId } from '../../src/db/repositories/applications-repository.ts';
import * as migration041 from '../../src/db/migrations/041-proxy-reason-minor.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, childPersonalPayload, createStepsApp, saveBefore, stepPaths } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';
import { childApplicant, childStepPaths, parentPayload, parentWorkplacePayload, saveChildBefore } from '../helpers/child-application.ts';

// POST /api/applications/personal/parent and /workplace/parent (SPEC.md §3 "Parent application", §5
// "Parent", §7; DECISIONS.md §5): every parent rule on the server with the messages of messages.ts,
// 204 and the saved values in GET /api/applications' applicationParent. Today is testNow (2026-06-15).

const parentPath = childStepPaths.parentPersonal;
const parentWorkplacePath = childStepPaths.parentWorkplace;

forEachDialect((dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
  });
  afterAll(() => app.close());

  /** A child application with every step the parent's save needs saved (flows.ts). */
  const atParent = async (): Promise<Applicant> => {
    const a = await childApplicant(app);
    await saveChildBefore(a, 'parentPersonal');
    return a;
  };

  const errorsOf = async (a: Applicant, payload: object, path: string = parentPath) => {
    const response = await a.post(path, payload);
    expect(response.statusCode, response.body).toBe(400);
    return (response.json() as { errors: { field: string; message: string }[] }).errors;
  };

  it('saves the parent and answers it in applicationParent with the field names of SPEC.md §3', async () => {
    const a = await atParent();
    const personal = await a.post(parentPath, parentPayload);
    expect(personal.statusCode).toBe(204);
    expect(personal.body).toBe('');
    expect((await a.post(parentWorkplacePath, parentWorkplacePayload)).statusCode).toBe(204);
    const view = (await a.get('/api/applications')).json();
    // Every field of the answer (the registry's, applicationParentViewSchema): those not sent are null.
    expect(view.applicationParent).toEqual({
      ...Object.fromEntries(Object.keys(applicationParentViewSchema.shape).map((key) => [key, null])),
      lastName: '山田',
      firstName: '良子',
      kanaLastName: 'ﾔﾏﾀﾞ',
      kanaFirstName: 'ﾖｼｺ',
      birthday: '1985-05-05',
      relationship: 'MOTHER',
      mobilePhoneNumber: '080-1111-2222',
      phoneNumber: null,
      proxyApplicationReason: 'minor',
      occupationName: '会社員',
      occupationOther: null,
      workplaceName: '株式会社博多テスト',
      workplacePhoneNumber: '092-111-2222',
    });
    expect(view.application).toMatchObject({ lastName: '山田', firstName: '花子', applicationType: 'CHILD' });
    expect(await a.row()).toMatchObject({ parentPersonalSavedAt: expect.any(Number), parentWorkplaceSavedAt: expect.any(Number), status: 'DRAFT' });
  });

  it('saves again over the earlier values (going back from a later page), one parent row', async () => {
    const a = await atParent();
    await saveChildBefore(a, 'pin');
    expect(
      (await a.post(parentPath, { ...parentPayload, firstName: '一郎', kanaFirstName: 'ｲﾁﾛｳ', relationship: 'FATHER', phoneNumber: '092-123-4567' }))
        .statusCode,
    ).toBe(204);
    expect((await a.post(parentWorkplacePath, { occupationId: 99, occupationOther: '漁師', workplaceName: null, workplacePhoneNumber: null })).statusCode).toBe(
      204,
    );
    expect(await findParentByApplicationId(app.deps.db, a.applicationId)).toMatchObject({
      firstName: '一郎',
      relationship: 'FATHER',
      phoneNumber: '092-123-4567',
      occupationName: 'その他',
      occupationOther: '漁師',
      workplaceName: null,
    });
    expect((await a.get('/api/applications')).json().applicationParent).toMatchObject({ relationship: 'FATHER', occupationOther: '漁師' });
  });

  it('refuses a surname other than the child’s, in kanji and in kana, with the exact messages', async () => {
    const a = await atParent();
    expect(await errorsOf(a, { ...parentPayload, lastName: '佐藤', kanaLastName: 'ｻﾄｳ' })).toEqual([
      { field: 'lastName', message: messages.parentSurnameDiffers },
      { field: 'kanaLastName', message: messages.parentKanaSurnameDiffers },
    ]);
    expect(await errorsOf(a, { ...parentPayload, kanaLastName: 'ﾀﾅｶ' })).toEqual([{ field: 'kanaLastName', message: messages.parentKanaSurnameDiffers }]);
    expect(await errorsOf(a, { ...parentPayload, lastName: '山本' })).toEqual([{ field: 'lastName', message: messages.parentSurnameDiffers }]);
    expect(await findParentByApplicationId(app.deps.db, a.applicationId)).toBeNull();
    expect((await a.row()).parentPersonalSavedAt).toBeNull();
  });

  it('compares with the SAVED child’s surname: a changed child surname needs a matching parent', async () => {
    const a = await childApplicant(app);
    await saveChildBefore(a, 'parentPersonal', { personal: { ...childPersonalPayload, lastName: '佐藤', kanaLastName: 'ｻﾄｳ' } });
    expect(await errorsOf(a, parentPayload)).toEqual([
      { field: 'lastName', message: messages.parentSurnameDiffers },
      { field: 'kanaLastName', message: messages.parentKanaSurnameDiffers },
    ]);
    expect((await a.post(parentPath, { ...parentPayload, lastName: '佐藤', kanaLastName: 'ｻﾄｳ' })).statusCode).toBe(204);
  });

  it('needs a parent of 18 or over (today counts), with the parent’s message', async () => {
    const a = await atParent();
    expect(await errorsOf(a, { ...parentPayload, birthday: '2008-06-16' })).toEqual([{ field: 'birthday', message: messages.parentUnder18 }]);
    expect(await errorsOf(a, { ...parentPayload, birthday: '1985-02-30' })).toEqual([{ field: 'birthday', message: messages.birthdayInvalid }]);
    expect(await errorsOf(a, { ...parentPayload, birthday: null })).toEqual([{ field: 'birthday', message: messages.selectRequired }]);
    expect((await a.post(parentPath, { ...parentPayload, birthday: '2008-06-15' })).statusCode).toBe(204);
  });

  it('SPEC.md §9 "Proxy reason fixed value: minor": stored and answered as minor, also when a page of before sends MINOR', async () => {
    for (const sent of ['minor', 'MINOR']) {
      const a = await atParent();
      expect((await a.post(parentPath, { ...parentPayload, proxyApplicationReason: sent })).statusCode).toBe(204);
      expect((await findParentByApplicationId(app.deps.db, a.applicationId))?.proxyApplicationReason).toBe('minor');
      expect((await a.get('/api/applications')).json().applicationParent.proxyApplicationReason).toBe('minor');
    }
  });

  it('rewrites a proxy reason stored as MINOR before migration 041 to minor', async () => {
    const a = await atParent();
    expect((await a.post(parentPath, parentPayload)).statusCode).toBe(204);
    await app.deps.db.kysely.updateTable('applicationParents').set({ proxyApplicationReason: 'MINOR' }).where('applicationId', '=', a.applicationId).execute();
    await migration041.up(app.deps.db.kysely.withoutPlugins() as unknown as Kysely<unknown>);
    expect((await a.get('/api/applications')).json().applicationParent.proxyApplicationReason).toBe('minor');
  });

  it('needs the relationship FATHER or MOTHER and the proxy reason minor', async () => {
    const a = await atParent();
    for (const relationship of [null, '', 'GRANDMOTHER', '母', 1]) {
      expect(await errorsOf(a, { ...parentPayload, relationship })).toEqual([{ field: 'relationship', message: messages.selectRequired }]);
    }
    for (const proxyApplicationReason of [null, 'OTHER', 'minor ', true]) {
      expect(await errorsOf(a, { ...parentPayload, proxyApplicationReason })).toEqual([{ field: 'proxyApplicationReason', message: messages.selectRequired }]);
    }
    const { relationship: _r, proxyApplicationReason: _p, ...withoutChoices } = parentPayload;
    expect(await errorsOf(a, withoutChoices)).toEqual([
      { field: 'relationship', message: messages.selectRequired },
      { field: 'proxyApplicationReason', message: messages.selectRequired },
    ]);
  });

  it('checks the phones: mobile required and 0[5789]0-####-####, home empty or valid', async () => {
    const a = await atParent();
    expect(await errorsOf(a, { ...parentPayload, mobilePhoneNumber: '060-1111-2222' })).toEqual([
      { field: 'mobilePhoneNumber', message: messages.mobilePhoneInvalid },
    ]);
    expect(await errorsOf(a, { ...parentPayload, mobilePhoneNumber: '' })).toEqual([{ field: 'mobilePhoneNumber', message: messages.required }]);
    expect(await errorsOf(a, { ...parentPayload, phoneNumber: '092-1234' })).toEqual([{ field: 'phoneNumber', message: messages.homePhoneInvalid }]);
    expect((await a.post(parentPath, { ...parentPayload, phoneNumber: '' })).statusCode).toBe(204);
    expect((await a.get('/api/applications')).json().applicationParent.phoneNumber).toBeNull();
  });

  it('checks the names: required, the 24-character limit, roman numerals, katakana for the kana', async () => {
    const a = await atParent();
    expect(await errorsOf(a, {})).toEqual(
      expect.arrayContaining([
        { field: 'lastName', message: messages.required },
        { field: 'firstName', message: messages.required },
        { field: 'kanaLastName', message: messages.required },
        { field: 'kanaFirstName', message: messages.required },
        { field: 'birthday', message: messages.selectRequired },
        { field: 'relationship', message: messages.selectRequired },
        { field: 'mobilePhoneNumber', message: messages.required },
        { field: 'proxyApplicationReason', message: messages.selectRequired },
      ]),
    );
    expect(await errorsOf(a, { ...parentPayload, firstName: '良'.repeat(22) })).toEqual([{ field: 'lastName', message: messages.maxLength(24) }]);
    expect(await errorsOf(a, { ...parentPayload, kanaFirstName: 'Yoshiko' })).toEqual([{ field: 'kanaFirstName', message: messages.katakana }]);
    // Hiragana and full-width katakana are normalised to half-width katakana, in the surname too.
    expect((await a.post(parentPath, { ...parentPayload, kanaLastName: 'やまだ', kanaFirstName: 'ヨシコ' })).statusCode).toBe(204);
    expect((await a.get('/api/applications')).json().applicationParent).toMatchObject({ kanaLastName: 'ﾔﾏﾀﾞ', kanaFirstName: 'ﾖｼｺ' });
    expect(await errorsOf(a, { ...parentPayload, firstName: 'Ⅱ世' })).toEqual([{ field: 'firstName', message: messages.romanNumeral }]);
  });

  it('refuses a bank code other than the host’s', async () => {
    const a = await atParent();
    expect(await errorsOf(a, { ...parentPayload, bankCode: '0587' })).toEqual([{ field: 'bankCode', message: messages.bankMismatch }]);
  });

  it('checks the parent’s occupation and workplace by the occupation’s requirement', async () => {
    const a = await atParent();
    expect((await a.post(parentPath, parentPayload)).statusCode).toBe(204);
    expect(await errorsOf(a, { ...parentWorkplacePayload, workplaceName: null, workplacePhoneNumber: null }, parentWorkplacePath)).toEqual([
      { field: 'workplaceName', message: messages.required },
      { field: 'workplacePhoneNumber', message: messages.required },
    ]);
    expect(await errorsOf(a, { ...parentWorkplacePayload, workplacePhoneNumber: '092-111-222' }, parentWorkplacePath)).toEqual([
      { field: 'workplacePhoneNumber', message: messages.workplacePhoneInvalid },
    ]);
    expect(await errorsOf(a, { ...parentWorkplacePayload, workplaceName: '株'.repeat(26) }, parentWorkplacePath)).toEqual([
      { field: 'workplaceName', message: messages.maxLength(25) },
    ]);
    expect(await errorsOf(a, { occupationId: 99, occupationOther: '' }, parentWorkplacePath)).toEqual([
      { field: 'occupationOther', message: messages.otherRequired },
    ]);
    expect(await errorsOf(a, { occupationId: 99, occupationOther: 'あ'.repeat(26) }, parentWorkplacePath)).toEqual([
      { field: 'occupationOther', message: messages.maxLength(25) },
    ]);
    for (const occupationId of [null, 0, 12345, 'x']) {
      expect(await errorsOf(a, { ...parentWorkplacePayload, occupationId }, parentWorkplacePath)).toContainEqual({
        field: 'occupationId',
        message: messages.selectRequired,
      });
    }
    expect((await a.row()).parentWorkplaceSavedAt).toBeNull();
    // 主婦・主夫 asks no workplace: whatever is sent is not kept.
    expect(
      (await a.post(parentWorkplacePath, { occupationId: 10, occupationOther: 'x', workplaceName: '株式会社', workplacePhoneNumber: '092-111-2222' }))
        .statusCode,
    ).toBe(204);
    expect(await findParentByApplicationId(app.deps.db, a.applicationId)).toMatchObject({
      occupationName: '主婦・主夫',
      occupationOther: null,
      workplaceName: null,
      workplacePhoneNumber: null,
    });
  });

  it('offers the parent only the general list’s occupations: 未就学児 (children only) is refused', async () => {
    const a = await atParent();
    expect((await a.post(parentPath, parentPayload)).statusCode).toBe(204);
    expect(await errorsOf(a, { occupationId: 13, occupationOther: null, workplaceName: null, workplacePhoneNumber: null }, parentWorkplacePath)).toEqual([
      { field: 'occupationId', message: messages.selectRequired },
    ]);
    // 公務員 is not a child's occupation, but a parent's.
    expect((await a.post(parentWorkplacePath, { ...parentWorkplacePayload, occupationId: 2 })).statusCode).toBe(204);
  });

  it('answers 409 to a general application and before the child’s steps', async () => {
    const general = await applicant(app);
    await saveBefore(general, 'pin');
    for (const [path, payload] of [
      [parentPath, parentPayload],
      [parentWorkplacePath, parentWorkplacePayload],
    ] as const) {
      const response = await general.post(path, payload);
      expect(response.statusCode, path).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message: expect.any(String) });
    }
    const child = await childApplicant(app);
    expect((await child.post(parentPath, parentPayload)).statusCode).toBe(409);
    expect((await child.post(stepPaths.personal, childPersonalPayload)).statusCode).toBe(204);
    expect((await child.post(parentPath, parentPayload)).statusCode).toBe(409);
    expect(await findParentByApplicationId(app.deps.db, child.applicationId)).toBeNull();
  });

  it('answers 4xx, never 5xx, to bodies of the wrong shape', async () => {
    const a = await atParent();
    for (const payload of [
      [],
      'text',
      12,
      null,
      { lastName: ['山田'], birthday: { y: 1985 } },
      { relationship: { toString: 1 } },
      { ...parentPayload, firstName: '\u0000\ud800', kanaFirstName: '𠮷'.repeat(10_000) },
      { ...parentWorkplacePayload, occupationId: 2 ** 53, workplaceName: '\u0007' },
    ]) {
      for (const path of [parentPath, parentWorkplacePath]) {
        const response = await a.post(path, payload);
        expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }
    }
  });
});
