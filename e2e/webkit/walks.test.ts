import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { getBank } from '@koza/domain/banks/banks';
import { childBeforeCheckConfirmations } from '@koza/domain/child-before-check';
import { childConditionsTitle, confirmationQuestions as q, consentLabels, myNumberLabels, yesNoLabels } from '@koza/domain/confirmation-questions';
import type { BankCode } from '@koza/domain/constants';
import { supplementaryDocumentLabels, supplementChecks } from '@koza/domain/steps/child-documents';
import { startServers, type WorkerServer } from '../servers.ts';
import { landing, question, readCode, uniqueAddress } from '../support/entry.ts';
import { applicant, generalFlowData, headings } from '../support/general-flow.ts';
import { child, childHeadings, parent } from '../support/child-flow.ts';
import { childButtons, childHeadings as childDocumentHeadings } from '../support/child-documents.ts';
import { ekycButtons, ekycHeadings, outcomes } from '../support/ekyc.ts';
import { startWebKit, type Name, type WebKit, type WebKitPage } from './browser.ts';

// The applicant web in WebKit, iPhone Safari's engine (issue 36, decision 0226): WebKitGTK's
// MiniBrowser at 390×844 with an iPhone user agent, driven through WebDriver, walks the general flow of
// one bank and the child flow to their completion pages, through the UI only, failing on any error
// the pages report. Part of `npm test` (scripts/test.ts), under Xvfb:
//   xvfb-run -a node --test e2e/webkit/walks.test.ts
// The checks of each screen (axe, tap targets, messages) are the Chromium specs'; this is the engine.

const bankCode: BankCode = '0177';
const bank = getBank(bankCode);
const data = generalFlowData[bankCode];
const captureSteps = ['本人確認書類（表面）', '本人確認書類（裏面）', '本人確認書類（斜めから・厚みの確認）', '顔写真（自撮り）'];

let server: WorkerServer & { close(): Promise<void> };
let webkit: WebKit;
let files: string;
let jpeg: string;

