import type { FastifyInstance } from 'fastify';
import type { Bank } from '@koza/domain/banks/bank';
import { bankCodeForHost, getBank, hostName } from '@koza/domain/banks/banks';
import type { Config } from '../config.ts';
import { ApiError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bank of the request's Host (DECISIONS.md §2). */
    bank: Bank;
  }
}

/**
 * Paths a load balancer probes with whatever Host it likes, and the eKYC provider's webhook (server to
 * server, sent to PUBLIC_BASE_URL, which need not be a bank's host; its proof is the signature).
 */
const hostIndependentPaths = new Set(['/api/health', '/api/ready', '/api/ekyc/webhook']);

/**
 * Sets request.bank from the Host header. Outside production an unknown host gets the default bank
 * (localhost, 127.0.0.1, a LAN address). In production only configured hosts are served: any other
 * host answers 421 Misdirected Request, so a mistyped DNS name or a forged Host never shows a bank.
 */
export function installBank(app: FastifyInstance, config: Pick<Config, 'hostMap' | 'defaultBankCode' | 'unknownHost'>): void {
  app.decorateRequest('bank', null as unknown as Bank);
  app.addHook('onRequest', (request, _reply, done) => {
    const host = request.headers.host;
    if (config.unknownHost === 'reject' && !hostIndependentPaths.has(pathOf(request.url))) {
      if (!host || !Object.hasOwn(config.hostMap, hostName(host))) return done(new ApiError(421));
    }
    request.bank = getBank(bankCodeForHost(host, config.hostMap, config.defaultBankCode));
    done();
  });
}

export const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};
