import { afterAll, beforeAll, expect, it } from 'vitest';
import { saveRequirements } from '@koza/domain/flows';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { childPersonalPayload, childWorkplacePayload, sealLessPayload, stepPaths } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';
import {
  childApplicant,
  childPayloads as payloads,
  childStepPaths,
  childSteps as steps,
  parentWorkplacePayload,
  readyChildApplicant,
  saveChildBefore,
  saveChildThrough,
  uploadAs,
} from '../helpers/child-application.ts';
import { startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import { createEkycApp, finishEkycWithWebhook, goodPin, postEmpty, setPin, startEkyc } from '../helpers/ready-application.ts';

// DECISIONS.md §5 for the child sequence (SPEC.md §4; flows.ts saveRequirements.CHILD): the child's
// personal data and workplace, the parent's personal data and workplace and the branch in the order
// flows.ts gives them (no seal-less screen in the child flow), then the PIN, the child's card, the
// supplementary document, the parent's eKYC. Each call before its predecessors → 409; after the PIN
// the inputs are locked; the documents are locked once the parent's eKYC has passed. The steps'
// order is read from flows.ts: a reorder there moves these tests with it.

const conflict = { code: 'CONFLICT', message: expect.any(String) };

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());

forEachDialect((dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createEkycApp(await dialect.createDb(), { providerUrl: fake.url });
  });
  afterAll(() => app?.close());

  const expectConflict = async (a: Applicant, path: string, payload: object) => {
    const response = await a.post(path, payload);
    expect(response.statusCode, `${path} → ${response.body}`).toBe(409);
    expect(response.json()).toEqual(conflict);
  };

  it('refuses every step before its predecessors, in flow order', async () => {
    const a = await childApplicant(app);
    for (let done = 0; done < steps.length; done++) {
      // Every step after the next one is refused.
      for (const later of steps.slice(done + 1)) await expectConflict(a, childStepPaths[later], payloads[later]);
      const next = steps[done]!;
      expect((await a.post(childStepPaths[next], payloads[next])).statusCode, next).toBe(204);
    }
    const row = await a.row();
    expect(row).toMatchObject({ branchCode: '100', status: 'DRAFT' });
  });

  it('refuses the parent’s workplace before the parent, and the PIN before the last input step', async () => {
    const a = await childApplicant(app);
    await saveChildBefore(a, 'parentPersonal');
    await expectConflict(a, childStepPaths.parentWorkplace, parentWorkplacePayload);
    await saveChildThrough(a, steps.at(-2)!);
    await expect(setPin(a)).rejects.toThrow(/409/);
    expect((await a.row()).pinSetAt).toBeNull();
  });

  it('has no seal-less step and no current-address document in the child flow', async () => {
    const a = await childApplicant(app);
    await saveChildBefore(a, 'pin');
    await expectConflict(a, stepPaths.sealLess, sealLessPayload);
    await setPin(a);
    expect((await uploadAs(a, 'CURRENT_ADDRESS_DOCUMENT')).statusCode).toBe(409);
    expect((await a.row()).sealLess).toBeNull();
  });

  it('lets the applicant go back and save earlier steps again until the PIN', async () => {
    const a = await childApplicant(app);
    await saveChildBefore(a, 'pin');
    expect((await a.post(stepPaths.personal, { ...childPersonalPayload, firstName: '桜' })).statusCode).toBe(204);
    expect((await a.post(stepPaths.workplace, { ...childWorkplacePayload, workplaceName: '赤坂小学校' })).statusCode).toBe(204);
    expect((await a.post(childStepPaths.parentWorkplace, { ...parentWorkplacePayload, workplaceName: '株式会社天神' })).statusCode).toBe(204);
    expect(await a.row()).toMatchObject({ firstName: '桜', workplaceName: '赤坂小学校', branchCode: '100', parentWorkplaceSavedAt: expect.any(Number) });
    await setPin(a);
    expect((await a.row()).status).toBe('PIN_SET');
  });

  it('locks the child’s and the parent’s inputs and the branch once the PIN is set', async () => {
    const a = await readyChildApplicant(app);
    for (const step of steps) await expectConflict(a, childStepPaths[step], { ...payloads[step], firstName: '次郎' });
    await expect(setPin(a, '3691')).rejects.toThrow(/409/);
    const view = (await a.get('/api/applications')).json();
    expect(view.application.firstName).toBe('花子');
    expect(view.applicationParent.firstName).toBe('良子');
  });

  it('takes the documents only after the PIN, the card first, then the supplementary document', async () => {
    const a = await childApplicant(app);
    await saveChildBefore(a, 'pin');
    expect((await uploadAs(a, 'INDIVIDUAL_NUMBER_CARD')).statusCode).toBe(409);
    await setPin(a);
    expect((await uploadAs(a, 'CERTIFICATE_RESIDENCE')).json()).toEqual(conflict);
    expect((await uploadAs(a, 'MATERNITY_HANDBOOK')).statusCode).toBe(409);
    expect((await uploadAs(a, 'INDIVIDUAL_NUMBER_CARD')).statusCode).toBe(204);
    expect((await uploadAs(a, 'MATERNITY_HANDBOOK')).statusCode).toBe(204);
  });

  it('starts the parent’s eKYC only after both documents (409 naming what is missing)', async () => {
    const a = await readyChildApplicant(app);
    const none = await startEkyc(a);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'CONFLICT', missingSteps: ['identificationDocument', 'supplementaryDocument'] });
    expect((await uploadAs(a, 'INDIVIDUAL_NUMBER_CARD')).statusCode).toBe(204);
    expect((await startEkyc(a)).json()).toMatchObject({ missingSteps: ['supplementaryDocument'] });
    expect((await uploadAs(a, 'CERTIFICATE_RESIDENCE')).statusCode).toBe(204);
    expect((await startEkyc(a)).statusCode).toBe(200);
    expect((await a.row()).status).toBe('EKYC_IN_PROGRESS');
  });

  it('lets the documents be retaken while the parent’s eKYC is open, and locks them once it passed', async () => {
    const a = await readyChildApplicant(app);
    expect((await uploadAs(a, 'INDIVIDUAL_NUMBER_CARD')).statusCode).toBe(204);
    expect((await uploadAs(a, 'CERTIFICATE_RESIDENCE')).statusCode).toBe(204);
    expect((await startEkyc(a)).statusCode).toBe(200);
    expect((await uploadAs(a, 'CERTIFICATE_RESIDENCE')).statusCode).toBe(204);
    await finishEkycWithWebhook(a, fake, 'PASSED');
    expect((await a.row()).status).toBe('READY');
    for (const type of ['INDIVIDUAL_NUMBER_CARD', 'CERTIFICATE_RESIDENCE', 'MATERNITY_HANDBOOK']) {
      expect((await uploadAs(a, type)).statusCode, type).toBe(409);
    }
  });

  it('refuses to complete before every step, naming what is missing', async () => {
    // Saved up to the parent: what is missing is every later step, in flow order.
    const early = await childApplicant(app);
    await saveChildBefore(early, 'parentWorkplace');
    const saved = saveRequirements.CHILD.parentWorkplace!;
    const beforeParentWorkplace = await postEmpty(early, '/api/application-complete');
    expect(beforeParentWorkplace.statusCode).toBe(409);
    expect(beforeParentWorkplace.json()).toMatchObject({
      code: 'CONFLICT',
      missingSteps: saveRequirements.CHILD.complete!.filter((s) => !saved.includes(s)),
    });

    const a = await readyChildApplicant(app);
    expect((await postEmpty(a, '/api/application-complete')).json()).toMatchObject({
      missingSteps: ['identificationDocument', 'supplementaryDocument', 'ekyc'],
    });
    expect((await uploadAs(a, 'INDIVIDUAL_NUMBER_CARD')).statusCode).toBe(204);
    expect((await uploadAs(a, 'MATERNITY_HANDBOOK')).statusCode).toBe(204);
    expect((await postEmpty(a, '/api/application-complete')).json()).toMatchObject({ missingSteps: ['ekyc'] });
    await startEkyc(a);
    expect((await postEmpty(a, '/api/application-complete')).json()).toMatchObject({ missingSteps: ['ekyc'] });
    expect((await a.row()).applicationNumber).toBeNull();
  });

  it('refuses a PIN that the parent’s phone numbers or birthday give away', async () => {
    const a = await childApplicant(app);
    await saveChildBefore(a, 'pin');
    // 080-1111-2222 is the parent's mobile; 0505 the parent's birthday (1985-05-05).
    for (const pin of ['2222', '0505']) {
      await expect(setPin(a, pin), pin).rejects.toThrow(/400/);
    }
    await setPin(a, goodPin);
  });
});
