import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bank } from '@koza/domain/banks/banks';
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

export type BankConfig = Pick<Config, 'hostMap' | 'defaultBankCode' | 'unknownHost'>;

export function decorateBank(app: FastifyInstance): void {
  app.decorateRequest('bank', null as unknown as Bank);
}

/**
 * The bank of a request's Host (request.bank, set by the onRequest hook of plugins/request-hooks.ts).
 * Outside production an unknown host gets the default bank (localhost, 127.0.0.1, a LAN address). In
 * production only configured hosts are served: any other host answers 421 Misdirected Request, so a
 * mistyped DNS name or a forged Host never shows a bank.
 */
export function bankOf(request: FastifyRequest, config: BankConfig): Bank | ApiError {
  const host = request.headers.host;
  if (config.unknownHost === 'reject' && !hostIndependentPaths.has(pathOf(request.url))) {
    if (!host || !Object.hasOwn(config.hostMap, hostName(host))) return new ApiError(421);
  }
  return getBank(bankCodeForHost(host, config.hostMap, config.defaultBankCode));
}

export const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};
