import { afterAll, beforeAll, expect, it } from 'vitest';
import { allBanks } from '@koza/domain/banks/banks';
import type { App } from '../../src/app.ts';
import { fixedClock } from '../../src/adapters/clock.ts';
import { verificationCodeMail } from '../../src/services/platform/mail-content.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { hosts, uniqueIp, uniqueMailAddress } from '../helpers/auth.ts';

// The code mail's content (DECISIONS.md §4) and the embedded outbox with its development mailbox.

it.each(allBanks.map((b) => [b.code, b] as const))('writes the code mail of %s from its bank data', (_code, bank) => {
  const mail = verificationCodeMail(bank, '042917');
  expect(mail.subject).toBe(`【${bank.name}】Web口座開設 認証コードのお知らせ`);
  expect(mail.text).toContain(`${bank.name} Web口座開設をご利用いただき`);
  expect(mail.text).toContain('認証コード：042917');
  expect(mail.text).toContain('10分間');
  expect(mail.text).toContain('このメールを破棄してください');
  expect(mail.text).toContain(`${bank.contact.centreName}\n電話番号：${bank.contact.phoneNumber}\n受付時間：${bank.contact.receptionHours}`);
  for (const other of allBanks.filter((b) => b.code !== bank.code)) expect(mail.text).not.toContain(other.name);
});

forEachDialect((dialect) => {
  const clock = fixedClock('2026-04-01T10:00:00+09:00');
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ db: await dialect.createDb(), clock });
  });
  afterAll(() => app.close());
  const register = (mailAddress: string, host: string = hosts['0177'], bankCode = '0177') =>
    app.inject({
      method: 'POST',
      url: '/api/verification-codes/register',
      headers: { host },
      remoteAddress: uniqueIp(),
      payload: { bankCode, mailAddress, applicationType: 'GENERAL' },
    });

  it('lists the mails of an address newest first, whatever the case of the address', async () => {
    const to = uniqueMailAddress('Mixed.Case');
    await register(to);
    clock.advance(31_000);
    await register(to, hosts['0181'], '0181');
    await register(uniqueMailAddress('someone.else'));
    const response = await app.inject({ method: 'GET', url: `/__dev/mails?to=${encodeURIComponent(to.toLowerCase())}` });
    expect(response.statusCode).toBe(200);
    const mails = response.json() as { to: string; subject: string; text: string; sentAt: string }[];
    expect(mails.map((m) => m.subject)).toEqual(['【十八親和銀行】Web口座開設 認証コードのお知らせ', '【福岡銀行】Web口座開設 認証コードのお知らせ']);
    expect(mails.map((m) => m.sentAt)).toEqual(['2026-04-01T10:00:31+09:00', '2026-04-01T10:00:00+09:00']);
    expect(mails[0]!.to).toBe(to);
    expect(Object.keys(mails[0]!).sort()).toEqual(['sentAt', 'subject', 'text', 'to']);
  });

  it('answers an empty list for an address without mail, and 400 without an address', async () => {
    expect((await app.inject({ method: 'GET', url: '/__dev/mails?to=nobody%40example.jp' })).json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/__dev/mails' })).statusCode).toBe(400);
  });

  it('shows a Japanese HTML mailbox with everything escaped and no script', async () => {
    const now = clock.now().getTime();
    await app.deps.db.kysely
      .insertInto('mailOutbox')
      .values({
        bankCode: '0177',
        toAddress: 'x@example.jp',
        subject: '<script>alert(1)</script>',
        textBody: 'a & b <img src=x onerror=alert(1)>',
        createdAt: now,
        sentAt: now,
      })
      .execute();
    const response = await app.inject({ method: 'GET', url: '/__dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('開発用メールボックス');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('a &amp; b &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/<script|<style|<img/i);
    expect(html).not.toMatch(/<[a-z][^>]*\s(on[a-z]+|style)=/i); // no handler or style attribute on any tag
    expect(html).toContain('【福岡銀行】Web口座開設 認証コードのお知らせ');

    const filtered = await app.inject({ method: 'GET', url: `/__dev/mailbox?to=${encodeURIComponent('x@example.jp')}` });
    expect(filtered.body).not.toContain('福岡銀行】');
    expect(filtered.body).toContain('value="x@example.jp"');
  });
});
