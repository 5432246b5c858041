import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import { entryStartScript } from '@koza/domain/entry-start';

// Security headers for every answer (API and SPA). The SPA is built without inline scripts or
// styles, so the CSP allows only our own origin and the entry pages' one start script by its hash; HSTS only in production (it would pin
// http://localhost to https for a developer's browser).
// helmet runs once, at start-up, to compute the headers; every answer then gets that fixed list
// (@fastify/helmet rebuilt helmet's middleware, parsing the CSP, on every request: issue 13), set
// by the onRequest hook of plugins/request-hooks.ts.

/** The CSP source that allows the entry pages' inline start script, and nothing else inline. */
const entryStartScriptSource = `'sha256-${createHash('sha256').update(entryStartScript).digest('base64')}'`;

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

/** The helmet options: the same for helmet's hooks and for the answers written before routing. */
function helmetOptions(isProduction: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: the entry pages' start after the first paint (decision 0218).
        scriptSrc: ["'self'", entryStartScriptSource],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        // blob: for the photo previews (object URLs the page made of the applicant's own file): React
        // 19 waits for an <img> shown in a transition to decode, and Chromium checks that decode()
        // of a blob: URL against connect-src.
        connectSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: isProduction ? { maxAge: 2 * 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The security headers helmet sets, as a plain record, for answers written before any hook runs (a
 * URL the router cannot decode, a client error, a timeout, a refused connection: issue 12). Computed
 * by running helmet itself once, so both paths cannot drift apart.
 */
export function securityHeaders(isProduction: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(isProduction))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * The headers of the API's own answers (`/api…`: JSON, and the staff's evidence files), which are no
 * page: what OWASP's REST Security Cheat Sheet lists for an API answer. A CSP that allows nothing and
 * no framing (should an answer be opened as a document), nosniff, X-Frame-Options for older browsers,
 * Cross-Origin-Resource-Policy (no other site may load an answer), and HSTS in production.
 * Cache-Control: no-store is set after routing (request-hooks.ts). The rest of the page set concerns
 * what a document loads, opens or sends (referrer, DNS prefetch, opener, agent cluster, the legacy
 * XSS filter and download and Flash policies) and does nothing on JSON; each header costs the server
 * and the phone on every call (decision 0246).
 */
export function apiSecurityHeaders(isProduction: boolean): Readonly<Record<string, string>> {
  const page = securityHeaders(isProduction);
  const hsts = page['strict-transport-security'];
  return Object.freeze({
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    ...(hsts === undefined ? {} : { 'strict-transport-security': hsts }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
}

/** An answer of the API (decides its security headers: apiSecurityHeaders, not the page's). */
export const isApiUrl = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Answers of the API and of the development tools carry personal data: no cache anywhere may keep them. */
export const isNoStoreUrl = (url: string): boolean => isApiUrl(url) || url.startsWith('/__dev');
