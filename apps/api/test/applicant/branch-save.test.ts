import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, childPersonalPayload, createStepsApp, hakataEkimae, saveBefore, stepPaths } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';
import { childApplicant, saveChildBefore } from '../helpers/child-application.ts';

forEachDialect((dialect) => {
  let app: App;
  let a: Applicant;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
    a = await applicant(app);
    await saveBefore(a, 'branch');
  });
  afterAll(() => app.close());

  it('saves a branch of the list with its name and answers 204', async () => {
    const response = await a.post(stepPaths.branch, { branchCode: '110' });
    expect(response.statusCode).toBe(204);
    expect(await a.row()).toMatchObject({ branchCode: '110', branchName: '博多駅前支店' });
    expect((await a.row()).branchSavedAt).not.toBeNull();
  });

  it.each([
    ['999', 'not a branch'],
    ['410', 'a branch code only 0587 has'],
  ])('refuses %s (%s) with 選択が必須です。', async (branchCode) => {
    const response = await a.post(stepPaths.branch, { branchCode });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field: 'branchCode', message: messages.selectRequired }] });
  });

  it.each([[''], ['10'], ['1000'], [100], [null], [['100']], ['１００']])('refuses the malformed code %j', async (branchCode) => {
    const response = await a.post(stepPaths.branch, { branchCode });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field: 'branchCode', message: messages.selectRequired }] });
  });

  it('refuses a bankCode that is not the host’s bank', async () => {
    const response = await a.post(stepPaths.branch, { branchCode: '100', bankCode: '0181' });
    expect(response.json()).toEqual({ errors: [{ field: 'bankCode', message: messages.bankMismatch }] });
  });

  it('lets a child choose only a branch of the child’s municipality', async () => {
    const child = await childApplicant(app);
    await saveChildBefore(child, 'branch', { personal: { ...childPersonalPayload, ...hakataEkimae } });
    const outside = await child.post(stepPaths.branch, { branchCode: '100' });
    expect(outside.json()).toEqual({ errors: [{ field: 'branchCode', message: messages.selectRequired }] });
    expect((await child.post(stepPaths.branch, { branchCode: '111' })).statusCode).toBe(204);
  });
});
