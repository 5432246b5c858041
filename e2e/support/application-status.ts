import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { applicantStatusLabels, statusText, type ApplicantStatus } from '@koza/domain/application-status';
import type { BankCode } from '@koza/domain/constants';
import type { ApiCall } from './api-walk.ts';
import { applyChildThroughPinByApi, applyThroughPinByApi } from './ekyc.ts';
import { generalFlowData } from './general-flow.ts';
import { readCode } from './entry.ts';

// お申込み状況の確認 in e2e (decision 0192): applications completed through the applicant API (general
// or child, any bank), staff acting in the back office's screens, and the applicant's status page.

/**
 * How the eKYC session the API opened is passed: the simulator's test call (no camera), the four
 * captures posted on its page as the phone sends them (the provider keeps them), or JPKI's card read
 * and confirmation (after the cut-over).
 */
export type ProviderPass = { by: 'simulate'; outcome: 'PASSED' | 'ADDRESS_MISMATCH' } | { by: 'captures'; image: Buffer } | { by: 'jpki' };

async function passAtProvider(request: APIRequestContext, url: string, ekycOrigin: string, how: ProviderPass): Promise<void> {
  const page = new URL(url);
  const sessionId = decodeURIComponent(/\/s\/([^/?]+)/.exec(url)![1]!);
  const answer =
    how.by === 'simulate'
      ? await request.fetch(`${ekycOrigin}/v1/sessions/${encodeURIComponent(sessionId)}/simulate`, {
          method: 'POST',
          headers: { 'x-api-key': 'dev-ekyc-api-key' }, // the development key the worker's API and simulator share
          data: { outcome: how.outcome },
        })
      : how.by === 'captures'
        ? await request.fetch(`${page.origin}${page.pathname}/submit${page.search}`, {
            method: 'POST',
            maxRedirects: 0,
            multipart: Object.fromEntries([
              ['outcome', 'PASSED'],
              ...['front', 'back', 'tilt', 'face'].map((step) => [step, { name: `${step}.jpg`, mimeType: 'image/jpeg', buffer: how.image }]),
            ]),
          })
        : await (async () => {
            const read = await request.fetch(`${page.origin}${page.pathname}/jpki/read${page.search}`, {
              method: 'POST',
              maxRedirects: 0,
              form: { password: 'ABCD1234' },
            });
            if (read.status() !== 303) throw new Error(`the JPKI read answered ${read.status()}`);
            return request.fetch(`${page.origin}${page.pathname}/submit${page.search}`, { method: 'POST', maxRedirects: 0, form: { outcome: 'PASSED' } });
          })();
  if (!answer.ok() && answer.status() !== 303) throw new Error(`the provider answered ${answer.status()}`);
}

/** The provider passes the eKYC session the API opened, and the API sees status 4. */
export async function passEkycByApi(request: APIRequestContext, call: ApiCall, ekycOrigin: string, how: ProviderPass): Promise<void> {
  const { url } = (await call('POST', '/api/ekyc', { supplement: false })) as { url: string };
  await passAtProvider(request, url, ekycOrigin, how);
  await expect.poll(async () => ((await call('POST', '/api/ekyc/status')) as { status: number }).status).toBe(4);
}

/**
 * An application of `bankCode` completed through the applicant API: a general one (PIN, eKYC passed),
 * or a child one (the child's card and certificate of residence uploaded, the parent's eKYC passed).
 */
export async function completeByApi(
  request: APIRequestContext,
  o: {
    origin: string;
    host: string;
    ekycOrigin: string;
    bankCode: BankCode;
    mailAddress: string;
    type: 'GENERAL' | 'CHILD';
    document: Buffer;
    ekyc?: ProviderPass;
  },
): Promise<string> {
  const applicant = {
    origin: o.origin,
    host: o.host,
    bankCode: o.bankCode,
    mailAddress: o.mailAddress,
    postalNumber: generalFlowData[o.bankCode].postalNumber,
  };
  const { token, call } = o.type === 'CHILD' ? await applyChildThroughPinByApi(request, applicant) : await applyThroughPinByApi(request, applicant);
  if (o.type === 'CHILD') {
    for (const type of ['INDIVIDUAL_NUMBER_CARD', 'CERTIFICATE_RESIDENCE']) {
      const uploaded = await request.fetch(`${o.origin}/api/documents`, {
        method: 'POST',
        headers: { host: o.host, authorization: `Bearer ${token}` },
        multipart: { type, image: { name: 'document.jpg', mimeType: 'image/jpeg', buffer: o.document } },
      });
      if (!uploaded.ok()) throw new Error(`POST /api/documents answered ${uploaded.status()}: ${await uploaded.text()}`);
    }
  }
  await passEkycByApi(request, call, o.ekycOrigin, o.ekyc ?? { by: 'simulate', outcome: 'PASSED' });
  return ((await call('POST', '/api/application-complete')) as { applicationNumber: string }).applicationNumber;
}

/** On /status: the address and the receipt number, then the code from the dev mailbox. */
export async function askStatus(page: Page, serverOrigin: string, mailAddress: string, applicationNumber: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: statusText.title })).toBeVisible();
  await page.getByRole('textbox', { name: statusText.mailLabel }).fill(mailAddress);
  await page.getByRole('textbox', { name: statusText.numberLabel }).fill(applicationNumber);
  await page.getByRole('button', { name: statusText.send }).click();
  await expect(page.getByRole('heading', { level: 2, name: statusText.codeStep })).toBeVisible();
  const code = await readCode(serverOrigin, mailAddress);
  await page.getByRole('textbox', { name: statusText.codeLabel }).fill(code);
  await page.getByRole('button', { name: statusText.show }).click();
}

/** The state shown on /status. */
export async function expectStatus(page: Page, status: ApplicantStatus): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: statusText.resultStep })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${applicantStatusLabels[status]}$`) })).toBeVisible();
}
