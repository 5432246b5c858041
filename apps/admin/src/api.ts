import type { z } from 'zod';
import { errorBodySchema, validationErrorBodySchema } from '@koza/domain/api/errors';
import type { FieldError } from '@koza/domain/api/errors';

// One function per way of calling /api/admin. Answers are parsed with the domain's contract
// (@koza/domain/api/admin). Calls that change something carry the session's CSRF token.

export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly fieldErrors: readonly FieldError[];
  constructor(status: number, message: string, code: string | null, fieldErrors: readonly FieldError[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

let csrfToken = '';
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

/** Called when any call answers 401: the app shows the sign-in screen. */
let onSessionEnded: () => void = () => undefined;
export const whenSessionEnds = (handler: () => void) => {
  onSessionEnded = handler;
};

async function problemOf(response: Response): Promise<ApiProblem> {
  const body: unknown = await response.json().catch(() => null);
  const fields = validationErrorBodySchema.safeParse(body);
  if (fields.success) return new ApiProblem(response.status, fields.data.errors.map((e) => e.message).join('\n'), 'VALIDATION', fields.data.errors);
  const error = errorBodySchema.safeParse(body);
  if (error.success) return new ApiProblem(response.status, error.data.message, error.data.code);
  return new ApiProblem(response.status, '通信に失敗しました。時間をおいて再度お試しください。', null);
}

/**
 * The key of the screen's view: its history entry (React Router's location key, kept across a reload
 * of the page), or a key of our own on an entry the router gave none. The API writes one audit row
 * per view of an application's detail, however often the screen loads it (decision 0221).
 */
function viewKey(): string {
  const state = (window.history.state ?? {}) as { key?: unknown; kozaView?: unknown };
  if (typeof state.key === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(state.key)) return state.key;
  if (typeof state.kozaView === 'string') return state.kozaView;
  const key = crypto.randomUUID();
  window.history.replaceState({ ...state, kozaView: key }, '');
  return key;
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method === 'GET') headers['x-view-key'] = viewKey();
  if (method === 'POST') {
    headers['content-type'] = 'application/json';
    headers['x-csrf-token'] = csrfToken;
  }
  const response = await fetch(`/api/admin${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    signal,
  });
  if (!response.ok) {
    const problem = await problemOf(response);
    if (response.status === 401 && path !== '/sign-in') onSessionEnded();
    throw problem;
  }
  return response;
}

export async function getJson<T extends z.ZodType>(path: string, schema: T, signal?: AbortSignal): Promise<z.infer<T>> {
  return schema.parse(await (await call('GET', path, undefined, signal)).json());
}

export async function postJson<T extends z.ZodType>(path: string, body: unknown, schema: T): Promise<z.infer<T>> {
  return schema.parse(await (await call('POST', path, body)).json());
}

export async function post(path: string, body?: unknown): Promise<void> {
  await call('POST', path, body);
}

/** The URL of a CSV export with the current filters (a plain link: the browser downloads it with the cookie). */
export const exportUrl = (path: string, query = '') => `/api/admin${path}${query ? `?${query}` : ''}`;
