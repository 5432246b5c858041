import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import helmet from 'helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Security headers for every answer (API and SPA). The SPA is built without inline scripts or
// styles, so the CSP allows only our own origin; HSTS only in production (it would pin
// http://localhost to https for a developer's browser).

/** The helmet options: the same for helmet's hooks and for the answers written before routing. */
function helmetOptions(isProduction: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
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
  // Same options; the two packages' declarations of them are distinct types.
  helmet(helmetOptions(isProduction) as Parameters<typeof helmet>[0])({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

export async function installSecurityHeaders(app: FastifyInstance, options: { isProduction: boolean }): Promise<void> {
  await app.register(fastifyHelmet, helmetOptions(options.isProduction));

  // Answers of the API carry personal data: no cache anywhere may keep them.
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/__dev')) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