before(
  async () => {
    files = mkdtempSync(join(tmpdir(), 'koza-webkit-files-'));
    // A photo as a phone's library holds one (the API decodes every upload).
    jpeg = join(files, 'photo.jpg');
    const noise = Buffer.alloc(800 * 600 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    writeFileSync(
      jpeg,
      await sharp(noise, { raw: { width: 800, height: 600, channels: 3 } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
    [server, webkit] = await Promise.all([startServers({ name: 'webkit' }), startWebKit()]);
  },
  { timeout: 120_000 },
);

after(async () => {
  await webkit?.close();
  await server?.close();
  rmSync(files, { recursive: true, force: true });
});

const next = (page: WebKitPage) => page.press('button', '次へ', { exact: true });

async function dismissNotice(page: WebKitPage): Promise<void> {
  const dialog = await page.find('dialog', landing.noticeTitle);
  await page.press('button', landing.noticeConfirm, { within: dialog });
  await page.gone('dialog', landing.noticeTitle);
}

async function choose(page: WebKitPage, group: Name, label: string): Promise<void> {
  await page.check('radio', label, { exact: true, within: await page.find('radiogroup', group) });
}

/** The mail address, the code from the development mailbox, then Next to `personalHeading`. */
async function verifyMail(page: WebKitPage, label: string, personalHeading: string, on: WorkerServer = server): Promise<void> {
  const mailAddress = uniqueAddress(label);
  await page.fill('メールアドレス', mailAddress);
  await page.press('button', '送信する');
  await page.fill('認証コード', await readCode(on.origin, mailAddress));
  await next(page);
  await page.heading(personalHeading, 20_000);
}

async function fillName(page: WebKitPage, name: { lastName: string; firstName: string; kanaLastName: string; kanaFirstName: string }): Promise<void> {
  await page.fill('姓', name.lastName, { exact: true });
  await page.fill('名', name.firstName, { exact: true });
  await page.fill('セイ', name.kanaLastName, { exact: true });
  await page.fill('メイ', name.kanaFirstName, { exact: true });
}

async function fillBirthday(page: WebKitPage, year: string, month: string, day: string): Promise<void> {
  await page.select('生年月日（年）', year);
  await page.select('生年月日（月）', month);
  await page.select('生年月日（日）', day);
}

async function fillPhone(page: WebKitPage, label: string, parts: readonly string[]): Promise<void> {
  for (const [i, part] of parts.entries()) await page.fill(`${label}（${i + 1}つ目）`, part, { exact: true });
}

/** The postal code searched, the first address of the town chosen, the rest typed; waits for the kana suggestion. */
async function fillAddress(page: WebKitPage): Promise<void> {
  await page.fill(/^郵便番号/, data.postalNumber);
  await page.press('button', '住所検索');
  const dialog = await page.find('dialog', '住所の選択');
  await page.press('button', new RegExp(data.town), { within: dialog });
  await page.gone('dialog', '住所の選択');
  await page.fill(/^番地/, bank.exampleAddresses.address);
  await page.fill(/^建物名・部屋番号(?!（カナ）)/, bank.exampleAddresses.subAddress);
  await page.check('checkbox', bank.purposeChoices[0]!);
  // The kana of the building comes from the furigana lookup (the API loads its dictionary on first use).
  await page.driver.wait(async () => (await page.value('textbox', /^建物名・部屋番号（カナ）/)) !== '', 30_000, 'no kana suggestion for the building');
}

async function firstBranch(page: WebKitPage): Promise<void> {
  await page.check('radio', null, { within: await page.find('radiogroup', /お取引支店/) });
  await next(page);
}

async function setPin(page: WebKitPage, pin: string): Promise<void> {
  await page.fill(/^暗証番号(?!（)/, pin);
  await page.fill(/^暗証番号（確認用）/, pin);
  await page.press('button', '暗証番号を設定する');
  await page.press('button', 'OK', { exact: true, within: await page.find('dialog', '暗証番号の設定') });
}

/** At the simulator: the four photos from the library, the outcome 本人確認OK, 送信する. */
async function passEkycAtProvider(page: WebKitPage): Promise<void> {
  await page.press('button', ekycButtons.proceed);
  await page.heading(ekycHeadings.simulatorPhoto, 30_000);
  for (const step of captureSteps) await page.chooseFile(`${step}の写真を選ぶ`, jpeg);
  await page.check('radio', outcomes.PASSED, { exact: true });
  await page.press('button', ekycButtons.submit, { exact: true });
}

/** The child flow through the UI from the before-check to the PIN, on a server. */
async function childThroughPin(page: WebKitPage, on: WorkerServer): Promise<void> {
  await page.goto(`${on.baseURLFor(bankCode)}/child/before-check`);
  await dismissNotice(page);
  await page.heading(childHeadings.beforeCheck);
  await page.check('checkbox', childBeforeCheckConfirmations.notes);
  await page.check('checkbox', childBeforeCheckConfirmations.preparation);
  await next(page);

  await page.heading(childHeadings.term);
  await choose(page, new RegExp(childConditionsTitle.ja.replace('？', '')), yesNoLabels.yes);
  await choose(page, q.regulations.title, consentLabels.yes);
  await choose(page, q.myNumber.title, myNumberLabels.doNotWish);
  await page.check('checkbox', q.passbookLess.confirm);
  await page.check('checkbox', q.sealLess.confirm);
  await next(page);
  await page.heading(childHeadings.verification);
  await verifyMail(page, 'webkit-child', childHeadings.personal, on);

  await fillName(page, child);
  await fillBirthday(page, child.birthYear, child.birthMonth, child.birthDay);
  await page.check('radio', '男性', { exact: true });
  await fillPhone(page, '携帯電話番号', child.mobile);
  await fillAddress(page);
  await page.select(/^職業/, child.occupation);
  await page.fill(/^勤務先名/, child.school);
  await next(page);

  await page.heading(childHeadings.parent);
  await page.fill('名', parent.firstName, { exact: true });
  await page.fill('メイ', parent.kanaFirstName, { exact: true });
  await fillBirthday(page, parent.birthYear, parent.birthMonth, parent.birthDay);
  await page.check('radio', parent.relationship, { exact: true });
  await fillPhone(page, '携帯電話番号', parent.mobile);
  await page.select(/^職業/, parent.occupation);
  await page.fill(/^勤務先名/, parent.workplaceName);
  await fillPhone(page, '勤務先電話番号', parent.workplacePhone);
  await next(page);

  await page.heading(childHeadings.branch);
  await firstBranch(page);
  await page.heading(childHeadings.confirmation);
  await page.check('checkbox', '確認しました');
  await next(page);
  await page.heading(childHeadings.pin);
  await setPin(page, parent.pin);
}

async function receiptNumber(page: WebKitPage): Promise<string> {
  const text = (await page.driver.executeScript('return document.body.innerText')) as string;
  return /0177-\d{8}-\d{6}/.exec(text)?.[0] ?? '';
}

describe('WebKit (iPhone Safari engine) at 390×844', () => {
  it(`general flow of ${bank.name} (${bankCode}) to the completion page`, { timeout: 180_000 }, async () => {
    const { page } = webkit;
    await page.goto(`${server.baseURLFor(bankCode)}/term`);
    assert.deepEqual(await page.driver.executeScript('return [innerWidth, innerHeight, /iPhone/.test(navigator.userAgent)]'), [390, 844, true]);
    await dismissNotice(page);
    await choose(page, question.firstAccount, yesNoLabels.yes);
    await choose(page, question.identityDocument, yesNoLabels.yes);
    await choose(page, question.adult, yesNoLabels.yes);
    await choose(page, question.conditions, yesNoLabels.yes);
    await choose(page, question.regulations, consentLabels.yes);
    await choose(page, question.myNumber, myNumberLabels.doNotWish);
    await page.check('checkbox', q.passbookLess.confirm);
    await page.check('checkbox', q.sealLess.confirm);
    await next(page);
    await verifyMail(page, 'webkit-general', headings.personal);

    await fillName(page, applicant);
    await fillBirthday(page, applicant.birthYear, applicant.birthMonth, applicant.birthDay);
    await page.check('radio', '女性', { exact: true });
    await fillPhone(page, '携帯電話番号', applicant.mobile);
    await fillAddress(page);
    await next(page);

    await page.heading(headings.workplace);
    await page.select(/^職業/, applicant.occupation);
    await page.fill(/^勤務先名/, applicant.workplaceName);
    await fillPhone(page, '勤務先電話番号', applicant.workplacePhone);
    await next(page);

    await page.heading(headings.branch);
    await firstBranch(page);
    await page.heading(headings.sealLess);
    await next(page);
    await page.heading(headings.confirmation);
    await page.check('checkbox', '確認しました');
    await next(page);

    await page.heading(headings.pin);
    await setPin(page, applicant.pin);
    await page.heading(headings.ekycPreparation);
    await passEkycAtProvider(page);

    await page.heading(ekycHeadings.complete, 45_000);
    assert.match(await receiptNumber(page), /^0177-\d{8}-\d{6}$/);
    await page.find('img', `${bank.name}のキャッシュカード`);
    assert.deepEqual(page.problems, []);
  });

  it(`child flow of ${bank.name} (${bankCode}) to the completion page`, { timeout: 180_000 }, async () => {
    const { page } = webkit;
    await childThroughPin(page, server);

    // The child's documents: the individual number card, then a certificate of residence with every check.
    await page.heading(childDocumentHeadings.preparation);
    await page.press('button', childButtons.next, { exact: true });
    await page.heading(childDocumentHeadings.card);
    await page.chooseFile(childButtons.library, jpeg);
    await page.find('img', '撮影したお子さまのマイナンバーカードの写真');
    await page.press('button', childButtons.send);
    await page.heading(childDocumentHeadings.supplementary);
    const certificate = supplementaryDocumentLabels.CERTIFICATE_RESIDENCE;
    await page.check('radio', new RegExp(`^${certificate}`));
    await page.press('button', childButtons.next, { exact: true });
    await page.chooseFile(childButtons.library, jpeg);
    await page.find('img', `撮影した${certificate}の写真`);
    for (const check of supplementChecks.CERTIFICATE_RESIDENCE) await page.check('checkbox', check.label);
    await page.press('button', childButtons.send);

    // The parent's eKYC at the provider.
    await page.heading(childDocumentHeadings.parentPreparation);
    await passEkycAtProvider(page);
    await page.heading(childDocumentHeadings.complete, 45_000);
    assert.match(await receiptNumber(page), /^0177-\d{8}-\d{6}$/);
    assert.match(await page.url(), /\/child\/complete$/);
    assert.deepEqual(page.problems, []);
  });

  // Decision 0248: from the amended ordinance on, the child's own IC-chip card and face are read at the
  // provider (on the parent's phone) before the parent's IC chip and face; a server whose cut-over is past.
  it(`child flow of ${bank.name} (${bankCode}) after the amended ordinance to the completion page`, { timeout: 240_000 }, async () => {
    const { page } = webkit;
    const amended = await startServers({ name: 'webkit-amended', apiEnv: { EKYC_JPKI_CUTOVER: '2020-04-01' } });
    try {
      await childThroughPin(page, amended);
      await page.heading(childDocumentHeadings.preparation);
      await choose(page, /ICチップ付きのマイナンバーカード/, 'はい');
      await page.press('button', childButtons.next, { exact: true });
      await page.heading(childDocumentHeadings.parentPreparation);
      await page.press('button', ekycButtons.proceed);
      await page.heading('お子さまのマイナンバーカードの読み取り', 30_000);
      await page.fill('お子さまのカードの暗証番号', '5678');
      await page.press('button', 'ICチップを読み取る');
      await page.heading('お子さまの顔写真の撮影');
      await page.chooseFile('お子さまの顔写真の写真を選ぶ', jpeg);
      await page.press('button', ekycButtons.submit, { exact: true });
      await page.heading('マイナンバーカードで本人確認');
      await page.press('button', 'ICチップと顔写真で本人確認する');
      await page.heading('ICチップの読み取り');
      await page.fill('カードの暗証番号', '1234');
      await page.press('button', 'ICチップを読み取る');
      await page.heading('顔写真の撮影');
      await page.chooseFile('顔写真（自撮り）の写真を選ぶ', jpeg);
      await page.check('radio', outcomes.PASSED, { exact: true });
      await page.press('button', ekycButtons.submit, { exact: true });
      await page.heading(childDocumentHeadings.complete, 45_000);
      assert.match(await receiptNumber(page), /^0177-\d{8}-\d{6}$/);
      assert.deepEqual(page.problems, []);
    } finally {
      await amended.close();
    }
  });
});
