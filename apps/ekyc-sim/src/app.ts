import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { SimConfig } from './config.ts';
import { sniffImage } from './images.ts';
import { capturePage, captureSteps, homePage, icChipStartPage, jpkiConfirmPage, jpkiStartPage, messagePage, outcomeChoices } from './pages.ts';
import type { PageContext } from './pages.ts';
import { SessionService } from './sessions.ts';
import type { Clock, FinalStatus } from './sessions.ts';
import { Store } from './store.ts';
import type { CaptureInfo, Outcome, SessionRow, StoredImage } from './store.ts';
import { BackgroundWorker } from './webhooks.ts';

// The eKYC provider simulator (DECISIONS.md §6): a separate program that talks to the API only
// over HTTP. Server-to-server API under /v1 (X-Api-Key), the applicant's pages under /s/<id>,
// signed webhooks from a persisted queue.

export const maxImageBytes = 10 * 1024 * 1024;

export interface BuildOptions {
  readonly config: SimConfig;
  /** Epoch milliseconds; tests inject one to move past the one-hour expiry. */
  readonly clock?: Clock;
  /** First webhook retry delay (doubles each attempt). Default 1000 ms; tests shorten it. */
  readonly webhookBackoffMs?: number;
  /** How often the background loop looks for due work. Default 500 ms. */
  readonly pollMs?: number;
}

export interface SimInternals {
  readonly config: SimConfig;
  readonly store: Store;
  readonly sessions: SessionService;
  readonly worker: BackgroundWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    sim: SimInternals;
  }
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000);

const createSessionBody = z.object({
  reference: z.string().trim().min(1).max(100),
  returnUrl: httpUrl,
  callbackUrl: httpUrl,
  method: z.enum(['PHOTO_ID_AND_FACE', 'JPKI']).default('PHOTO_ID_AND_FACE'),
  applicant: z.object({
    name: z.string().trim().min(1).max(100),
    birthday: z.iso.date(),
    address: z.string().trim().min(1).max(300),
    gender: z.enum(['男', '女']).optional(),
  }),
});

/** `read`: fields the document read should give instead of the derived ones (tests make them differ). */
const readField = z.string().min(1).max(200);
const simulateBody = z.object({
  outcome: z.enum(['PASSED', 'ADDRESS_MISMATCH', 'FAILED', 'EXPIRED']),
  read: z
    .object({ name: readField, birthday: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), address: readField })
    .partial()
    .strict()
    .optional(),
});
const sessionParams = z.object({ id: z.string().min(1).max(100) });
const imageParams = sessionParams.extend({ kind: z.enum(captureSteps.map((s) => s.id) as [string, ...string[]]) });

const outcomeValues: readonly string[] = outcomeChoices.map((c) => c.value);

const assets: Record<string, { type: string; body: Buffer; etag: string }> = Object.fromEntries(
  [
    ['style.css', 'text/css; charset=utf-8'],
    ['capture.js', 'text/javascript; charset=utf-8'],
  ].map(([name, type]) => {
    const body = readFileSync(new URL(`../public/${name}`, import.meta.url));
    return [name, { type, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }];
  }),
);

