import { cookieLifeDays, queryLimits } from '@koza/domain/constants';
import { entryChannel, isInvitationCodeFormat, isWorkplaceCodeFormat, normaliseCode } from '@koza/domain/fields/code-format';

// Entry query inputs (SPEC.md §3, §9): ?channel=&deviceId=&workplace=&invitation= on the entry pages.
// Each is checked on its own and dropped when invalid; the valid ones are kept for later screens.

export interface EntryQuery {
  channel?: string;
  deviceId?: string;
  workplace?: string;
  invitation?: string;
}

/** A UUID in its canonical 36-character form (any version). */
const uuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Reads and validates the entry query; invalid or missing inputs are left out. */
export function parseEntryQuery(search: string | URLSearchParams): EntryQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const result: EntryQuery = {};

  // A channel is cut to 20 characters; one with a character a channel id cannot have is dropped.
  const channel = entryChannel(params.get('channel') ?? '');
  if (channel !== null) result.channel = channel;

  const deviceId = params.get('deviceId');
  if (deviceId !== null && deviceId.length === queryLimits.deviceId && uuidPattern.test(deviceId)) {
    result.deviceId = deviceId.toLowerCase();
  }

  // The codes use the workplace screen's own format rules (6 or 8, and 6 characters), so a
  // prefilled code can always be applied there; both fit the query limits (8 and 6).
  const workplace = params.get('workplace');
  if (workplace !== null) {
    const code = normaliseCode(workplace);
    if (code.length <= queryLimits.workplace && isWorkplaceCodeFormat(code)) result.workplace = code;
  }
  const invitation = params.get('invitation');
  if (invitation !== null) {
    const code = normaliseCode(invitation);
    if (code.length <= queryLimits.invitation && isInvitationCodeFormat(code)) result.invitation = code;
  }
  return result;
}

/** Cookie names of the codes kept for the workplace screen. */
export const entryCookieNames = { workplace: 'koza_workplace', invitation: 'koza_invitation' } as const;
export type EntryCode = keyof typeof entryCookieNames;

const cookieMaxAgeSeconds = cookieLifeDays * 24 * 60 * 60;

/** The Set-Cookie string for one code: 7 days, whole site, Lax, Secure over https. */
export function entryCookie(name: EntryCode, value: string, protocol: string): string {
  const secure = protocol === 'https:' ? '; Secure' : '';
  return `${entryCookieNames[name]}=${encodeURIComponent(value)}; Max-Age=${cookieMaxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The workplace and invitation codes given at entry within the last 7 days, for the workplace
 * screen (and the child personal screen) to prefill.
 */
export function readEntryCodes(cookie: string = document.cookie): Partial<Record<EntryCode, string>> {
  const jar = new Map<string, string>();
  for (const part of cookie.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    try {
      jar.set(key, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // A malformed value is treated as absent.
    }
  }
  const result: Partial<Record<EntryCode, string>> = {};
  const workplace = jar.get(entryCookieNames.workplace);
  if (workplace && isWorkplaceCodeFormat(workplace)) result.workplace = workplace;
  const invitation = jar.get(entryCookieNames.invitation);
  if (invitation && isInvitationCodeFormat(invitation)) result.invitation = invitation;
  return result;
}

/** Where the entry inputs go: channel and device id to session storage, the codes to cookies. */
export interface EntryStores {
  setChannel(channel: string): void;
  setDeviceId(deviceId: string): void;
  setCookie(cookie: string): void;
  protocol: string;
}

/** Keeps the valid entry inputs (SPEC.md §3); an input absent from this visit leaves the kept one alone. */
export function keepEntryQuery(query: EntryQuery, stores: EntryStores): void {
  if (query.channel) stores.setChannel(query.channel);
  if (query.deviceId) stores.setDeviceId(query.deviceId);
  if (query.workplace) stores.setCookie(entryCookie('workplace', query.workplace, stores.protocol));
  if (query.invitation) stores.setCookie(entryCookie('invitation', query.invitation, stores.protocol));
}
