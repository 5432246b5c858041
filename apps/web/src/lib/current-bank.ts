import { isBankCode, type BankCode } from '@koza/domain/constants';
import { bankCodeForHost, devHostMap } from '@koza/domain/banks/banks';

export const defaultBankCode: BankCode = '0177';

/**
 * The bank comes from <meta name="bank-code">, which the API fills in from the request's Host.
 * The Vite dev server leaves the placeholder untouched, so there the host decides
 * (fukuoka.localhost:5173 …), falling back to the default bank.
 */
export function resolveBankCode(doc: Document = document, host: string = window.location.host): BankCode {
  const fromMeta = doc.querySelector<HTMLMetaElement>('meta[name="bank-code"]')?.content;
  if (isBankCode(fromMeta)) return fromMeta;
  return bankCodeForHost(host, devHostMap, defaultBankCode);
}
