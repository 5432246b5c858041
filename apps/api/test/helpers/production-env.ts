import { generateKeyPairSync } from 'node:crypto';
import { allBanks } from '@koza/domain/banks/banks';
import type { Bank } from '@koza/domain/banks/banks';

const hostLabel = (bank: Bank) => bank.devHost.replace(/\.localhost$/, '');

/** A bank's production host in the tests: koza.<name of its development host>.example.jp (koza.fukuoka.example.jp). */
export const productionHostOf = (bank: Bank): string => `koza.${hostLabel(bank)}.example.jp`;

/**
 * What an operator supplies per bank, for every bank of the domain: its BANK_HOSTS entry and its
 * MAIL_FROM_<code> sender (README, "A new bank").
 */
export const bankEnv = (): { BANK_HOSTS: string; [mailFrom: `MAIL_FROM_${string}`]: string } => ({
  BANK_HOSTS: allBanks.map((b) => `${b.code}=${productionHostOf(b)}`).join(';'),
  ...Object.fromEntries(allBanks.map((b) => [`MAIL_FROM_${b.code}`, `no-reply@${hostLabel(b)}.example.jp`])),
});

/** A complete production configuration (every required variable, none a development default). */
export const productionEnv = () => ({
  NODE_ENV: 'production',
  ...bankEnv(),
  SMTP_URL: 'smtp://mail.internal:587',
  EKYC_PROVIDER_URL: 'https://ekyc.example.com',
  EKYC_API_KEY: 'prod-api-key-0123456789',
  EKYC_WEBHOOK_SECRET: 'prod-webhook-secret-0123456789',
  PUBLIC_BASE_URL: 'https://koza.fukuoka.example.jp',
  PIN_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
  CODE_HASH_KEY: Buffer.alloc(32, 9).toString('base64'),
  PIN_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 3072 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  ACCOUNT_SYSTEM_PUBLIC_KEY: generateKeyPairSync('rsa', { modulusLength: 3072 }).publicKey.export({ format: 'pem', type: 'spki' }).toString(),
});
