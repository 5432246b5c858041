import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { branchPayload, childPersonalPayload, childWorkplacePayload, createStepsApp, stepPaths } from '../helpers/application-steps.ts';
import { postEmpty } from '../helpers/ready-application.ts';
import type { Applicant } from '../helpers/application-steps.ts';
import { childApplicant, childPayloads, childStepPaths, childSteps, parentPayload, saveChildBefore, saveChildThrough } from '../helpers/child-application.ts';

// The child's own step 1 (SPEC.md §2.5 "Personal input", §4 "Child personal", §5 "Birthday",
// "Occupation"; §7): POST /api/applications/personal with the child's birthday rule, then
// POST /api/applications/workplace with the child's occupation (only those displayed for children
// at the child's age), school or workplace and invitation code; no workplace code or existing
// account. A later personal save that breaks the parent's or the workplace's rule makes that
// step unsaved again (docs/decisions/0132-child-steps-undone.md). Today is 2026-06-15.

/** The step that follows the child's own two saves in the flow (flows.ts): it opens once both are saved. */
const afterChild = childSteps[childSteps.indexOf('workplace') + 1]!;
const saveAfterChild = (a: Applicant) => a.post(childStepPaths[afterChild], childPayloads[afterChild]);

forEachDialect((dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
  });
  afterAll(() => app.close());

  const withPersonal = async (birthday = childPersonalPayload.birthday): Promise<Applicant> => {
    const a = await childApplicant(app);
    const response = await a.post(stepPaths.personal, { ...childPersonalPayload, birthday });
    expect(response.statusCode, response.body).toBe(204);
    return a;
  };

  const workplaceErrors = async (a: Applicant, payload: object) => {
    const response = await a.post(stepPaths.workplace, payload);
    expect(response.statusCode, response.body).toBe(400);
    return response.json().errors;
  };

  it('needs a child: born (today counts) and under 18, with the child’s message', async () => {
    const a = await childApplicant(app);
    for (const birthday of ['2008-06-15', '1990-04-01', '2026-06-16']) {
      const response = await a.post(stepPaths.personal, { ...childPersonalPayload, birthday });
      expect(response.json(), birthday).toEqual({ errors: [{ field: 'birthday', message: messages.childNotEligible }] });
    }
    expect((await a.post(stepPaths.personal, { ...childPersonalPayload, birthday: '2026-06-15' })).statusCode).toBe(204);
    expect((await a.post(stepPaths.personal, { ...childPersonalPayload, birthday: '2008-06-16' })).statusCode).toBe(204);
  });

  it('takes only an occupation displayed for children at the child’s age', async () => {
    const ten = await withPersonal('2016-05-05');
    // 会社員 from 15, 公務員 not for children, 未就学児 up to 6, an unknown id: all refused for a 10-year-old.
    for (const occupationId of [1, 2, 13, 4242]) {
      expect(await workplaceErrors(ten, { ...childWorkplacePayload, occupationId }), String(occupationId)).toContainEqual({
        field: 'occupationId',
        message: messages.selectRequired,
      });
    }
    expect((await ten.row()).workplaceSavedAt).toBeNull();
    expect((await ten.post(stepPaths.workplace, childWorkplacePayload)).statusCode).toBe(204);

    const five = await withPersonal('2021-01-10');
    expect(await workplaceErrors(five, childWorkplacePayload)).toEqual([{ field: 'occupationId', message: messages.selectRequired }]);
    expect((await five.post(stepPaths.workplace, { ...childWorkplacePayload, occupationId: 13, workplaceName: null })).statusCode).toBe(204);

    const sixteen = await withPersonal('2010-01-10');
    expect((await sixteen.post(stepPaths.workplace, { ...childWorkplacePayload, occupationId: 1, workplacePhoneNumber: '092-111-2222' })).statusCode).toBe(204);
  });

  it('keeps no workplace code and no existing account in the child flow, and checks the invitation code', async () => {
    const a = await withPersonal();
    expect(await workplaceErrors(a, { ...childWorkplacePayload, invitationCode: 'ZZ9999' })).toEqual([
      { field: 'invitationCode', message: messages.invitationCodeNotFound },
    ]);
    const response = await a.post(stepPaths.workplace, {
      ...childWorkplacePayload,
      workplaceId: 1,
      existedAccountBranchCode: '100',
      existedAccountNumber: '1234567',
    });
    expect(response.statusCode).toBe(204);
    expect(await a.row()).toMatchObject({
      workplaceId: null,
      workplaceCode: null,
      existedAccountBranchCode: null,
      existedAccountNumber: null,
      occupationName: '学生',
    });
    expect((await a.get('/api/applications')).json().application).toMatchObject({ workplaceId: null, existedAccountNumber: null, workplaceName: '天神小学校' });
  });

  it('checks the school or workplace by the occupation’s requirement', async () => {
    const sixteen = await withPersonal('2010-01-10');
    expect(await workplaceErrors(sixteen, { ...childWorkplacePayload, occupationId: 1, workplaceName: null })).toEqual([
      { field: 'workplaceName', message: messages.required },
      { field: 'workplacePhoneNumber', message: messages.required },
    ]);
    expect(await workplaceErrors(sixteen, { ...childWorkplacePayload, occupationId: 99 })).toEqual([
      { field: 'occupationOther', message: messages.otherRequired },
    ]);
  });

  // The screen sends the personal data, then the workplace (SPEC.md §2.5, §7: two calls). Each is one
  // transaction; the pair is all or nothing for the journey: until the second has been saved, the
  // step is not complete and nothing after it can be saved (docs/decisions/0208).
  it('completes nothing with the personal data alone: the parent and the branch wait until the workplace is saved too', async () => {
    const a = await withPersonal();
    expect(await a.row()).toMatchObject({ personalSavedAt: expect.anything(), workplaceSavedAt: null });
    const refusedLater = async () => {
      expect((await a.post(childStepPaths.parentPersonal, parentPayload)).statusCode).toBe(409);
      expect((await a.post(childStepPaths.branch, branchPayload)).statusCode).toBe(409);
      expect(await a.row()).toMatchObject({ workplaceSavedAt: null, parentPersonalSavedAt: null, branchCode: null });
    };
    await refusedLater();
    // The second call refused (here by the age rule): still nothing later.
    expect(await workplaceErrors(a, { ...childWorkplacePayload, occupationId: 1 })).not.toEqual([]);
    await refusedLater();
    // The screen sent again: both saved, the next step opens.
    expect((await a.post(stepPaths.personal, childPersonalPayload)).statusCode).toBe(204);
    expect((await a.post(stepPaths.workplace, childWorkplacePayload)).statusCode).toBe(204);
    expect((await saveAfterChild(a)).statusCode).toBe(204);
  });

  it('makes the workplace unsaved when a new birthday no longer allows its occupation', async () => {
    const a = await childApplicant(app);
    await saveChildThrough(a, 'workplace', { personal: { birthday: '2010-01-10' }, workplace: { occupationId: 1, workplacePhoneNumber: '092-111-2222' } });
    // Same age bracket: nothing undone.
    expect((await a.post(stepPaths.personal, { ...childPersonalPayload, birthday: '2010-02-10' })).statusCode).toBe(204);
    expect((await a.row()).workplaceSavedAt).not.toBeNull();
    // 12 years old: 会社員 (from 15) is no longer allowed → the next step waits for a new workplace.
    expect((await a.post(stepPaths.personal, { ...childPersonalPayload, birthday: '2014-01-10' })).statusCode).toBe(204);
    expect(await a.row()).toMatchObject({ workplaceSavedAt: null, occupationName: '会社員' });
    expect((await saveAfterChild(a)).statusCode).toBe(409);
    expect((await a.post(stepPaths.workplace, childWorkplacePayload)).statusCode).toBe(204);
    expect((await saveAfterChild(a)).statusCode).toBe(204);
  });

  it('makes the parent unsaved when the child’s surname changes away from the parent’s', async () => {
    const a = await childApplicant(app);
    await saveChildBefore(a, 'pin');
    expect((await a.post(stepPaths.personal, { ...childPersonalPayload, firstName: '桜' })).statusCode).toBe(204);
    expect((await a.row()).parentPersonalSavedAt).not.toBeNull();

    expect((await a.post(stepPaths.personal, { ...childPersonalPayload, lastName: '佐藤', kanaLastName: 'ｻﾄｳ' })).statusCode).toBe(204);
    expect((await a.row()).parentPersonalSavedAt).toBeNull();
    // The PIN (and every save after the parent) waits until the parent is saved again, with the new surname.
    const missing = async () => ((await postEmpty(a, '/api/application-complete')).json() as { missingSteps: string[] }).missingSteps;
    expect(await missing()).toContain('parentPersonal');
    expect((await a.post(childStepPaths.parentPersonal, parentPayload)).json()).toEqual({
      errors: [
        { field: 'lastName', message: messages.parentSurnameDiffers },
        { field: 'kanaLastName', message: messages.parentKanaSurnameDiffers },
      ],
    });
    expect((await a.post(childStepPaths.parentPersonal, { ...parentPayload, lastName: '佐藤', kanaLastName: 'ｻﾄｳ' })).statusCode).toBe(204);
    expect(await missing()).not.toContain('parentPersonal');
  });
});
