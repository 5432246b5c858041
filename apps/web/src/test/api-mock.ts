import { vi } from 'vitest';
import {
  applicationParentViewSchema,
  applicationViewSchema,
  type ApplicationParentView,
  type ApplicationView,
  type ApplicationsResponse,
} from '@koza/domain/api/application';

/** A handler answers one call; `body` is the parsed JSON body (or undefined). */
export type Handler = (request: { url: URL; method: string; body: unknown; headers: Headers }) => Response | Promise<Response>;

export const json = (status: number, body?: unknown, headers: Record<string, string> = {}): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
  });

/** GET /api/applications of a fresh GENERAL application: every value null but the bank, or as given. */
export function savedApplications(application: Partial<ApplicationView> = {}): ApplicationsResponse {
  const empty = Object.fromEntries(Object.keys(applicationViewSchema.shape).map((key) => [key, null]));
  return {
    application: applicationViewSchema.parse({ ...empty, bankCode: '0177', applicationType: 'GENERAL', ...application }),
    applicationParent: null,
  };
}

/** What an API with nothing to say answers on entry: no maintenance, no notices, page views taken. */
export const quietApi: Record<string, Handler> = {
  'GET /api/maintenance': () => json(404, { code: 'NOT_FOUND', message: 'no maintenance' }),
  'GET /api/notifications/*': () => json(200, { notificationList: [] }),
  'POST /api/page-views': () => json(204),
};

/**
 * Replaces fetch with handlers keyed 'METHOD /path' ('*' at the end matches a prefix); calls without
 * a handler answer 404. Returns the mock, whose calls tests can inspect.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const all = { ...quietApi, ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    const handler = all[key] ?? Object.entries(all).find(([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)))?.[1];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (!handler) return json(404, { code: 'NOT_FOUND', message: 'not found' });
    return handler({ url, method, body, headers: new Headers(init?.headers) });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one 'METHOD /path' (with their parsed bodies). */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: string): { url: URL; body: unknown; headers: Headers }[] {
  return fetchMock.mock.calls
    .map(([input, init]) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      return {
        key: `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`,
        url,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        headers: new Headers(init?.headers),
      };
    })
    .filter((call) => (key.endsWith('*') ? call.key.startsWith(key.slice(0, -1)) : call.key === key));
}

export const userAgents = {
  iPhoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  desktopChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  lineIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/15.10.0',
} as const;

/** Makes the page see another browser (the setup puts Safari on iPhone back before each test). */
export function setUserAgent(userAgent: string): void {
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
}

/**
 * The saved parent of a child application (GET /api/applications' applicationParent): the mother 山田良子,
 * every other field of the answer null.
 */
export const savedParent: ApplicationParentView = applicationParentViewSchema.parse({
  ...Object.fromEntries(Object.keys(applicationParentViewSchema.shape).map((key) => [key, null])),
  lastName: '山田',
  firstName: '良子',
  kanaLastName: 'ﾔﾏﾀﾞ',
  kanaFirstName: 'ﾖｼｺ',
  birthday: '1985-05-05',
  relationship: 'MOTHER',
  mobilePhoneNumber: '090-2222-3456',
  phoneNumber: null,
  proxyApplicationReason: 'minor',
  occupationName: '会社員',
  occupationOther: null,
  workplaceName: '株式会社テスト商事',
  workplacePhoneNumber: '092-123-4567',
});
