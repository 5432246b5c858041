import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import type { WorkerServer } from '../servers.ts';
import { createStaffByCommand, firstSignIn } from './admin.ts';
import { completeByApi } from './application-status.ts';
import type { ProviderPass } from './application-status.ts';
import { makeJpeg } from './ekyc.ts';
import { uniqueAddress } from './entry.ts';

// The eKYC evidence in the case view (decision 0240): a general application of 0177 completed through
// the applicant API with the provider passed as `ekyc` says, and a new reviewer opening its case.

const code = '0177';

export async function openCase(page: Page, server: WorkerServer, databaseUrl: string, login: string, applicationNumber: string): Promise<void> {
  const origin = server.baseURLFor(code);
  const oneTime = 'reviewer password e2e (one-time)';
  createStaffByCommand(databaseUrl, { bank: code, login, name: '審査 確認', role: 'REVIEWER', password: oneTime });
  await page.goto(`${origin}/admin/`);
  await firstSignIn(page, login, oneTime, 'reviewer password e2e');
  await expect(page.getByRole('heading', { name: '申込一覧' })).toBeVisible();
  await page.goto(`${origin}/admin/?applicationNumber=${applicationNumber}`);
  await page.getByRole('link', { name: applicationNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `申込詳細 ${applicationNumber}` })).toBeVisible();
}

export function completedWith(page: Page, request: APIRequestContext, server: WorkerServer, ekyc: (image: Buffer) => ProviderPass) {
  return (async () => {
    const image = await makeJpeg(page);
    return completeByApi(request, {
      origin: server.origin,
      host: new URL(server.baseURLFor(code)).host,
      ekycOrigin: server.ekycOrigin,
      bankCode: code,
      mailAddress: uniqueAddress('evidence'),
      type: 'GENERAL',
      document: image,
      ekyc: ekyc(image),
    });
  })();
}
