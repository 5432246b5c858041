import { bankCodes } from '@koza/domain/constants';
import { pageTitles } from '@koza/domain/flows';
import { expect, type Page } from '@playwright/test';
import { isActiveAt, readNotifications } from '@koza/data/reference';
import { devHostMap, hostName } from '@koza/domain/banks/banks';
import { confirmationQuestions as q, consentLabels, myNumberLabels, yesNoLabels } from '@koza/domain/confirmation-questions';

// Steps of the entry pages shared by the specs, by role and label only.

export const landing = {
  noticeTitle: '重要なお知らせ',
  noticeConfirm: '確認しました。口座開設へ進む',
  maintenanceTitle: 'メンテナンス中',
  browserTitle: 'ご注意',
  backToIntroduction: 'サービス紹介ページへ戻る',
  close: '閉じる',
} as const;

export const termHeading = pageTitles.term;
export const verificationHeading = pageTitles.verification;

const notices = readNotifications();

/**
 * Whether the entry page at `url` opens the notice modal by itself: the data (data/files/
 * notifications.json) has an active notice for the host's bank without a channel, or, with
 * ?channel=, one for that channel (any bank or this one). Notices are optional per bank.
 */
function opensNotice(url: string): boolean {
  const { host, searchParams } = new URL(url);
  const bankCode = devHostMap[hostName(host)];
  if (bankCode === undefined) return true;
  const channel = searchParams.get('channel');
  const now = new Date();
  return notices.some(
    (n) =>
      isActiveAt(n, now) &&
      (channel ? n.channel === channel && (n.bankCode === null || n.bankCode === bankCode) : n.channel === null && n.bankCode === bankCode),
  );
}

/** Waits for the notice modal the bank shows on landing (data/files/notifications.json), if it has one, and closes it. */
export async function dismissNotice(page: Page): Promise<void> {
  if (!opensNotice(page.url())) return;
  const dialog = page.getByRole('dialog', { name: landing.noticeTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: landing.noticeConfirm }).click();
  await expect(dialog).toBeHidden();
}

export const question = {
  firstAccount: q.firstAccount.title,
  identityDocument: q.identityDocument.title,
  adult: q.adult.title,
  conditions: new RegExp(q.conditions.title.ja),
  regulations: q.regulations.title,
  myNumber: q.myNumber.title,
} as const;

export async function choose(page: Page, group: string | RegExp, label: string): Promise<void> {
  await page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label }).check();
}

export const nextButton = (page: Page) => page.getByRole('button', { name: '次へ', exact: true });

/** Answers all eight questions positively, checking after each that Next is still disabled. */
export async function answerAllPositively(page: Page): Promise<void> {
  const steps: (() => Promise<void>)[] = [
    () => choose(page, question.firstAccount, yesNoLabels.yes),
    () => choose(page, question.identityDocument, yesNoLabels.yes),
    () => choose(page, question.adult, yesNoLabels.yes),
    () => choose(page, question.conditions, yesNoLabels.yes),
    () => choose(page, question.regulations, consentLabels.yes),
    () => choose(page, question.myNumber, myNumberLabels.doNotWish),
    () => page.getByRole('checkbox', { name: q.passbookLess.confirm }).check(),
    () => page.getByRole('checkbox', { name: q.sealLess.confirm }).check(),
  ];
  await answerInOrder(page, steps);
}

/** Answers questions in order, checking before each that Next is still disabled, and after the last that it is enabled. */
export async function answerInOrder(page: Page, steps: readonly (() => Promise<void>)[]): Promise<void> {
  for (const step of steps) {
    await expect(nextButton(page)).toBeDisabled();
    await step();
  }
  await expect(nextButton(page)).toBeEnabled();
}

/** A fresh address per test: the API limits mails per address. */
export function uniqueAddress(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.jp`;
}

interface DevMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** Reads the newest code sent to an address from the dev mailbox (GET /__dev/mails). */
export async function readCode(origin: string, address: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/__dev/mails?to=${encodeURIComponent(address)}`);
    if (response.ok) {
      const mails = (await response.json()) as DevMail[];
      const code = mails[0]?.text.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code arrived for ${address}`);
}

/** An ISO 8601 instant with the +09:00 offset the API uses. */
export function toJapanIso(date: Date): string {
  const japan = new Date(date.getTime() + 9 * 60 * 60 * 1000);
  return `${japan.toISOString().slice(0, 19)}+09:00`;
}

/** Independent of the web's formatter: 2025年1月12日 1:00 in Japan time. */
export function japaneseDateTime(date: Date): string {
  const japan = new Date(date.getTime() + 9 * 60 * 60 * 1000);
  const minutes = String(japan.getUTCMinutes()).padStart(2, '0');
  return `${japan.getUTCFullYear()}年${japan.getUTCMonth() + 1}月${japan.getUTCDate()}日 ${japan.getUTCHours()}:${minutes}`;
}

/**
 * Whether a behaviour that does not depend on the bank runs on this bank: the `index`-th such
 * behaviour of a spec runs once, on bankCodes[index] (modulo the banks), so the banks take turns
 * (decisions 0254, 0255).
 */
export const onceOn = (code: string, index: number): boolean => code === bankCodes[index % bankCodes.length];
