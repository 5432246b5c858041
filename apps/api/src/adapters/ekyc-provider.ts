import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { EkycMethod } from '@koza/domain/constants';
import type { ProviderEkycStatus } from '../db/schema.ts';

// The external identity-check company, behind an interface (DECISIONS.md §6, docs/decisions/0030
// and 0050). The contract is the simulator's: POST /v1/sessions, GET /v1/sessions/{id}, header
// X-Api-Key; a real provider replaces it by configuration (EKYC_PROVIDER_URL, EKYC_API_KEY). Only
// HTTP: nothing of apps/ekyc-sim is imported.

export const providerStatuses = ['CREATED', 'SUBMITTED', 'PASSED', 'ADDRESS_MISMATCH', 'FAILED', 'EXPIRED'] as const satisfies readonly ProviderEkycStatus[];

export interface CreateSessionInput {
  /** Our opaque id for the session (never the mail address or anything personal). */
  reference: string;
  /** Where the provider sends the browser back. */
  returnUrl: string;
  /** Where the provider POSTs the signed result. */
  callbackUrl: string;
  method: EkycMethod;
  /** `gender` (男 / 女) is the JPKI certificate's fourth item, compared by the reviewer. */
  applicant: { name: string; birthday: string; address: string; gender?: '男' | '女' };
  /**
   * A child application from the amended ordinance on (decision 0248): the child (the customer) whose
   * own IC-chip card the provider also reads, with the child's face photo, in the same session.
   */
  child?: { name: string; birthday: string; address: string };
}

export interface ProviderSession {
  sessionId: string;
  url: string;
}

/** What the provider read from the identity document (or JPKI certified): name, birthday, address. */
export interface DocumentRead {
  name: string;
  birthday: string;
  address: string;
}

/** The images a check relied on, by the provider's kind: front, back, tilt (thickness), face; the child's face (decision 0248). */
export const evidenceImageKinds = ['front', 'back', 'tilt', 'face', 'child-face'] as const;
export type EvidenceImageKind = (typeof evidenceImageKinds)[number];

/** JPKI: the signing certificate's four items (基本4情報) and its validity. */
export interface SigningCertificate {
  name: string;
  birthday: string;
  address: string;
  gender: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
}

export interface ProviderSessionState {
  sessionId: string;
  status: ProviderEkycStatus;
  /** Once decided: the read data (`result.read`, or JPKI's `result.certified`), when the provider gives it. */
  read?: DocumentRead | null;
  /** The images the check relied on (fetched one by one with getImage), when the provider keeps them. */
  images?: readonly EvidenceImageKind[];
  certificate?: SigningCertificate | null;
  /** The method the check used, when the provider says (IC_CHIP_AND_FACE: chosen by the applicant on a JPKI session). */
  method?: ProviderMethod | null;
  /** A child application after the amendment: the child's own check (the IC chip of the child's card and the child's face). */
  child?: ChildCheck | null;
}

/** What the provider checked of the child: the method, what the chip gave, the images (decision 0248). */
export interface ChildCheck {
  method: ProviderMethod;
  read: DocumentRead;
  images: readonly EvidenceImageKind[];
}

export const providerMethods = ['PHOTO_ID_AND_FACE', 'JPKI', 'IC_CHIP_AND_FACE'] as const;
export type ProviderMethod = (typeof providerMethods)[number];

export interface EvidenceImage {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  bytes: Buffer;
}

export interface EkycProvider {
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  getSession(sessionId: string): Promise<ProviderSessionState>;
  /** One image the check relied on, or null when the provider has none (any more). */
  getImage(sessionId: string, kind: EvidenceImageKind): Promise<EvidenceImage | null>;
}

export type EkycProviderFailure = 'timeout' | 'network' | 'http' | 'invalid-response';

/** The provider could not be used. The message names the call and what went wrong, never the applicant. */
export class EkycProviderError extends Error {
  readonly failure: EkycProviderFailure;
  /** The provider's HTTP status for failure 'http'. */
  readonly status: number | undefined;
  constructor(failure: EkycProviderFailure, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'EkycProviderError';
    this.failure = failure;
    this.status = options.status;
  }
}

