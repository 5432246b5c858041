import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { fixedClock } from '../../src/adapters/clock.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { hosts } from '../helpers/auth.ts';

// GET /api/notifications/{bankCode or channel}: the notices of data/files/notifications.json active now.

const cameraNotice = '口座開設のお申込みには、運転免許証またはマイナンバーカードと、本人確認を行うスマートフォンのカメラが必要です。';

forEachDialect((dialect) => {
  const clock = fixedClock('2026-04-01T10:00:00+09:00');
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ db: await dialect.createDb(), clock });
  });
  afterAll(() => app.close());
  const get = async (target: string, host: string = hosts['0177']) => {
    const response = await app.inject({ method: 'GET', url: `/api/notifications/${encodeURIComponent(target)}`, headers: { host } });
    expect(response.statusCode).toBe(200);
    return (response.json() as { notificationList: { contents: string }[] }).notificationList.map((n) => n.contents);
  };

  it("lists a bank's notices active now, without auth", async () => {
    expect(await get('0177')).toEqual([cameraNotice]);
    expect(await get('0587', hosts['0587'])).toEqual([cameraNotice]);
  });

  it('includes a notice only inside its window', async () => {
    clock.set('2025-12-20T12:00:00+09:00');
    const list = await get('0177');
    expect(list).toHaveLength(2);
    expect(list[1]).toContain('年末年始');
    clock.set('2026-01-05T00:00:00+09:00');
    expect(await get('0177')).toEqual([cameraNotice]);
    clock.set('2025-03-31T23:59:59+09:00');
    expect(await get('0177')).toEqual([]);
    clock.set('2026-04-01T10:00:00+09:00');
  });

  it("lists a channel's notices, for any bank or for the host's bank only", async () => {
    const campaign = await get('campaign', hosts['0587']);
    expect(campaign).toHaveLength(1);
    expect(campaign[0]).toContain('キャンペーン');
    clock.set('2025-08-01T10:00:00+09:00');
    expect(await get('sasebo-fair', hosts['0181'])).toHaveLength(1);
    expect(await get('sasebo-fair', hosts['0177'])).toEqual([]);
    clock.set('2026-04-01T10:00:00+09:00');
  });

  it('answers an empty list for an unknown bank code or channel', async () => {
    expect(await get('9999')).toEqual([]);
    expect(await get('no-such-channel')).toEqual([]);
    expect(await get('x'.repeat(21))).toEqual([]);
    expect(await get('日本語')).toEqual([]);
  });
});
