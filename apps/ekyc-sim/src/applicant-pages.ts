import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimConfig } from './config.ts';
import { sniffImage } from './images.ts';
import {
  capturePage,
  captureSteps,
  childChipPage,
  childFacePage,
  icChipStartPage,
  jpkiConfirmPage,
  jpkiStartPage,
  messagePage,
  outcomeChoices,
} from './pages.ts';
import type { CaptureStep, PageContext } from './pages.ts';
import { notFoundPage, sendPage } from './replies.ts';
import type { SessionService } from './sessions.ts';
import type { CaptureInfo, Outcome, SessionRow, StoredImage } from './store.ts';

// The applicant's pages under /s/<id>?t=<token>: the capture form (photo ID and face), the JPKI card
// read and its confirmation, IC-chip reading with a face photo instead, and the submission that
// returns the applicant to the bank.

const outcomeValues: readonly string[] = outcomeChoices.map((c) => c.value);

/** The session behind a browser request, or the page to answer instead (not found, expired, already sent). */
function openSession(sessions: SessionService, request: FastifyRequest, reply: FastifyReply): { session: SessionRow; token: string } | null {
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

const pageContext = (config: SimConfig, session: SessionRow, token: string, error?: string): PageContext => ({
  session,
  token,
  showOutcomePicker: !config.isProduction,
  ...(error ? { error } : {}),
});

/** The page a session is at: the capture form, or the JPKI or IC-chip card read, then what follows it. */
function sessionPage(config: SimConfig, session: SessionRow, token: string, error?: string): string {
  const ctx = pageContext(config, session, token, error);
  // A session with a child: the child's own card and face first, then the parent's method.
  if (session.child && session.childCardReadAt === null) return childChipPage(ctx);
  if (session.child && session.childFaceAt === null) return childFacePage(ctx);
  if (session.method === 'PHOTO_ID_AND_FACE') return capturePage(ctx);
  // IC-chip reading chosen on a JPKI session: the card read, then the face photo.
  if (session.usedMethod === 'IC_CHIP_AND_FACE') return session.cardReadAt === null ? icChipStartPage(ctx) : capturePage(ctx);
  return session.cardReadAt === null ? jpkiStartPage(ctx) : jpkiConfirmPage(ctx);
}

const backToSession = (reply: FastifyReply, session: SessionRow, token: string) =>
  reply
    .code(303)
    .header('Location', `/s/${encodeURIComponent(session.id)}?t=${encodeURIComponent(token)}`)
    .send();

type Problem = { status: number; message: string };

/**
 * The photos of a submitted capture form (each checked to be an image, with its size and digest) and
 * the tester's outcome field, or the problem to show: a part that is no image, a body over the limits
 * or unreadable, a photo missing.
 */
async function readCaptures(
  request: FastifyRequest,
  wanted: readonly CaptureStep[],
): Promise<{ problem: Problem } | { outcomeRaw: unknown; captures: Record<string, CaptureInfo>; images: Record<string, StoredImage> }> {
  let outcomeRaw: unknown;
  const received: Record<string, CaptureInfo> = {};
  const kept: Record<string, StoredImage> = {};
  let problem: Problem | null = null;
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
  if (problem) return { problem };
  const missing = wanted.filter((s) => !received[s.id]);
  if (missing.length > 0) {
    return { problem: { status: 400, message: `撮影が済んでいない写真があります：${missing.map((s) => s.title).join('、')}` } };
  }
  return { outcomeRaw, captures: received, images: kept };
}

export function registerApplicantPages(app: FastifyInstance): void {
  const { config, sessions } = app.sim;

  app.get('/s/:id', async (request, reply) => {
    const opened = openSession(sessions, request, reply);
    if (!opened) return reply;
    return sendPage(reply, 200, sessionPage(config, opened.session, opened.token), opened.session);
  });

  // The applicant who does not know the signing password: IC-chip reading with a face photo instead.
  app.post('/s/:id/ic-chip', async (request, reply) => {
    const opened = openSession(sessions, request, reply);
    if (!opened) return reply;
    if (!sessions.chooseIcChip(opened.session.id)) return sendPage(reply, 404, notFoundPage());
    return backToSession(reply, opened.session, opened.token);
  });

  app.post('/s/:id/ic-chip/read', async (request, reply) => {
    const opened = openSession(sessions, request, reply);
    if (!opened) return reply;
    const { session, token } = opened;
    if (session.usedMethod !== 'IC_CHIP_AND_FACE') return sendPage(reply, 404, notFoundPage());
    const pin = ((request.body ?? {}) as Record<string, unknown>).pin;
    // The card's PIN is only checked for its form (it would open the chip's printed items); never kept.
    if (typeof pin !== 'string' || !/^\d{4}$/.test(pin)) {
      return sendPage(reply, 400, icChipStartPage(pageContext(config, session, token, '暗証番号は数字4桁で入力してください。')), session);
    }
    sessions.markCardRead(session.id);
    return backToSession(reply, session, token);
  });

  // A child application: the child's card read by the parent's phone (the PIN's form only, never kept), then the child's face.
  app.post('/s/:id/child/read', async (request, reply) => {
    const opened = openSession(sessions, request, reply);
    if (!opened) return reply;
    const { session, token } = opened;
    if (!session.child || session.childCardReadAt !== null) return sendPage(reply, 404, notFoundPage());
    const pin = ((request.body ?? {}) as Record<string, unknown>).pin;
    if (typeof pin !== 'string' || !/^\d{4}$/.test(pin)) {
      return sendPage(reply, 400, childChipPage(pageContext(config, session, token, '暗証番号は数字4桁で入力してください。')), session);
    }
    sessions.markChildCardRead(session.id);
    return backToSession(reply, session, token);
  });

  app.post('/s/:id/child/face', async (request, reply) => {
    const opened = openSession(sessions, request, reply);
    if (!opened) return reply;
    const { session, token } = opened;
    if (!session.child || session.childCardReadAt === null || session.childFaceAt !== null) return sendPage(reply, 404, notFoundPage());
    const fail = (status: number, message: string) => sendPage(reply, status, childFacePage(pageContext(config, session, token, message)), session);
    if (!request.isMultipart()) return fail(400, '写真が送信されませんでした。撮影してから送信してください。');
    const read = await readCaptures(
      request,
      captureSteps.filter((s) => s.id === 'face'),
    );
    if ('problem' in read) return fail(read.problem.status, read.problem.message);
    if (!sessions.saveChildFace(session.id, read.images.face!)) return sendPage(reply, 404, notFoundPage());
    return backToSession(reply, session, token);
  });

  app.post('/s/:id/jpki/read', async (request, reply) => {
    const opened = openSession(sessions, request, reply);
    if (!opened) return reply;
    const { session, token } = opened;
    if (session.method !== 'JPKI' || session.usedMethod !== null) return sendPage(reply, 404, notFoundPage());
    const body = (request.body ?? {}) as Record<string, unknown>;
    const password = typeof body.password === 'string' ? body.password : '';
    // The password is only checked for its form (it would unlock the card's signing key); never kept.
    if (!/^[A-Za-z0-9]{6,16}$/.test(password)) {
      return sendPage(reply, 400, jpkiStartPage(pageContext(config, session, token, '署名用パスワードは英数字6〜16文字で入力してください。')), session);
    }
    sessions.markCardRead(session.id);
    return backToSession(reply, session, token);
  });

  app.post('/s/:id/submit', async (request, reply) => {
    const opened = openSession(sessions, request, reply);
    if (!opened) return reply;
    const { session, token } = opened;
    const fail = (status: number, message: string) => sendPage(reply, status, sessionPage(config, session, token, message), session);

    let outcomeRaw: unknown;
    let captures: Record<string, CaptureInfo> | null = null;
    let images: Record<string, StoredImage> = {};
    const icChip = session.usedMethod === 'IC_CHIP_AND_FACE';
    // The captures this session's method asks for: the photo ID's four, or the face after the IC chip.
    const wanted = icChip ? captureSteps.filter((s) => s.id === 'face') : captureSteps;
    if (icChip && session.cardReadAt === null) return fail(409, '先にICチップを読み取ってください。');
    if (session.child && session.childFaceAt === null) return fail(409, '先にお子さまのマイナンバーカードの読み取りと顔写真の撮影を済ませてください。');
    if (session.method === 'PHOTO_ID_AND_FACE' || icChip) {
      if (!request.isMultipart()) return fail(400, '写真が送信されませんでした。撮影してから送信してください。');
      const read = await readCaptures(request, wanted);
      if ('problem' in read) return fail(read.problem.status, read.problem.message);
      ({ outcomeRaw, captures, images } = read);
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
}
