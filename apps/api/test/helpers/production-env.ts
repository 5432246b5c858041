import { generateKeyPairSync } from 'node:crypto';

/** A complete production configuration (every required variable, none a development default). */
export const productionEnv = () => ({
  NODE_ENV: 'production',
  BANK_HOSTS: '0177=koza.fukuoka.example.jp;0587=koza.kumamoto.example.jp;0181=koza.juhachishinwa.example.jp',
  SMTP_URL: 'smtp://mail.internal:587',
  MAIL_FROM_0177: 'no-reply@fukuoka.example.jp',
  MAIL_FROM_0587: 'no-reply@kumamoto.example.jp',
  MAIL_FROM_0181: 'no-reply@juhachishinwa.example.jp',
  EKYC_PROVIDER_URL: 'https://ekyc.example.com',
  EKYC_API_KEY: 'prod-api-key-0123456789',
  EKYC_WEBHOOK_SECRET: 'prod-webhook-secret-0123456789',
  PUBLIC_BASE_URL: 'https://koza.fukuoka.example.jp',
  PIN_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
  CODE_HASH_KEY: Buffer.alloc(32, 9).toString('base64'),
  PIN_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 3072 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  ACCOUNT_SYSTEM_PUBLIC_KEY: generateKeyPairSync('rsa', { modulusLength: 3072 }).publicKey.export({ format: 'pem', type: 'spki' }).toString(),
});
