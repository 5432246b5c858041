import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi } from 'vitest';
import { rolePermissions } from '@koza/domain/admin/roles';
import type { StaffRole } from '@koza/domain/admin/roles';
import { routes } from '../app.tsx';
import { createQueryClient } from '../query-client.ts';
import { SessionProvider } from '../session.tsx';

// The back office as a staff member's browser runs it: the real routes, session and screens, over a
// fetch that answers from handlers keyed 'METHOD /api/admin/path' ('*' at the end: a prefix).

export type Handler = (request: { url: URL; body: unknown }) => Response | Promise<Response>;

export const json = (status: number, body?: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: body === undefined ? {} : { 'content-type': 'application/json' } });

export function sessionOf(role: StaffRole, overrides: { id?: string; displayName?: string } = {}) {
  return {
    staff: {
      id: overrides.id ?? `staff-${role}`,
      loginId: `${role.toLowerCase()}.fukuoka`,
      displayName: overrides.displayName ?? `${role} 太郎`,
      role,
      bankCode: '0177',
      bankName: 'ふくおか銀行',
    },
    permissions: [...rolePermissions[role]],
    csrfToken: 'csrf',
    totpSetupRequired: false,
    passwordChangeRequired: false,
    previousSignIn: null,
  };
}

export function mockAdminApi(role: StaffRole, handlers: Record<string, Handler>) {
  const all: Record<string, Handler> = { 'GET /api/admin/session': () => json(200, sessionOf(role)), ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const handler = all[key] ?? Object.entries(all).find(([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)))?.[1];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (!handler) return json(404, { code: 'NOT_FOUND', message: 'not found' });
    return handler({ url, body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The bodies of the calls made to one 'METHOD /api/admin/path'. */
export function bodiesSentTo(fetchMock: ReturnType<typeof mockAdminApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}` === key)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

/** Renders the back office at `path` (below /admin). */
export function renderAdmin(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}