export function buildApp(options: BuildOptions): FastifyInstance {
  const { config } = options;
  const clock = options.clock ?? Date.now;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Session urls carry the browser's token: never log a query string.
            serializers: { req: (req: FastifyRequest) => ({ method: req.method, url: req.url.split('?')[0] }) },
          },
    bodyLimit: 64 * 1024,
    trustProxy: false,
  });

  const store = new Store(config.database);
  let worker: BackgroundWorker | null = null;
  const sessions = new SessionService({
    store,
    clock,
    decisionDelayMs: config.decisionDelayMs,
    onQueued: () => worker?.wake(),
  });
  worker = new BackgroundWorker({
    store,
    sessions: () => sessions,
    secret: config.webhookSecret,
    clock,
    log: app.log,
    backoffMs: options.webhookBackoffMs ?? 1000,
    pollMs: options.pollMs ?? 500,
  });
  const runningWorker = worker;
  app.decorate('sim', { config, store, sessions, worker: runningWorker });
  app.addHook('onReady', async () => runningWorker.start());
  app.addHook('onClose', async () => {
    await runningWorker.stop();
    store.close();
  });

  app.register(multipart, {
    limits: { fileSize: maxImageBytes, files: captureSteps.length, fields: 4, parts: 12, fieldSize: 1024, headerPairs: 200 },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    if (config.isProduction && config.publicUrl.startsWith('https://')) {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (!reply.hasHeader('Cache-Control') && !request.url.startsWith('/assets/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  const apiKeyDigest = digest(config.apiKey);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), apiKeyDigest)) {
      return reply.code(401).send({ error: 'unauthorized', message: 'A valid X-Api-Key header is required.' });
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (isApi(request)) {
      return reply.code(status).send({ error: errorCode(status), message: status >= 500 ? 'Internal error.' : error.message });
    }
    return sendPage(reply, status, messagePage({ title: 'エラーが発生しました', message: 'しばらくしてから、もう一度お試しください。' }));
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApi(request)) return reply.code(404).send({ error: 'not_found', message: 'Not found.' });
    return sendPage(reply, 404, notFoundPage());
  });

  // ---- health, home, assets -------------------------------------------------------------

  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/', async (_request, reply) => sendPage(reply, 200, homePage()));
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).header('Cache-Control', 'max-age=86400').send());

  app.get('/assets/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const asset = Object.hasOwn(assets, name) ? assets[name] : undefined;
    if (!asset) return sendPage(reply, 404, notFoundPage());
    reply.header('Cache-Control', 'no-cache').header('ETag', asset.etag).type(asset.type);
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.send(asset.body);
  });

  // ---- server-to-server API ---------------------------------------------------------------

  app.post('/v1/sessions', async (request, reply) => {
    const parsed = createSessionBody.safeParse(request.body);
    if (!parsed.success) return badRequest(reply, parsed.error);
    const { session, token } = sessions.create(parsed.data);
    const url = `${config.publicUrl}/s/${encodeURIComponent(session.id)}?t=${encodeURIComponent(token)}`;
    request.log.info({ sessionId: session.id, method: session.method }, 'session created');
    return reply.code(201).send({
      sessionId: session.id,
      url,
      method: session.method,
      status: session.status,
      expiresAt: new Date(session.expiresAt).toISOString(),
    });
  });

  app.get('/v1/sessions/:id', async (request, reply) => {
    const params = sessionParams.safeParse(request.params);
    const session = params.success ? sessions.find(params.data.id) : null;
    if (!session) return reply.code(404).send({ error: 'not_found', message: 'No such session.' });
    return sessions.view(session);
  });

  // The images a PHOTO_ID_AND_FACE check relied on, once decided PASSED or ADDRESS_MISMATCH: what the
  // bank's reviewer looks at. The bank fetches them when a case is opened and keeps no copy.
  app.get('/v1/sessions/:id/images/:kind', async (request, reply) => {
    const params = imageParams.safeParse(request.params);
    const session = params.success ? sessions.find(params.data.id) : null;
    const listed = session ? sessions.view(session).result?.images?.some((i) => i.kind === params.data!.kind) : false;
    const image = session && listed ? store.findImage(session.id, params.data!.kind) : null;
    if (!image) return reply.code(404).send({ error: 'not_found', message: 'No such image.' });
    return reply.type(image.contentType).header('Cache-Control', 'no-store').send(Buffer.from(image.bytes));
  });

  if (!config.isProduction) {
    app.post('/v1/sessions/:id/simulate', async (request, reply) => {
      const params = sessionParams.safeParse(request.params);
      const session = params.success ? sessions.find(params.data.id) : null;
      if (!session) return reply.code(404).send({ error: 'not_found', message: 'No such session.' });
      const parsed = simulateBody.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, parsed.error);
      const outcome: FinalStatus = parsed.data.outcome;
      // EXPIRED only happens to a session nobody submitted; a result never changes afterwards.
      const from = outcome === 'EXPIRED' ? (['CREATED'] as const) : (['CREATED', 'SUBMITTED'] as const);
      if (!sessions.decide(session.id, outcome, from, parsed.data.read ?? null)) {
        return reply.code(409).send({ error: 'conflict', message: `The session is ${session.status}; its result cannot change.` });
      }
      const updated = sessions.find(session.id);
      return updated ? sessions.view(updated) : reply.code(404).send({ error: 'not_found', message: 'No such session.' });
    });
  }

  // ---- the applicant's pages ---------------------------------------------------------------

  function sendPage(reply: FastifyReply, status: number, body: string, session?: SessionRow): FastifyReply {
    // A form posted here may be answered with a redirect to the bank's returnUrl: allow that origin.
    const formTargets = ["'self'", session ? new URL(session.returnUrl).origin : ''].filter(Boolean).join(' ');
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header(
        'Content-Security-Policy',
        [
          "default-src 'none'",
          "script-src 'self'",
          "style-src 'self'",
          "img-src 'self' data: blob:",
          "media-src 'self' blob:",
          "connect-src 'self'",
          `form-action ${formTargets}`,
          "base-uri 'none'",
          "frame-ancestors 'none'",
        ].join('; '),
      )
      .header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=()')
      .send(body);
  }

  /** The session behind a browser request, or the page to answer instead. */
  function openSession(request: FastifyRequest, reply: FastifyReply): { session: SessionRow; token: string } | null {
    const { id } = request.params as { id: string };
    const token = (request.query as Record<string, unknown>).t;
    const session = sessions.findForBrowser(id, token);
    if (!session || typeof token !== 'string') {
      sendPage(reply, 404, notFoundPage());
      return null;
    }
    if (session.status === 'EXPIRED') {
      sendPage(
        reply,
        410,
        messagePage({
          title: '本人確認の有効期限が切れています',
          message: '本人確認の有効期限（1時間）が過ぎました。お申し込みの画面に戻り、本人確認をはじめからやり直してください。',
          returnUrl: session.returnUrl,
        }),
        session,
      );
      return null;
    }
    if (session.status !== 'CREATED') {
      sendPage(
        reply,
        request.method === 'GET' ? 200 : 409,
        messagePage({
          title: '本人確認は送信済みです',
          message: 'この本人確認はすでに受け付けました。お申し込みの画面に戻って、お手続きを続けてください。',
          returnUrl: session.returnUrl,
        }),
        session,
      );
      return null;
    }
    return { session, token };
  }

  const pageContext = (session: SessionRow, token: string, error?: string): PageContext => ({
    session,
    token,
    showOutcomePicker: !config.isProduction,
    ...(error ? { error } : {}),
  });

  function sessionPage(session: SessionRow, token: string, error?: string): string {
    const ctx = pageContext(session, token, error);
    if (session.method === 'PHOTO_ID_AND_FACE') return capturePage(ctx);
    // IC-chip reading chosen on a JPKI session: the card read, then the face photo.
    if (session.usedMethod === 'IC_CHIP_AND_FACE') return session.cardReadAt === null ? icChipStartPage(ctx) : capturePage(ctx);
    return session.cardReadAt === null ? jpkiStartPage(ctx) : jpkiConfirmPage(ctx);
  }

  app.get('/s/:id', async (request, reply) => {
    const opened = openSession(request, reply);
    if (!opened) return reply;
    return sendPage(reply, 200, sessionPage(opened.session, opened.token), opened.session);
  });

  const backToSession = (reply: FastifyReply, session: SessionRow, token: string) =>
    reply
      .code(303)
      .header('Location', `/s/${encodeURIComponent(session.id)}?t=${encodeURIComponent(token)}`)
      .send();

  // The applicant who does not know the signing password: IC-chip reading with a face photo instead.
  app.post('/s/:id/ic-chip', async (request, reply) => {
    const opened = openSession(request, reply);
    if (!opened) return reply;
    if (!sessions.chooseIcChip(opened.session.id)) return sendPage(reply, 404, notFoundPage());
    return backToSession(reply, opened.session, opened.token);
  });

  app.post('/s/:id/ic-chip/read', async (request, reply) => {
    const opened = openSession(request, reply);
    if (!opened) return reply;
    const { session, token } = opened;
    if (session.usedMethod !== 'IC_CHIP_AND_FACE') return sendPage(reply, 404, notFoundPage());
    const pin = ((request.body ?? {}) as Record<string, unknown>).pin;
    // The card's PIN is only checked for its form (it would open the chip's printed items); never kept.
    if (typeof pin !== 'string' || !/^\d{4}$/.test(pin)) {
      return sendPage(reply, 400, icChipStartPage(pageContext(session, token, '暗証番号は数字4桁で入力してください。')), session);
    }
    sessions.markCardRead(session.id);
    return backToSession(reply, session, token);
  });

  app.post('/s/:id/jpki/read', async (request, reply) => {
    const opened = openSession(request, reply);
    if (!opened) return reply;
    const { session, token } = opened;
    if (session.method !== 'JPKI' || session.usedMethod !== null) return sendPage(reply, 404, notFoundPage());
    const body = (request.body ?? {}) as Record<string, unknown>;
    const password = typeof body.password === 'string' ? body.password : '';
    // The password is only checked for its form (it would unlock the card's signing key); never kept.
    if (!/^[A-Za-z0-9]{6,16}$/.test(password)) {
      return sendPage(reply, 400, jpkiStartPage(pageContext(session, token, '署名用パスワードは英数字6〜16文字で入力してください。')), session);
    }
    sessions.markCardRead(session.id);
    return backToSession(reply, session, token);
  });

  app.post('/s/:id/submit', async (request, reply) => {
    const opened = openSession(request, reply);
    if (!opened) return reply;
    const { session, token } = opened;
    const fail = (status: number, message: string) => sendPage(reply, status, sessionPage(session, token, message), session);

    let outcomeRaw: unknown;
    let captures: Record<string, CaptureInfo> | null = null;
    let images: Record<string, StoredImage> = {};
    const icChip = session.usedMethod === 'IC_CHIP_AND_FACE';
    // The captures this session's method asks for: the photo ID's four, or the face after the IC chip.
    const wanted = icChip ? captureSteps.filter((s) => s.id === 'face') : captureSteps;
    if (icChip && session.cardReadAt === null) return fail(409, '先にICチップを読み取ってください。');
    if (session.method === 'PHOTO_ID_AND_FACE' || icChip) {
      if (!request.isMultipart()) return fail(400, '写真が送信されませんでした。撮影してから送信してください。');
      const received: Record<string, CaptureInfo> = {};
      const kept: Record<string, StoredImage> = {};
      let problem: { status: number; message: string } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'outcome') outcomeRaw = part.value;
            continue;
          }
          const buffer = await part.toBuffer();
          const step = wanted.find((s) => s.id === part.fieldname);
          if (!step || buffer.length === 0) continue;
          const type = sniffImage(buffer);
          if (!type) {
            problem ??= { status: 415, message: `「${step.title}」が画像ではありません。撮り直してから送信してください。` };
            continue;
          }
          received[step.id] = { type, bytes: buffer.length, sha256: createHash('sha256').update(buffer).digest('hex') };
          kept[step.id] = { contentType: type, bytes: buffer };
        }
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        // Everything the multipart reader throws comes from what was sent (limits, a malformed body,
        // a missing boundary from busboy): the sender's problem, never a 5xx.
        problem =
          code === 'FST_REQ_FILE_TOO_LARGE'
            ? { status: 413, message: '写真のサイズが大きすぎます（1枚10MBまで）。撮り直してから送信してください。' }
            : { status: 400, message: '送信内容を読み取れませんでした。もう一度撮影してから送信してください。' };
      }
      if (problem) return fail(problem.status, problem.message);
      const missing = wanted.filter((s) => !received[s.id]);
      if (missing.length > 0) {
        return fail(400, `撮影が済んでいない写真があります：${missing.map((s) => s.title).join('、')}`);
      }
      captures = received;
      images = kept;
    } else {
      if (session.cardReadAt === null) return fail(409, '先にマイナンバーカードを読み取ってください。');
      outcomeRaw = ((request.body ?? {}) as Record<string, unknown>).outcome;
    }

    let outcome: Outcome = 'PASSED';
    if (!config.isProduction && outcomeRaw !== undefined) {
      if (typeof outcomeRaw !== 'string' || !outcomeValues.includes(outcomeRaw)) return fail(400, '判定結果を選んでください。');
      outcome = outcomeRaw as Outcome;
    }
    if (!sessions.submit(session.id, captures, outcome, images)) {
      return sendPage(
        reply,
        409,
        messagePage({ title: '本人確認は送信済みです', message: 'この本人確認はすでに受け付けました。', returnUrl: session.returnUrl }),
        session,
      );
    }
    request.log.info({ sessionId: session.id, method: session.method }, 'session submitted');
    return reply.code(303).header('Location', session.returnUrl).send();
  });

  return app;
}

function isApi(request: FastifyRequest): boolean {
  return request.url.startsWith('/v1/');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function errorCode(status: number): string {
  if (status === 400) return 'invalid_request';
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  return status >= 500 ? 'internal_error' : 'request_error';
}

function badRequest(reply: FastifyReply, error: z.ZodError): FastifyReply {
  return reply.code(400).send({
    error: 'invalid_request',
    message: 'The request body is not valid.',
    issues: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  });
}

function notFoundPage(): string {
  return messagePage({
    title: 'ページが見つかりません',
    message: 'このURLは無効か、有効期限が切れています。お申し込みの画面に戻り、本人確認をはじめからやり直してください。',
  });
}