export interface HttpEkycProviderOptions {
  /** e.g. http://127.0.0.1:3100 (config.ekyc.providerUrl), without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** Per call, connection and answer included. Default 5 s. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

export const defaultProviderTimeoutMs = 5000;

const createdSchema = z.object({ sessionId: z.string().min(1).max(100), url: z.url({ protocol: /^https?$/ }) });
const readSchema = z.object({ name: z.string().max(200), birthday: z.string().max(20), address: z.string().max(400) });
const certificateSchema = readSchema.extend({
  gender: z.string().max(10),
  serialNumber: z.string().max(100),
  notBefore: z.string().max(40),
  notAfter: z.string().max(40),
});
/** Kinds this service knows, in types a browser shows (a HEIC capture is kept by the provider, not shown); others are left out. */
const shownTypes = ['image/jpeg', 'image/png', 'image/webp'];
const imageListSchema = z
  .array(z.object({ kind: z.string().max(40), contentType: z.string().max(100) }))
  .max(20)
  .transform((list) =>
    list
      .filter((i) => shownTypes.includes(i.contentType))
      .map((i) => i.kind)
      .filter((k): k is EvidenceImageKind => (evidenceImageKinds as readonly string[]).includes(k)),
  );
const stateSchema = z
  .object({
    sessionId: z.string().min(1).max(100),
    status: z.enum(providerStatuses),
    method: z.enum(providerMethods).optional(),
    result: z
      .object({
        read: readSchema.optional(),
        certified: readSchema.optional(),
        images: imageListSchema.optional(),
        certificate: certificateSchema.optional(),
        child: z.object({ method: z.enum(providerMethods), read: readSchema, images: imageListSchema.optional() }).optional(),
      })
      .optional(),
  })
  .transform(({ sessionId, status, method, result }): ProviderSessionState => ({
    sessionId,
    status,
    method: method ?? null,
    read: result?.read ?? result?.certified ?? null,
    images: (result?.images ?? []).filter((kind) => !kind.startsWith('child-')),
    certificate: result?.certificate ?? null,
    child: result?.child ? { method: result.child.method, read: result.child.read, images: result.child.images ?? [] } : null,
  }));

/** The most an evidence image may weigh (the provider's own limit is 10 MB a capture). */
const maxImageBytes = 10 * 1024 * 1024;

/** What an image's first bytes say it is, of the kinds a browser shows; null for anything else. */
function sniffShownImage(bytes: Buffer): EvidenceImage['contentType'] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The provider over HTTP (fetch), with an API key, a timeout per call and validated answers. */
export function httpEkycProvider(options: HttpEkycProviderOptions): EkycProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? defaultProviderTimeoutMs;
  const doFetch = options.fetch ?? globalThis.fetch;

  async function call<T>(label: string, path: string, init: { method: 'GET' | 'POST'; body?: unknown }, schema: z.ZodType<T>, ok: number): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: init.method,
        headers: {
          'x-api-key': options.apiKey,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      // The body is read under the same deadline (the signal covers it).
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new EkycProviderError('timeout', `eKYC provider ${label}: no answer within ${timeoutMs} ms`, { cause: error });
      }
      throw new EkycProviderError('network', `eKYC provider ${label}: ${(error as Error).message}`, { cause: error });
    }
    if (response.status !== ok) {
      throw new EkycProviderError('http', `eKYC provider ${label}: HTTP ${response.status}`, { status: response.status });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new EkycProviderError('invalid-response', `eKYC provider ${label}: the answer is not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
      throw new EkycProviderError('invalid-response', `eKYC provider ${label}: unexpected answer (${where})`);
    }
    return parsed.data;
  }

  async function getImage(sessionId: string, kind: EvidenceImageKind): Promise<EvidenceImage | null> {
    const label = 'get image';
    let response: Response;
    let bytes: Buffer;
    try {
      response = await doFetch(`${baseUrl}/v1/sessions/${encodeURIComponent(sessionId)}/images/${kind}`, {
        headers: { 'x-api-key': options.apiKey, accept: 'image/*' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (Number(response.headers.get('content-length') ?? 0) > maxImageBytes) {
        await response.body?.cancel();
        throw new EkycProviderError('invalid-response', `eKYC provider ${label}: the image is larger than ${maxImageBytes} bytes`);
      }
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof EkycProviderError) throw error;
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new EkycProviderError('timeout', `eKYC provider ${label}: no answer within ${timeoutMs} ms`, { cause: error });
      throw new EkycProviderError('network', `eKYC provider ${label}: ${(error as Error).message}`, { cause: error });
    }
    if (response.status === 404) return null;
    if (response.status !== 200) throw new EkycProviderError('http', `eKYC provider ${label}: HTTP ${response.status}`, { status: response.status });
    // Shown to staff as the type its bytes say, never as the provider declared it.
    const contentType = bytes.length <= maxImageBytes ? sniffShownImage(bytes) : null;
    if (!contentType) throw new EkycProviderError('invalid-response', `eKYC provider ${label}: not a JPEG, PNG or WebP image`);
    return { contentType, bytes };
  }

  return {
    getImage,
    createSession: (input) => call('create session', '/v1/sessions', { method: 'POST', body: input }, createdSchema, 201),
    getSession: (sessionId) =>
      call('get session', `/v1/sessions/${encodeURIComponent(sessionId)}`, { method: 'GET' }, stateSchema as z.ZodType<ProviderSessionState>, 200),
  };
}

// ---- the provider's signed result notification (webhook) ----

const webhookSchema = z.object({ sessionId: z.string().min(1).max(100), status: z.enum(providerStatuses) });
export type ProviderWebhook = z.infer<typeof webhookSchema>;

/**
 * `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>` under the shared webhook secret, compared
 * in constant time. False for a missing, malformed or wrong signature.
 */
export function isValidWebhookSignature(rawBody: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!.toLowerCase(), 'hex');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The webhook body, or null when it is not the documented `{ sessionId, status }`. */
export function parseWebhookBody(rawBody: Buffer): ProviderWebhook | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = webhookSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
