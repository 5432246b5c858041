import { errorPathOf, flowTypeAt } from '../lib/flow.ts';
import { session } from '../lib/session.ts';
import { maintenanceWindowOf, pauseForMaintenance } from './maintenance-pause.ts';

/** An answer other than 2xx, or a network failure (status 0). */
export class ApiCallError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown, message?: string) {
    super(message ?? `API request failed with status ${status}`);
    this.name = 'ApiCallError';
    this.status = status;
    this.body = body;
  }
}

/**
 * What reads an answer's body: a zod schema of @koza/domain/api/* (the later screens), or a reader
 * of the same shape written without zod for the calls of the first page (api/entry.ts,
 * docs/decisions/0170-first-screen-without-zod.md).
 */
export interface BodyReader<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<S extends BodyReader<unknown> | undefined = undefined> {
  query?: Query;
  /** JSON body (objects) or multipart (FormData). */
  body?: unknown;
  /** Send the session token; true by default, false for the few public calls. */
  auth?: boolean;
  /** Validate the response against this schema; the result is typed from it. */
  schema?: S;
  signal?: AbortSignal;
  /**
   * A 401 means the session ended and leads to the session error (default). verify answers 401 for
   * a wrong code, which its screen shows itself: it passes false.
   */
  sessionErrorOn401?: boolean;
}

type Result<S> = S extends BodyReader<infer T> ? T : unknown;

/** Where a 401 sends the applicant: the session error of the flow of the page they are on (SPEC.md §8). */
export function sessionErrorPath(pathname: string): string {
  return errorPathOf(flowTypeAt(pathname), 'session');
}

let navigateTo: (path: string) => void = (path) => window.location.replace(path);

/** The router registers its navigate function here so a 401 stays a client-side navigation. */
export function setApiNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return await response.json();
    } catch {
      return undefined;
    }
  }
  const text = await response.text();
  return text === '' ? undefined : text;
}

/**
 * Calls that may be sent twice (issue 27): reads, the step saves (a save writes the same content
 * again), the completion (a second call answers the first's number), the eKYC start (an open
 * session is handed back as it is) and the eKYC status poll (a read; a result is recorded once)
 * (docs/decisions/0215-whole-journeys-under-faults.md). The same paths nginx resends itself
 * (deploy/nginx/cluster.conf.template).
 */
const idempotentPosts = /^\/api\/(applications\/|application-complete$|ekyc(\/status)?$)/;
/**
 * Answers that mean "not done, try again": the proxy found no instance or lost it (502, 504), or the
 * database was briefly away (503). An idempotent call is sent once more before it counts as failed,
 * so an instance that dies under a save does not send the applicant to the error page.
 */
const retryable = new Set([502, 503, 504]);
const retryPause = (signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, 500);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/** One request to /api. Use the typed functions built on it (one per call), not this directly in screens. */
export async function apiRequest<S extends BodyReader<unknown> | undefined = undefined>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: `/api/${string}`,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (options.auth !== false) {
    const token = session.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }

  const url = buildUrl(path, options.query);
  const idempotent = method === 'GET' || idempotentPosts.test(path);
  let response: Response;
  let data: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      response = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: options.signal ?? null });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      if (idempotent && attempt === 1) {
        await retryPause(options.signal);
        continue;
      }
      throw new ApiCallError(0, undefined, 'Network error');
    }
    data = await readBody(response);
    const maintenance = maintenanceWindowOf(response.status, data);
    if (maintenance) {
      // Nothing was done: held until the applicant resumes after the window, then sent again.
      await pauseForMaintenance(maintenance);
      attempt = 0;
      continue;
    }
    if (idempotent && attempt === 1 && retryable.has(response.status)) {
      await retryPause(options.signal);
      continue;
    }
    break;
  }

  if (response.status === 401 && options.sessionErrorOn401 !== false) {
    navigateTo(sessionErrorPath(window.location.pathname));
    throw new ApiCallError(401, data);
  }
  if (!response.ok) throw new ApiCallError(response.status, data);

  if (options.schema) {
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) throw new ApiCallError(response.status, data, 'Unexpected response shape');
    return parsed.data as Result<S>;
  }
  return data as Result<S>;
}

export const api = {
  get: <S extends BodyReader<unknown> | undefined = undefined>(path: `/api/${string}`, options?: Omit<RequestOptions<S>, 'body'>) =>
    apiRequest('GET', path, options),
  post: <S extends BodyReader<unknown> | undefined = undefined>(path: `/api/${string}`, body?: unknown, options?: Omit<RequestOptions<S>, 'body'>) =>
    apiRequest('POST', path, { ...options, body }),
};
