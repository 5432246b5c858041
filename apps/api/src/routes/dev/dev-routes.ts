import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankCodes } from '@koza/domain/constants';
import type { Clock } from '../../adapters/clock.ts';
import type { Db } from '../../db/database.ts';
import { endDevMaintenance, recentOutboxMails, startDevMaintenance } from '../../services/platform/dev-tools.ts';
import { toJapanIso } from '../../services/platform/japan-iso-time.ts';
import { expireSessionsOfMailAddress } from '../../services/platform/sessions.ts';

// Development only (DECISIONS.md §4): app.ts does not register this plugin at all in production,
// so these paths answer 404 there. They let a person or a test read the mails of the embedded
// outbox, open and close a maintenance window, and end a session.

const mailItem = z.object({ to: z.string(), subject: z.string(), text: z.string(), sentAt: z.string() });
const instant = z.iso.datetime({ offset: true });

export const devRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get('/__dev/mails', { schema: { querystring: z.object({ to: z.string().min(1).max(254) }), response: { 200: z.array(mailItem) } } }, async (request) => {
    const mails = await recentOutboxMails(db, { to: request.query.to.trim(), limit: 50 });
    return mails.map((m) => ({ to: m.toAddress, subject: m.subject, text: m.textBody, sentAt: toJapanIso(m.sentAt ?? m.createdAt) }));
  });

  app.get('/__dev/mailbox', { schema: { querystring: z.object({ to: z.string().max(254).optional() }) } }, async (request, reply) => {
    const to = request.query.to?.trim() || undefined;
    const mails = await recentOutboxMails(db, { to, limit: 50 });
    return reply.type('text/html; charset=utf-8').send(mailboxPage(to, mails));
  });

  app.post(
    '/__dev/maintenance',
    {
      schema: {
        body: z
          .object({ startedAt: instant, endedAt: instant, bankCode: z.enum(bankCodes).nullish() })
          .refine((b) => Date.parse(b.startedAt) < Date.parse(b.endedAt), { path: ['endedAt'] }),
      },
    },
    async (request, reply) => {
      const { startedAt, endedAt, bankCode } = request.body;
      const id = await startDevMaintenance(db, { bankCode: bankCode ?? null, startedAt: Date.parse(startedAt), endedAt: Date.parse(endedAt) });
      return reply.code(201).send({ id });
    },
  );

  app.delete('/__dev/maintenance', async (_request, reply) => {
    await endDevMaintenance(db);
    return reply.code(204).send();
  });

  app.post('/__dev/sessions/expire', { schema: { body: z.object({ mailAddress: z.string().min(1).max(254) }) } }, async (request, reply) => {
    await expireSessionsOfMailAddress(db, request.body.mailAddress.trim(), clock.now().getTime());
    return reply.code(204).send();
  });
};

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A plain page: no script, no inline style (the CSP allows neither), everything escaped. */
function mailboxPage(
  to: string | undefined,
  mails: { toAddress: string; subject: string; textBody: string; sentAt: number | null; createdAt: number }[],
): string {
  const items = mails
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<dl><dt>宛先</dt><dd>${escapeHtml(m.toAddress)}</dd><dt>送信日時</dt><dd>${escapeHtml(toJapanIso(m.sentAt ?? m.createdAt))}</dd></dl>
<pre>${escapeHtml(m.textBody)}</pre>
</article>`,
    )
    .join('\n<hr>\n');
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>開発用メールボックス</title></head>
<body><main>
<h1>開発用メールボックス</h1>
<p>SMTP_URL が未設定のため、送信されたメールはここに保存されています（本番環境にはありません）。新しい順に最大50通を表示します。</p>
<form method="get" action="/__dev/mailbox"><label>宛先で絞り込む <input type="email" name="to" value="${escapeHtml(to ?? '')}"></label> <button type="submit">表示</button></form>
${mails.length === 0 ? '<p>メールはありません。</p>' : items}
</main></body></html>
`;
}
