import type { BankCode } from '@koza/domain/constants';

// What the API's development defaults and the development identity provider (apps/dev-idp) share
// (decision 0253): public on purpose, refused in production (config.ts).

/**
 * The development identity provider (apps/dev-idp, started by `npm start`): one issuer per bank under
 * its own path, with a client per bank whose secret is public (it is in the repository).
 */
export const devStaffOidc = {
  port: 3200,
  issuer: (code: BankCode, port = 3200) => `http://localhost:${port}/${code}`,
  clientId: (code: BankCode) => `koza-admin-${code}`,
  clientSecret: (code: BankCode) => `dev-oidc-client-secret-${code}-not-for-production`,
  requiredAmr: ['pwd', 'otp'],
} as const;
