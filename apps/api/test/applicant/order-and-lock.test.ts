import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import {
  applicant,
  branchPayload,
  createStepsApp,
  postSteps,
  personalPayload,
  savePagesBefore,
  sealLessPayload,
  stepPaths,
  workplacePayload,
} from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';

// DECISIONS.md §5 and flows.ts saveRequirements: a save needs its predecessors (409 otherwise);
// going back and saving an earlier step again is fine until the PIN; after it every step is locked.

const conflict = { code: 'CONFLICT', message: expect.any(String) };

forEachDialect((dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
  });
  afterAll(() => app.close());

  const encryptFor = async (a: Applicant, pin: string) => {
    const keyCode = (await a.get('/api/public-key')).json().keyCode as string;
    const key = createPublicKey({ key: Buffer.from(keyCode, 'base64'), format: 'der', type: 'spki' });
    return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(pin)).toString('base64');
  };

  it('refuses the workplace before the personal data', async () => {
    const a = await applicant(app);
    const response = await a.post(stepPaths.workplace, workplacePayload);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(conflict);
    expect((await a.row()).workplaceSavedAt).toBeNull();
  });

  it('refuses the branch before the workplace', async () => {
    const a = await applicant(app);
    await savePagesBefore(a, 'workplace');
    expect((await a.post(stepPaths.branch, branchPayload)).json()).toEqual(conflict);
  });

  it('refuses seal-less before the branch', async () => {
    const a = await applicant(app);
    await savePagesBefore(a, 'branch');
    expect((await a.post(stepPaths.sealLess, sealLessPayload)).json()).toEqual(conflict);
  });

  it('refuses the PIN before seal-less', async () => {
    const a = await applicant(app);
    await savePagesBefore(a, 'seal-less');
    const response = await a.post('/api/pin', { code: await encryptFor(a, '2580') });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(conflict);
  });

  it('names, in a helper refused a save, the page and each step the save lacked', async () => {
    const a = await applicant(app);
    await savePagesBefore(a, 'workplace');
    await expect(postSteps(a, ['sealLess'], stepPaths, { sealLess: sealLessPayload }, {})).rejects.toThrow(
      /^saving sealLess \(page seal-less\) answered 409: it lacks (?!.*personal).*workplace \(page workplace\)/,
    );
  });

  it('answers the order conflict before looking at the payload', async () => {
    const a = await applicant(app);
    expect((await a.post(stepPaths.sealLess, { sealLess: 'nonsense' })).statusCode).toBe(409);
  });

  it('lets the applicant go back and save an earlier step again, keeping the later ones', async () => {
    const a = await applicant(app);
    await savePagesBefore(a, 'confirmation');
    expect((await a.post(stepPaths.personal, { ...personalPayload, firstName: '次郎' })).statusCode).toBe(204);
    expect((await a.post(stepPaths.workplace, { ...workplacePayload, workplaceName: '株式会社新天地' })).statusCode).toBe(204);
    expect(await a.row()).toMatchObject({ firstName: '次郎', workplaceName: '株式会社新天地', branchCode: '100', sealLess: 1, status: 'DRAFT' });
  });

  it('locks personal, workplace, branch and seal-less once the PIN is set', async () => {
    const a = await applicant(app);
    await savePagesBefore(a, 'confirmation');
    expect((await a.post('/api/pin', { code: await encryptFor(a, '2580') })).statusCode).toBe(204);
    for (const [path, payload] of [
      [stepPaths.personal, personalPayload],
      [stepPaths.workplace, workplacePayload],
      [stepPaths.branch, branchPayload],
      [stepPaths.sealLess, sealLessPayload],
    ] as const) {
      const response = await a.post(path, payload);
      expect(response.statusCode, path).toBe(409);
      expect(response.json()).toEqual(conflict);
    }
    expect((await a.post('/api/pin', { code: await encryptFor(a, '3691') })).statusCode).toBe(409);
    expect((await a.row()).firstName).toBe('太郎');
  });

  it('keeps one applicant’s saves away from another’s', async () => {
    const a = await applicant(app);
    const b = await applicant(app);
    await savePagesBefore(a, 'confirmation');
    expect((await b.post(stepPaths.workplace, workplacePayload)).statusCode).toBe(409);
    expect((await b.row()).lastName).toBeNull();
  });
});
