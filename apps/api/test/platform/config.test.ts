import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allBanks } from '@koza/domain/banks/banks';
import { bankCodes } from '@koza/domain/constants';
import { ConfigError, devDefaults, loadConfig, parseBankHosts, repoRoot } from '../../src/config.ts';
import { productionEnv as baseProductionEnv, productionHostOf } from '../helpers/production-env.ts';

const rsaPem = (bits: number) => generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

const pem3072 = rsaPem(3072);
const accountSystemKey = generateKeyPairSync('rsa', { modulusLength: 3072 }).publicKey.export({ format: 'pem', type: 'spki' }).toString();
// The production environment of the helper (every bank's BANK_HOSTS entry and MAIL_FROM_<code>,
// from the bank rows), with keys this file checks and a second host for the last bank.
const lastBank = allBanks[allBanks.length - 1]!;
const base = baseProductionEnv();
const productionEnv: Record<string, string> = {
  ...base,
  BANK_HOSTS: `${base.BANK_HOSTS},www.${productionHostOf(lastBank)}`,
  PIN_PRIVATE_KEY: pem3072,
  ACCOUNT_SYSTEM_PUBLIC_KEY: accountSystemKey,
  DATABASE_URL: 'postgres://koza@db.internal:5432/koza',
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('configuration outside production', () => {
  it('starts with no variables at all, on development defaults', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.defaultBankCode).toBe('0177');
    expect(config.database).toEqual({ dialect: 'sqlite', path: `${repoRoot}/var/koza.sqlite` });
    expect(config.hostMap).toMatchObject({ 'fukuoka.localhost': '0177', 'kumamoto.localhost': '0587', 'juhachishinwa.localhost': '0181' });
    expect(config.unknownHost).toBe('default-bank');
    expect(config.smtpUrl).toBeNull();
    expect(config.mailFrom['0587']).toBe('no-reply@kumamoto.localhost');
    expect(config.ekyc).toEqual({
      providerUrl: 'http://127.0.0.1:3100',
      apiKey: devDefaults.EKYC_API_KEY,
      webhookSecret: devDefaults.EKYC_WEBHOOK_SECRET,
      jpkiCutover: '2027-04-01',
    });
    expect(config.pinDataKey).toHaveLength(32);
    expect(config.codeHashKey.length).toBeGreaterThanOrEqual(32);
    expect(config.pinPrivateKeyPem).toBeNull();
    expect(config.webDistDir).toBe(`${repoRoot}/apps/web/dist`);
  });

  it('returns a frozen object', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.ekyc)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow(TypeError);
  });

  it('reads the database URL: memory, file, PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({ dialect: 'sqlite', path: ':memory:' });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).database).toEqual({ dialect: 'sqlite', path: '/tmp/x.sqlite' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d' }).database).toMatchObject({ dialect: 'postgres', url: 'postgres://u@h:5432/d' });
    expect(problemsOf({ DATABASE_URL: 'mysql://h/d' })).toEqual(['DATABASE_URL: must start with sqlite: or postgres://']);
  });

  it('reads the PostgreSQL pool size (default 10) and refuses a non-positive one', () => {
    expect(loadConfig({}).databasePool.max).toBe(10);
    expect(loadConfig({ DB_POOL_MAX: '40' }).databasePool.max).toBe(40);
    expect(problemsOf({ DB_POOL_MAX: '0' })).toEqual([expect.stringMatching(/^DB_POOL_MAX: /)]);
    expect(problemsOf({ DB_POOL_MAX: 'many' })).toEqual([expect.stringMatching(/^DB_POOL_MAX: /)]);
  });

  it('adds configured hosts to the development hosts', () => {
    const config = loadConfig({ BANK_HOSTS: '0587=Kumamoto.Test:8080' });
    expect(config.hostMap['kumamoto.test']).toBe('0587');
    expect(config.hostMap['fukuoka.localhost']).toBe('0177');
  });

  it('reads the review target per bank: REVIEW_TARGET_BUSINESS_DAYS for all, REVIEW_TARGET_BUSINESS_DAYS_<code> for one, default 2', () => {
    const everyBank = (days: number) => Object.fromEntries(bankCodes.map((code) => [code, days]));
    expect(loadConfig({}).reviewTargetBusinessDays).toEqual(everyBank(2));
    expect(loadConfig({ REVIEW_TARGET_BUSINESS_DAYS: '4', REVIEW_TARGET_BUSINESS_DAYS_0181: '1' }).reviewTargetBusinessDays).toEqual({
      ...everyBank(4),
      '0181': 1,
    });
    expect(problemsOf({ REVIEW_TARGET_BUSINESS_DAYS_0587: '0' }).join('\n')).toMatch(/REVIEW_TARGET_BUSINESS_DAYS_0587/);
  });

  it('reports every malformed value at once', () => {
    const problems = problemsOf({ PORT: 'eighty', DEFAULT_BANK_CODE: '9999', LOG_LEVEL: 'loud' });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DEFAULT_BANK_CODE/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
  });

  it('rejects keys of the wrong size', () => {
    expect(problemsOf({ PIN_DATA_KEY: Buffer.alloc(16).toString('base64') })[0]).toMatch(/^PIN_DATA_KEY/);
    expect(problemsOf({ CODE_HASH_KEY: 'short' })[0]).toMatch(/^CODE_HASH_KEY/);
    expect(problemsOf({ PIN_PRIVATE_KEY: rsaPem(2048) })[0]).toMatch(/^PIN_PRIVATE_KEY: must be an RSA private key of at least 3072 bits/);
  });

  it('accepts the PIN key as PEM, as PEM with \\n escapes, or as base64', () => {
    expect(loadConfig({ PIN_PRIVATE_KEY: pem3072 }).pinPrivateKeyPem).toBe(pem3072);
    expect(loadConfig({ PIN_PRIVATE_KEY: pem3072.replace(/\n/g, '\\n') }).pinPrivateKeyPem).toBe(pem3072);
    expect(loadConfig({ PIN_PRIVATE_KEY: Buffer.from(pem3072).toString('base64') }).pinPrivateKeyPem).toBe(pem3072);
  });
});

