import { describe, expect, it, vi } from 'vitest';
import { queryLimits } from '@koza/domain/constants';
import { entryCookie, keepEntryQuery, parseEntryQuery, readEntryCodes } from './entry-query.ts';

const uuid = '3f2b8c1e-9a4d-4e6f-b1c2-7d8e9f0a1b2c';

describe('parseEntryQuery', () => {
  it('keeps every valid input', () => {
    expect(parseEntryQuery(`?channel=campaign&deviceId=${uuid}&workplace=AB123456&invitation=INV001`)).toEqual({
      channel: 'campaign',
      deviceId: uuid,
      workplace: 'AB123456',
      invitation: 'INV001',
    });
  });

  it('SPEC.md §3 "channel (kept to 20 characters)… invalid ones are dropped": a longer channel is cut to 20, an unsafe one dropped', () => {
    const twenty = 'c'.repeat(queryLimits.channel);
    expect(parseEntryQuery(`?channel=${twenty}`).channel).toBe(twenty);
    expect(parseEntryQuery(`?channel=${twenty}xyz`).channel).toBe(twenty);
    expect(parseEntryQuery(`?channel=${'campaign-2026-autumn-line'}`).channel).toBe('campaign-2026-autumn');
    expect(parseEntryQuery(`?channel=${twenty}x%2F`).channel).toBeUndefined();
    expect(parseEntryQuery('?channel=').channel).toBeUndefined();
    expect(parseEntryQuery('?channel=a%2Fb').channel).toBeUndefined();
    expect(parseEntryQuery('?channel=%E3%81%82').channel).toBeUndefined();
  });

  it('keeps a 36-character UUID as the device id and drops anything else', () => {
    expect(parseEntryQuery(`?deviceId=${uuid.toUpperCase()}`).deviceId).toBe(uuid);
    expect(parseEntryQuery(`?deviceId=${uuid}0`).deviceId).toBeUndefined();
    expect(parseEntryQuery(`?deviceId=${uuid.replaceAll('-', '')}`).deviceId).toBeUndefined();
    expect(parseEntryQuery('?deviceId=not-a-uuid').deviceId).toBeUndefined();
  });

  it('keeps a workplace code of 6 or 8 characters (at most 8) and drops others', () => {
    expect(parseEntryQuery('?workplace=123456').workplace).toBe('123456');
    expect(parseEntryQuery('?workplace=12345678').workplace).toBe('12345678');
    expect(parseEntryQuery('?workplace=1234567').workplace).toBeUndefined();
    expect(parseEntryQuery('?workplace=123456789').workplace).toBeUndefined();
    expect(parseEntryQuery('?workplace=12-456').workplace).toBeUndefined();
  });

  it('keeps an invitation code of 6 characters, converting full-width input, and drops others', () => {
    expect(parseEntryQuery('?invitation=ABC123').invitation).toBe('ABC123');
    expect(parseEntryQuery(`?invitation=${encodeURIComponent('ＡＢＣ１２３')}`).invitation).toBe('ABC123');
    expect(parseEntryQuery('?invitation=ABC1234').invitation).toBeUndefined();
    expect(parseEntryQuery('?invitation=ABC12').invitation).toBeUndefined();
  });

  it('drops invalid inputs one by one, keeping the valid ones', () => {
    expect(parseEntryQuery('?channel=ok&deviceId=bad&workplace=1&invitation=XYZ789')).toEqual({
      channel: 'ok',
      invitation: 'XYZ789',
    });
  });
});

describe('entry cookies', () => {
  it('keeps a code for 7 days on the whole site with SameSite=Lax', () => {
    expect(entryCookie('workplace', '123456', 'http:')).toBe('koza_workplace=123456; Max-Age=604800; Path=/; SameSite=Lax');
  });

  it('marks the cookie Secure over https', () => {
    expect(entryCookie('invitation', 'ABC123', 'https:')).toBe('koza_invitation=ABC123; Max-Age=604800; Path=/; SameSite=Lax; Secure');
  });

  it('reads the kept codes back, ignoring other and malformed cookies', () => {
    expect(readEntryCodes('a=1; koza_workplace=12345678; koza_invitation=ABC123')).toEqual({
      workplace: '12345678',
      invitation: 'ABC123',
    });
    expect(readEntryCodes('koza_workplace=12%; koza_invitation=toolongcode')).toEqual({});
  });

  it('round-trips through document.cookie', () => {
    document.cookie = entryCookie('workplace', '654321', 'http:');
    expect(readEntryCodes().workplace).toBe('654321');
    document.cookie = 'koza_workplace=; Max-Age=0; Path=/';
  });
});

describe('keepEntryQuery', () => {
  it('puts channel and device id in session storage and the codes in cookies', () => {
    const stores = { setChannel: vi.fn(), setDeviceId: vi.fn(), setCookie: vi.fn(), protocol: 'https:' };
    keepEntryQuery({ channel: 'campaign', deviceId: uuid, workplace: '123456', invitation: 'ABC123' }, stores);
    expect(stores.setChannel).toHaveBeenCalledWith('campaign');
    expect(stores.setDeviceId).toHaveBeenCalledWith(uuid);
    expect(stores.setCookie.mock.calls.map(([c]) => c)).toEqual([entryCookie('workplace', '123456', 'https:'), entryCookie('invitation', 'ABC123', 'https:')]);
  });

  it('leaves what was kept before when an input is absent', () => {
    const stores = { setChannel: vi.fn(), setDeviceId: vi.fn(), setCookie: vi.fn(), protocol: 'http:' };
    keepEntryQuery({}, stores);
    expect(stores.setChannel).not.toHaveBeenCalled();
    expect(stores.setDeviceId).not.toHaveBeenCalled();
    expect(stores.setCookie).not.toHaveBeenCalled();
  });
});
