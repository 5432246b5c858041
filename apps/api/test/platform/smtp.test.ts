import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import PostalMime from 'postal-mime';
import { banks } from '@koza/domain/banks/banks';
import { messages } from '@koza/domain/messages';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp, testTempDir } from '../helpers/app.ts';
import { hosts, uniqueIp, uniqueMailAddress } from '../helpers/auth.ts';

// With SMTP_URL the code leaves by real SMTP (DECISIONS.md §4): a real SMTP server runs in a
// separate process (helpers/smtp-sink.ts), and the received message is parsed with postal-mime.

const sinkScript = fileURLToPath(new URL('../helpers/smtp-sink.ts', import.meta.url));

async function startSink(dir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [sinkScript, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.on('exit', (code) => reject(new Error(`smtp sink exited with ${code}`)));
    setTimeout(() => reject(new Error('smtp sink did not start')), 15_000);
  });
  return { child, port };
}

async function waitForFile(path: string): Promise<void> {
  for (let i = 0; i < 100 && !existsSync(path); i++) await new Promise((r) => setTimeout(r, 50));
  if (!existsSync(path)) throw new Error(`${path} not received`);
}

forEachDialect((dialect) => {
  let sink: { child: ChildProcess; port: number };
  let dir: string;
  let app: App;
  beforeAll(async () => {
    dir = testTempDir('smtp-');
    sink = await startSink(dir);
    app = await createTestApp({
      db: await dialect.createDb(),
      env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM_0587: 'Koza <web-koza@kumamoto-bank.example.jp>' },
    });
  });
  afterAll(async () => {
    await app?.close();
    sink?.child.kill('SIGTERM');
  });

  it("delivers the Japanese code mail by SMTP from the bank's sender", async () => {
    const to = uniqueMailAddress('smtp');
    const response = await app.inject({
      method: 'POST',
      url: '/api/verification-codes/register',
      headers: { host: hosts['0587'] },
      remoteAddress: uniqueIp(),
      payload: { bankCode: '0587', mailAddress: to, applicationType: 'GENERAL' },
    });
    expect(response.statusCode).toBe(204);
    await waitForFile(join(dir, '1.eml'));

    const envelope = JSON.parse(readFileSync(join(dir, '1.json'), 'utf8')) as { from: string; to: string[] };
    expect(envelope).toEqual({ from: 'web-koza@kumamoto-bank.example.jp', to: [to] });
    const raw = readFileSync(join(dir, '1.eml'));
    expect(raw.toString('latin1')).toMatch(/charset=utf-8/i);
    const mail = await PostalMime.parse(raw);
    expect(mail.from).toEqual({ name: '熊本銀行', address: 'web-koza@kumamoto-bank.example.jp' });
    expect(mail.to).toEqual([{ name: '', address: to }]);
    expect(mail.subject).toContain('熊本銀行');
    expect(mail.subject).toContain('認証コード');
    expect(mail.text).toMatch(/認証コード：\d{6}/);
    expect(mail.text).toContain('10分間');
    expect(mail.text).toContain(banks['0587'].contact.phoneNumber);
    expect(mail.html).toBeUndefined();

    // Nothing went to the embedded outbox.
    const outbox = await app.inject({ method: 'GET', url: `/__dev/mails?to=${encodeURIComponent(to)}`, headers: { host: hosts['0587'] } });
    expect(outbox.json()).toEqual([]);
  });
});

forEachDialect((dialect) => {
  it('answers 503 MAIL_UNAVAILABLE with Retry-After when the mail server cannot be reached, and logs no address', async () => {
    const lines: string[] = [];
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const app = await createTestApp({
      db: await dialect.createDb(),
      env: { SMTP_URL: 'smtp://127.0.0.1:1' },
      logger: { stream: { write: (line) => void lines.push(line) }, level: 'trace' },
    });
    const to = uniqueMailAddress('smtp-down');
    const response = await app.inject({
      method: 'POST',
      url: '/api/verification-codes/register',
      headers: { host: hosts['0177'] },
      remoteAddress: uniqueIp(),
      payload: { bankCode: '0177', mailAddress: to, applicationType: 'GENERAL' },
    });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toEqual({ code: 'MAIL_UNAVAILABLE', message: messages.systemError });
    const log = lines.join('');
    expect(log).toContain('"code":"MAIL_UNAVAILABLE"');
    expect(log).toMatch(/"cause":"E[A-Z]+"/); // nodemailer's error code, nothing of its message
    expect(log).not.toContain(to);
    expect(log).not.toContain(to.split('@')[0]);
  });
});