describe('BANK_HOSTS', () => {
  it('maps each host to its bank, lower-cased and without port', () => {
    expect(parseBankHosts('0177=a.example.jp, B.example.jp:443 ; 0587=c.example.jp')).toEqual({
      'a.example.jp': '0177',
      'b.example.jp': '0177',
      'c.example.jp': '0587',
    });
  });

  it('refuses an unknown bank code and a host given to two banks', () => {
    expect(() => parseBankHosts('9999=a.example.jp')).toThrow(/known bank code/);
    expect(() => parseBankHosts('0177=a.example.jp;0587=a.example.jp')).toThrow(/two banks/);
  });
});

describe('configuration in production', () => {
  it('starts with every secret and address set', () => {
    const config = loadConfig(productionEnv);
    expect(config.isProduction).toBe(true);
    expect(config.unknownHost).toBe('reject');
    // Every bank on its configured hosts; development hosts are not served in production.
    expect(config.hostMap).toEqual({
      ...Object.fromEntries(allBanks.map((b) => [productionHostOf(b), b.code])),
      [`www.${productionHostOf(lastBank)}`]: lastBank.code,
    });
    expect(config.hostMap).toMatchObject({ 'koza.fukuoka.example.jp': '0177', 'koza.juhachishinwa.example.jp': '0181' });
    expect(config.mailFrom).toEqual(Object.fromEntries(bankCodes.map((code) => [code, productionEnv[`MAIL_FROM_${code}`]])));
    expect(config.logLevel).toBe('info');
  });

  it('refuses a staff password cost below scrypt N = 2^15 (tests only)', () => {
    expect(() => loadConfig({ ...productionEnv, STAFF_PASSWORD_LOG_N: '10' })).toThrow(/STAFF_PASSWORD_LOG_N/);
    expect(() => loadConfig({ ...productionEnv, STAFF_PASSWORD_LOG_N: '16' })).not.toThrow();
  });

  it('refuses to start without secrets, naming every missing variable', () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'production' });
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('accepted');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain('NODE_ENV=production');
    for (const name of [
      'BANK_HOSTS',
      'SMTP_URL',
      ...bankCodes.map((code) => `MAIL_FROM_${code}`),
      'EKYC_PROVIDER_URL',
      'EKYC_API_KEY',
      'EKYC_WEBHOOK_SECRET',
      'PUBLIC_BASE_URL',
      'PIN_DATA_KEY',
      'CODE_HASH_KEY',
      'PIN_PRIVATE_KEY',
      'ACCOUNT_SYSTEM_PUBLIC_KEY',
    ]) {
      expect(error.message).toContain(name);
    }
  });

  it('takes the account system’s RSA public key (3072 bits or more) for the hand-over, never the development one in production', () => {
    expect(loadConfig({ ...productionEnv }).accountSystemPublicKeyPem).toBe(accountSystemKey);
    expect(loadConfig({ ACCOUNT_SYSTEM_PUBLIC_KEY: Buffer.from(accountSystemKey).toString('base64') }).accountSystemPublicKeyPem).toBe(accountSystemKey);
    const small = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(problemsOf({ ACCOUNT_SYSTEM_PUBLIC_KEY: small })).toEqual(['ACCOUNT_SYSTEM_PUBLIC_KEY: must be an RSA public key of at least 3072 bits']);
    const dev = loadConfig({}).accountSystemPublicKeyPem;
    expect(problemsOf({ ...productionEnv, ACCOUNT_SYSTEM_PUBLIC_KEY: dev })).toEqual(['development default used in production: ACCOUNT_SYSTEM_PUBLIC_KEY']);
  });

  it('refuses a single missing secret', () => {
    expect(problemsOf({ ...productionEnv, CODE_HASH_KEY: undefined })).toEqual(['missing in production: CODE_HASH_KEY']);
    expect(problemsOf({ ...productionEnv, PIN_PRIVATE_KEY: '' })).toEqual(['missing in production: PIN_PRIVATE_KEY']);
  });

  it('refuses the development defaults', () => {
    const problems = problemsOf({
      ...productionEnv,
      EKYC_API_KEY: devDefaults.EKYC_API_KEY,
      PIN_DATA_KEY: devDefaults.PIN_DATA_KEY,
      CODE_HASH_KEY: devDefaults.CODE_HASH_KEY,
      MAIL_FROM_0181: 'no-reply@juhachishinwa.localhost',
    });
    expect(problems.join('\n')).toContain('development default used in production: EKYC_API_KEY, PIN_DATA_KEY, CODE_HASH_KEY');
    expect(problems.join('\n')).toContain('MAIL_FROM_0181: development default used in production');
  });

  it('refuses a public URL without https', () => {
    expect(problemsOf({ ...productionEnv, PUBLIC_BASE_URL: 'http://koza.fukuoka.example.jp' })).toEqual(['PUBLIC_BASE_URL: must be https:// in production']);
  });
});

