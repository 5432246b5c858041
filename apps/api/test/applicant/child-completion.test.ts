import { afterAll, beforeAll, expect, it } from 'vitest';
import { ekycStatus } from '@koza/domain/constants';
import type { App } from '../../src/app.ts';
import { listDocuments } from '../../src/db/repositories/documents-repository.ts';
import { findLatestEkycSession } from '../../src/db/repositories/ekyc-sessions-repository.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { childPersonalPayload } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';
import { hosts } from '../helpers/auth.ts';
import { childApplicant, readyChildApplicant, saveChildBefore, uploadAs, uploadChildDocuments } from '../helpers/child-application.ts';
import { startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import {
  createEkycApp,
  finishEkycWithWebhook,
  imagePart,
  jpegBytes,
  pngBytes,
  postEmpty,
  sessionIdOf,
  setPin,
  startEkyc,
  uploadDocument,
} from '../helpers/ready-application.ts';

// A child application to the receipt (SPEC.md §2.2, §4; DECISIONS.md §5, §6): the child's card and
// supplementary document are uploaded to our API and kept per type (the latest counts); the
// parent's eKYC goes through the provider with the PARENT's name and birthday and the CHILD's
// address, and never carries the child's images; completion needs the card, the supplementary
// document and the parent's eKYC at status 4.

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());

