import type { ApplicationType, BankCode } from '@koza/domain/constants';

// Session storage holds the bank code, application type, device id, token and previous path
// (SPEC.md §3). Every read and write goes through here so the keys are written once.
export const sessionKeys = {
  bankCode: 'bankCode',
  applicationType: 'applicationType',
  deviceId: 'deviceId',
  token: 'token',
  previousPath: 'previousPath',
} as const;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Some privacy modes throw on access; the app then behaves as if the session were empty.
    return undefined;
  }
}

export const session = {
  getToken: (): string | null => storage()?.getItem(sessionKeys.token) ?? null,
  setToken: (token: string): void => storage()?.setItem(sessionKeys.token, token),
  getBankCode: (): string | null => storage()?.getItem(sessionKeys.bankCode) ?? null,
  setBankCode: (code: BankCode): void => storage()?.setItem(sessionKeys.bankCode, code),
  getApplicationType: (): string | null => storage()?.getItem(sessionKeys.applicationType) ?? null,
  setApplicationType: (type: ApplicationType): void => storage()?.setItem(sessionKeys.applicationType, type),
  /** Session storage is cleared on the completion and error screens (SPEC.md §2.5). */
  clear: (): void => storage()?.clear(),
};