describe('each bank’s staff identity provider (decision 0253)', () => {
  const fukuokaProvider = {
    STAFF_OIDC_ISSUER_0177: 'https://login.fukuoka-bank.example.jp/tenant-1/v2.0',
    STAFF_OIDC_CLIENT_ID_0177: 'koza-back-office',
    STAFF_OIDC_CLIENT_SECRET_0177: 'a-long-client-secret-of-the-bank',
    STAFF_OIDC_REQUIRED_ACR_0177: 'urn:fukuoka:mfa',
  };

  it('uses the development provider (npm start’s apps/dev-idp) outside production, pwd + otp required; `off` for none', () => {
    const config = loadConfig({});
    expect(config.staffOidc['0587']).toEqual({
      issuer: 'http://localhost:3200/0587',
      clientId: 'koza-admin-0587',
      clientSecret: 'dev-oidc-client-secret-0587-not-for-production',
      requiredAmr: ['pwd', 'otp'],
      requiredAcr: [],
      sessionMinutes: 480,
    });
    expect(config.staffLocalSignIn).toEqual({ '0177': 'on', '0587': 'on', '0181': 'on' });
    expect(loadConfig({ STAFF_OIDC_ISSUER_0181: 'off' }).staffOidc['0181']).toBeUndefined();
  });

  it('has no provider in production unless one is configured, and then takes it as given', () => {
    expect(loadConfig(productionEnv).staffOidc).toEqual({});
    const config = loadConfig({ ...productionEnv, ...fukuokaProvider, STAFF_LOCAL_SIGN_IN_0177: 'off', STAFF_OIDC_SESSION_MINUTES_0177: '240' });
    expect(config.staffOidc).toEqual({
      '0177': {
        issuer: 'https://login.fukuoka-bank.example.jp/tenant-1/v2.0',
        clientId: 'koza-back-office',
        clientSecret: 'a-long-client-secret-of-the-bank',
        requiredAmr: [],
        requiredAcr: ['urn:fukuoka:mfa'],
        sessionMinutes: 240,
      },
    });
    expect(config.staffLocalSignIn['0177']).toBe('off');
  });

  it('refuses in production a provider without its secret, with the development one, on http, or without the MFA it must report', () => {
    expect(problemsOf({ ...productionEnv, ...fukuokaProvider, STAFF_OIDC_CLIENT_SECRET_0177: undefined })).toEqual([
      'missing in production: STAFF_OIDC_CLIENT_SECRET_0177',
    ]);
    expect(problemsOf({ ...productionEnv, ...fukuokaProvider, STAFF_OIDC_CLIENT_SECRET_0177: 'dev-oidc-client-secret-0177-not-for-production' })).toEqual([
      'development default used in production: STAFF_OIDC_CLIENT_SECRET_0177',
    ]);
    expect(problemsOf({ ...productionEnv, ...fukuokaProvider, STAFF_OIDC_ISSUER_0177: 'http://login.fukuoka-bank.example.jp' })).toEqual([
      'STAFF_OIDC_ISSUER_0177: must be https:// in production',
    ]);
    expect(problemsOf({ ...productionEnv, ...fukuokaProvider, STAFF_OIDC_REQUIRED_ACR_0177: undefined })).toEqual([
      'STAFF_OIDC_REQUIRED_AMR_0177 or STAFF_OIDC_REQUIRED_ACR_0177: the MFA the provider must report (e.g. amr mfa, or the acr of its MFA policy)',
    ]);
    expect(problemsOf({ ...productionEnv, ...fukuokaProvider, STAFF_OIDC_CLIENT_ID_0177: undefined })).toEqual([
      'STAFF_OIDC_CLIENT_ID_0177: missing (the client id the provider gave this service)',
    ]);
  });

  it('refuses local sign-in off without a provider, an unknown switch and a session longer than the staff session', () => {
    expect(problemsOf({ ...productionEnv, STAFF_LOCAL_SIGN_IN_0587: 'off' })).toEqual([
      'STAFF_LOCAL_SIGN_IN_0587: off needs a provider (STAFF_OIDC_ISSUER_0587)',
    ]);
    expect(problemsOf({ STAFF_LOCAL_SIGN_IN_0587: 'maybe', STAFF_OIDC_SESSION_MINUTES_0587: '721' })).toEqual([
      'STAFF_LOCAL_SIGN_IN_0587: on or off',
      'STAFF_OIDC_SESSION_MINUTES_0587: whole minutes, 5 to 720',
    ]);
  });
});
