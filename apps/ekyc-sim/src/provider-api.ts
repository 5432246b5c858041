import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { captureSteps } from './pages.ts';
import { badRequest } from './replies.ts';
import type { FinalStatus } from './sessions.ts';

// The server-to-server API under /v1 (X-Api-Key, checked in app.ts): the bank creates a session,
// reads its state and result, fetches the images a check relied on and, outside production, decides
// a session's outcome.

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
  /** A child application: the child whose own IC-chip card and face the same session checks (the parent's phone). */
  child: z.object({ name: z.string().trim().min(1).max(100), birthday: z.iso.date(), address: z.string().trim().min(1).max(300) }).optional(),
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
const imageParams = sessionParams.extend({ kind: z.enum(['child-face', ...captureSteps.map((s): string => s.id)] as [string, ...string[]]) });

export function registerProviderApi(app: FastifyInstance): void {
  const { config, store, sessions } = app.sim;

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

  // The images a check relied on (the photo ID's, the face; a child's face), once decided PASSED or
  // ADDRESS_MISMATCH: what the bank's reviewer looks at. The bank fetches them when a case is opened and keeps no copy.
  app.get('/v1/sessions/:id/images/:kind', async (request, reply) => {
    const params = imageParams.safeParse(request.params);
    const session = params.success ? sessions.find(params.data.id) : null;
    const result = session ? sessions.view(session).result : undefined;
    const listed = [...(result?.images ?? []), ...(result?.child?.images ?? [])].some((i) => i.kind === params.data!.kind);
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
}
