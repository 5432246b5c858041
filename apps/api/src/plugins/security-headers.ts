import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Security headers for every answer (API and SPA). The SPA is built without inline scripts or
// styles, so the CSP allows only our own origin; HSTS only in production (it would pin
// http://localhost to https for a developer's browser).

export async function installSecurityHeaders(app: FastifyInstance, options: { isProduction: boolean }): Promise<void> {
  await app.register(helmet, {
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
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.isProduction ? { maxAge: 2 * 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });

  // Answers of the API carry personal data: no cache anywhere may keep them.
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/__dev')) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