forEachDialect((dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createEkycApp(await dialect.createDb(), { providerUrl: fake.url, publicBaseUrl: 'https://api.example.jp' });
  });
  afterAll(() => app?.close());

  const complete = (a: Applicant) => postEmpty(a, '/api/application-complete');

  it('completes with the card, a certificate of residence and the parent’s eKYC at 4, once', async () => {
    const a = await readyChildApplicant(app);
    const card = jpegBytes(64 * 1024);
    expect((await uploadAs(a, 'INDIVIDUAL_NUMBER_CARD', card)).statusCode).toBe(204);
    expect((await uploadAs(a, 'CERTIFICATE_RESIDENCE')).statusCode).toBe(204);

    fake.requests.length = 0;
    const started = await startEkyc(a);
    expect(started.statusCode).toBe(200);
    const create = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/sessions')!;
    // The parent is checked, living at the child's address.
    expect(create.body).toEqual({
      reference: expect.stringMatching(/^[0-9a-f-]{36}$/),
      returnUrl: `http://${hosts['0177']}/ekyc-callback`,
      callbackUrl: 'https://api.example.jp/api/ekyc/webhook',
      method: 'PHOTO_ID_AND_FACE',
      applicant: { name: '山田\u3000良子', birthday: '1985-05-05', address: '福岡県福岡市中央区天神1-2-3\u3000天神ハイツ101' },
    });

    // The provider answers PASSED to the pull (no webhook): status 4, no supplement.
    fake.statuses.set(sessionIdOf(started.json().url), 'PASSED');
    expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: ekycStatus.BANKER_PROCESSING, supplementRequired: false });
    expect((await a.row()).status).toBe('READY');

    const done = await complete(a);
    expect(done.statusCode).toBe(200);
    const receipt = done.json() as { applicationNumber: string; applicationCompletedAt: string };
    expect(receipt).toEqual({ applicationNumber: expect.stringMatching(/^0177-20260615-\d{6}$/), applicationCompletedAt: '2026-06-15T10:00:00+09:00' });
    expect((await complete(a)).json()).toEqual(receipt);
    expect(await a.row()).toMatchObject({ status: 'COMPLETED', applicationNumber: receipt.applicationNumber });

    // Nothing the provider received holds the child's card: only the session calls, no image bytes.
    for (const request of fake.requests) {
      expect(request.path).toMatch(/^\/v1\/sessions(\/[^/]+)?$/);
      const text = JSON.stringify(request.body ?? '');
      expect(text.length).toBeLessThan(1024);
      expect(text).not.toContain(card.subarray(4, 40).toString('base64').slice(0, 32));
    }
  });

  it('completes with a maternity handbook instead, through the signed webhook', async () => {
    const a = await readyChildApplicant(app);
    await uploadChildDocuments(a, 'MATERNITY_HANDBOOK');
    await finishEkycWithWebhook(a, fake, 'PASSED');
    expect((await complete(a)).statusCode).toBe(200);
  });

  it('asks no current-address supplement when the provider finds the parent’s address differs', async () => {
    const a = await readyChildApplicant(app);
    await uploadChildDocuments(a);
    await finishEkycWithWebhook(a, fake, 'ADDRESS_MISMATCH');
    expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: ekycStatus.BANKER_PROCESSING, supplementRequired: false });
    expect((await a.get('/api/ekyc')).json()).toMatchObject({ status: 4, supplementRequired: false });
    // The mismatch stays on the session for the bank's review.
    expect(await findLatestEkycSession(app.deps.db, a.applicationId)).toMatchObject({ providerStatus: 'ADDRESS_MISMATCH', supplementRequired: 0 });
    expect(await a.row()).toMatchObject({ status: 'READY', supplementRequired: 0 });
    expect((await complete(a)).statusCode).toBe(200);
  });

  it('does not complete after a rejected eKYC; a new session that passes does', async () => {
    const a = await readyChildApplicant(app);
    await uploadChildDocuments(a);
    await finishEkycWithWebhook(a, fake, 'FAILED');
    expect((await postEmpty(a, '/api/ekyc/status')).json()).toMatchObject({ status: ekycStatus.PROVIDER_REJECTED });
    expect((await complete(a)).json()).toMatchObject({ code: 'CONFLICT', missingSteps: ['ekyc'] });
    await finishEkycWithWebhook(a, fake, 'PASSED');
    expect((await complete(a)).statusCode).toBe(200);
  });

  it('keeps one document per type, the latest upload counting', async () => {
    const a = await readyChildApplicant(app);
    // Two different pictures (each stored re-encoded as JPEG): the stored digest tells which one counts.
    const cardOf = async () => (await listDocuments(app.deps.db, a.applicationId)).filter((d) => d.type === 'INDIVIDUAL_NUMBER_CARD');
    expect((await uploadAs(a, 'INDIVIDUAL_NUMBER_CARD', jpegBytes())).statusCode).toBe(204);
    const [first] = await cardOf();
    const png = uploadDocument(a, [{ name: 'type', value: 'INDIVIDUAL_NUMBER_CARD' }, imagePart(pngBytes(), 'image/png', 'card.png')]);
    expect((await png).statusCode).toBe(204);
    const [second, ...more] = await cardOf();
    expect(more).toEqual([]);
    expect(second?.sha256).not.toBe(first?.sha256);
    expect((await uploadAs(a, 'CERTIFICATE_RESIDENCE')).statusCode).toBe(204);
    expect((await uploadAs(a, 'MATERNITY_HANDBOOK')).statusCode).toBe(204);
    const docs = await listDocuments(app.deps.db, a.applicationId);
    expect(docs.map((d) => d.type).sort()).toEqual(['CERTIFICATE_RESIDENCE', 'INDIVIDUAL_NUMBER_CARD', 'MATERNITY_HANDBOOK']);
    expect(docs.find((d) => d.type === 'INDIVIDUAL_NUMBER_CARD')).toMatchObject({ sha256: second?.sha256 });
  });

  // A shorter pass for the two other banks, each with an address of its own branch's municipality.
  for (const [bankCode, postalNumber] of [
    ['0587', '8600012'],
    ['0181', '8500841'],
  ] as const) {
    it(`completes a child application of bank ${bankCode}`, async () => {
      const a = await childApplicant(app, { host: hosts[bankCode] });
      const [town] = (await a.get(`/api/addresses?postalNumber=${postalNumber}`)).json().addressList;
      const personal = {
        ...childPersonalPayload,
        postalNumber,
        addressCode: town.addressCode,
        addressPrefecture: town.prefecture,
        addressMunicipality: town.municipality,
        addressSection: town.section,
        addressChome: town.chome,
        kanaAddressPrefecture: town.kanaPrefecture,
        kanaAddressMunicipality: town.kanaMunicipality,
        kanaAddressSection: town.kanaSection,
        kanaAddressChome: town.kanaChome,
        subAddress: null,
        kanaSubAddress: null,
      };
      // The branch is the first the bank offers for the saved address, read when the branch is saved.
      const firstBranch = async (x: Applicant) => {
        const branches = (await x.get('/api/branch')).json().branchList as { code: string }[];
        expect(branches.length).toBeGreaterThan(0);
        return { branchCode: branches[0]!.code };
      };
      await saveChildBefore(a, 'pin', { personal, parentPersonal: { bankCode }, branch: firstBranch });
      await setPin(a);
      await uploadChildDocuments(a);
      await finishEkycWithWebhook(a, fake, 'PASSED');
      const done = await complete(a);
      expect(done.statusCode).toBe(200);
      expect(done.json().applicationNumber).toMatch(new RegExp(`^${bankCode}-20260615-\\d{6}$`));
    });
  }
});
