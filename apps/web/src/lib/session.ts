import type { ApplicationType, BankCode } from '@koza/domain/constants';

// Session storage holds the bank code, application type, device id, token and previous path
// (SPEC.md §3). Every read and write goes through here so the keys are written once.
export const sessionKeys = {
  bankCode: 'bankCode',
  applicationType: 'applicationType',
  deviceId: 'deviceId',
  token: 'token',
  previousPath: 'previousPath',
  /** The entry channel (?channel=, SPEC.md §3): chooses the notifications and goes with verify. */
  channel: 'channel',
  /** The /term answers, so that Back and a reload keep them (JSON, see screens/term). */
  termAnswers: 'termAnswers',
  /** The /child/term answers (JSON, same shape as termAnswers). */
  childTermAnswers: 'childTermAnswers',
  /** The /verification step and address, so that a reload keeps them (JSON, see screens/verification). */
  verification: 'verification',
  /** Set once the applicant has dismissed the landing notices or the non-phone alert in this tab. */
  landingAcknowledged: 'landingAcknowledged',
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
  getDeviceId: (): string | null => storage()?.getItem(sessionKeys.deviceId) ?? null,
  setDeviceId: (deviceId: string): void => storage()?.setItem(sessionKeys.deviceId, deviceId),
  /** SPEC.md §8: a verify failure other than a wrong code clears the device id. */
  clearDeviceId: (): void => storage()?.removeItem(sessionKeys.deviceId),
  /**
   * The path of the page the applicant last moved from (SPEC.md §3 "Session storage holds … the
   * previous path"): the navigation guard's memory when a page's history state is lost.
   */
  getPreviousPath: (): string | null => storage()?.getItem(sessionKeys.previousPath) ?? null,
  setPreviousPath: (path: string): void => storage()?.setItem(sessionKeys.previousPath, path),
  getChannel: (): string | null => storage()?.getItem(sessionKeys.channel) ?? null,
  setChannel: (channel: string): void => storage()?.setItem(sessionKeys.channel, channel),
  isLandingAcknowledged: (): boolean => storage()?.getItem(sessionKeys.landingAcknowledged) === '1',
  acknowledgeLanding: (): void => storage()?.setItem(sessionKeys.landingAcknowledged, '1'),
  /** A JSON value kept by a screen; null when absent or unreadable (the screen then starts afresh). */
  getJson: (key: (typeof sessionKeys)['termAnswers' | 'childTermAnswers' | 'verification']): unknown => {
    const raw = storage()?.getItem(key);
    if (raw == null) return null;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  },
  setJson: (key: (typeof sessionKeys)['termAnswers' | 'childTermAnswers' | 'verification'], value: unknown): void =>
    storage()?.setItem(key, JSON.stringify(value)),
  /** Session storage is cleared on the completion and error screens (SPEC.md §2.5). */
  clear: (): void => storage()?.clear(),
};
