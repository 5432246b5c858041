import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceBodySchema, noticeBodySchema } from '@koza/domain/api/admin-announcements';
import type { App } from '../../src/app.ts';
import { fixedClock } from '../../src/adapters/clock.ts';
import { openDatabase, parseDatabaseUrl, type Db } from '../../src/db/database.ts';
import { createMaintenance, createNotice, endMaintenance } from '../../src/services/staff/announcements.ts';
import { landingAnswersTtlMs } from '../../src/plugins/entry-pages.ts';
import type { Actor } from '../../src/services/staff/audit.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp, testTempDir } from '../helpers/app.ts';
import { freePort } from '../helpers/ekyc-simulator.ts';
import { spawnInstance, waitUntilHealthy, type ApiInstance } from '../helpers/instances.ts';

// The entry pages (/term, /child/before-check) carry the bank's live maintenance window and notices
// in their first HTML, rendered by the web's server module at request time
// (docs/decisions/0216-landing-modal-in-the-first-html.md). A notice published through the staff
// service shows in the next page of every instance: two API processes on one PostgreSQL database.

const kumamoto = 'kumamoto.localhost:3000';
const staff: Actor = { staffId: null, loginId: 'entry.pages', bankCode: '0587', ipAddress: '127.0.0.1' };

/** `YYYY-MM-DDTHH:MM` in Japan time, minutes from now (what the back office's form sends). */
const japanLocal = (minutesFromNow: number) =>
  new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutesFromNow * 60_000 + 9 * 3_600_000).toISOString().slice(0, 16);

const publish = (db: Db, contents: string, channel: string | null = null, actor = staff) =>
  createNotice(db, actor, noticeBodySchema.parse({ channel, contents, displayOrder: 1, startedAt: japanLocal(-1), endedAt: null }), Date.now());

/**
 * A web build as apps/web writes it, with a stand-in for its server module (prerendered/render.js):
 * it renders the bank, the path and the answers it is given, and counts its renderings.
 */
function webBuildWithRenderModule(): string {
  const dir = testTempDir('web-entry-');
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="ja"><head><title>%BANK_NAME%</title></head><body><div id="root"></div></body></html>');
  mkdirSync(join(dir, 'prerendered', '0587'), { recursive: true });
  writeFileSync(join(dir, 'prerendered', '0587', 'term.html'), '<!doctype html><html><body><div id="root"><h1>0587/term prerendered</h1></div></body></html>');
  writeFileSync(
    join(dir, 'prerendered', '0587', 'error.html'),
    '<!doctype html><html><body><div id="root"><h1>0587/error prerendered</h1></div></body></html>',
  );
  writeFileSync(
    join(dir, 'prerendered', 'manifest.json'),
    JSON.stringify([
      { bankCode: '0587', path: '/term', search: '', file: 'prerendered/0587/term.html' },
      { bankCode: '0587', path: '/error', search: '', file: 'prerendered/0587/error.html' },
    ]),
  );
  writeFileSync(
    join(dir, 'prerendered', 'render.js'),
    `export const entryPaths = ['/term', '/child/before-check'];
export function renderEntryPage(bankCode, path, answers) {
  if (answers.notices && answers.notices.list.includes('render fails')) throw new Error('rendering failed');
  globalThis.entryRenderings = (globalThis.entryRenderings ?? 0) + 1;
  return { body: '<h1>' + bankCode + path + ' live</h1>', answers };
}
export function pageDocument(template, page) {
  const block = '<script type="application/json" id="landing-answers">' + JSON.stringify(page.answers) + '</script>';
  return template.replace('<div id="root"></div>', '<div id="root">' + page.body + '</div>' + block);
}
`,
  );
  return dir;
}

/** The answers a page carries (its landing-answers data block). */
function answersIn(html: string): unknown {
  const match = /<script type="application\/json" id="landing-answers">(.*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as unknown) : null;
}

const renderings = () => (globalThis as { entryRenderings?: number }).entryRenderings ?? 0;

forEachDialect((dialect) => {
  describe('the entry pages with the landing answers', () => {
    let app: App;
    let db: Db;
    // Real time, moved on by hand past the answers' second on each instance.
    const clock = fixedClock(new Date());
    beforeAll(async () => {
      db = await dialect.createDb();
      app = await createTestApp({ db, clock, env: { WEB_DIST_DIR: webBuildWithRenderModule() } });
    });
    afterAll(() => app.close());

    const page = (url: string) => app.inject({ method: 'GET', url, headers: { host: kumamoto } });
    /** The page once the answers read before are a second old. */
    const pageLater = (url: string) => {
      clock.advance(landingAnswersTtlMs);
      return page(url);
    };

    it("carry the bank's notices as they are now, never cached, and render the same answers once", async () => {
      const before = await page('/term');
      expect(before.statusCode).toBe(200);
      expect(before.headers['cache-control']).toBe('no-cache');
      expect(before.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(before.body).toContain('<h1>0587/term live</h1>');
      const quiet = answersIn(before.body) as { maintenance: null; notices: { target: string; list: string[] } };
      expect(quiet.maintenance).toBeNull();
      expect(quiet.notices.target).toBe('0587');

      await publish(db, '熊本銀行からのお知らせ：窓口の営業時間が変わります。');
      // Within the second the instance serves the answers it read; then the published notice.
      expect(answersIn((await page('/term')).body)).toEqual(quiet);
      const after = await pageLater('/child/before-check');
      expect(after.body).toContain('<h1>0587/child/before-check live</h1>');
      const published = answersIn(after.body) as typeof quiet;
      expect(published.maintenance).toBeNull();
      expect(published.notices.list.toSorted()).toEqual([...quiet.notices.list, '熊本銀行からのお知らせ：窓口の営業時間が変わります。'].toSorted());
      const rendered = renderings();
      const again = await page('/child/before-check');
      expect(again.body).toBe(after.body);
      expect(renderings()).toBe(rendered);
    });

    it('carry the notices of the channel in the query, and the maintenance window (without notices) while one is active', async () => {
      // Channels without notices show the same page: rendered once, whatever the channel.
      expect(answersIn((await pageLater('/term?channel=nobody-1')).body)).toEqual({ maintenance: null, notices: { target: 'nobody-1', list: [] } });
      const rendered = renderings();
      expect(answersIn((await page('/term?channel=nobody-2')).body)).toEqual({ maintenance: null, notices: { target: 'nobody-2', list: [] } });
      expect(renderings()).toBe(rendered);
      await publish(db, 'フェア会場の方へ', 'kumamoto-fair');
      expect(answersIn((await pageLater('/term?channel=kumamoto-fair')).body)).toEqual({
        maintenance: null,
        notices: { target: 'kumamoto-fair', list: ['フェア会場の方へ'] },
      });
      const id = await createMaintenance(db, staff, maintenanceBodySchema.parse({ startedAt: japanLocal(-1), endedAt: japanLocal(60) }), Date.now());
      const during = answersIn((await pageLater('/term')).body) as { maintenance: { startedAt: string; endedAt: string }; notices: null };
      expect(during.notices).toBeNull();
      expect(during.maintenance.endedAt.slice(0, 16)).toBe(japanLocal(60));
      await endMaintenance(db, staff, id, Date.now());
      expect((answersIn((await pageLater('/term')).body) as { maintenance: unknown }).maintenance).toBeNull();
    });

    it("never carry a sister bank's notices: a channel that is another bank's code lists nothing (issue 42)", async () => {
      const fukuoka = { host: 'fukuoka.localhost:3000' };
      const kumamotoOnly = '熊本銀行の管理者が掲載したお知らせ：0120-000-000 へお電話ください。';
      await publish(db, kumamotoOnly);
      clock.advance(landingAnswersTtlMs);
      for (const path of ['/term', '/child/before-check']) {
        const elsewhere = await app.inject({ method: 'GET', url: `${path}?channel=0587`, headers: fukuoka });
        expect(elsewhere.statusCode).toBe(200);
        expect(elsewhere.body).not.toContain(kumamotoOnly);
        expect(answersIn(elsewhere.body)).toEqual({ maintenance: null, notices: { target: '0587', list: [] } });
        // The host's own code as channel is the bank's own list, as without a channel.
        const own = answersIn((await app.inject({ method: 'GET', url: `${path}?channel=0177`, headers: fukuoka })).body) as { notices: { list: string[] } };
        const plain = answersIn((await app.inject({ method: 'GET', url: path, headers: fukuoka })).body) as { notices: { list: string[] } };
        expect(own.notices.list).toEqual(plain.notices.list);
        expect(own.notices.list).not.toContain(kumamotoOnly);
      }
      const api = await app.inject({ method: 'GET', url: '/api/notifications/0587', headers: fukuoka });
      expect(api.json()).toEqual({ notificationList: [] });
      const atHome = await app.inject({ method: 'GET', url: '/api/notifications/0587', headers: { host: kumamoto } });
      expect((atHome.json() as { notificationList: { contents: string }[] }).notificationList.map((n) => n.contents)).toContain(kumamotoOnly);
    });

    it('send the prerendered page when rendering fails, and every other page as before', async () => {
      await publish(db, 'render fails');
      const fallback = await pageLater('/term');
      expect(fallback.statusCode).toBe(200);
      expect(fallback.body).toContain('<h1>0587/term prerendered</h1>');
      expect((await page('/error')).body).toContain('<h1>0587/error prerendered</h1>');
    });
  });
});

forEachDialect((dialect) => {
  describe.runIf(dialect.name === 'postgres')('two API instances on one database', () => {
    let instances: ApiInstance[] = [];
    let db: Db;
    beforeAll(async () => {
      const databaseUrl = await dialect.createDatabaseUrl();
      db = await openDatabase(parseDatabaseUrl(databaseUrl));
      const webDist = webBuildWithRenderModule();
      const ports = [await freePort(), await freePort()];
      instances = ports.map((port, i) =>
        spawnInstance({ name: `instance ${i}`, port, databaseUrl, env: { WEB_DIST_DIR: webDist, DB_POOL_MAX: '2', LOG_LEVEL: 'warn' } }),
      );
      await Promise.all(instances.map((instance) => waitUntilHealthy(instance)));
    }, 120_000);
    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await db?.close();
    });

    it('show a notice published through the staff service in the next /term of each, within 5 s', async () => {
      const notice = `全インスタンスへのお知らせ ${Date.now()}`;
      // fetch() sends its own Host (127.0.0.1: the default bank, 0177), so the notice is 福岡銀行's.
      const termOf = async (instance: ApiInstance) => (await fetch(`${instance.url}/term`)).text();
      for (const instance of instances) expect(await termOf(instance)).toContain('<h1>0177/term live</h1>');
      for (const instance of instances) expect(await termOf(instance)).not.toContain(notice);
      await publish(db, notice, null, { ...staff, bankCode: '0177' });
      const published = Date.now();
      await Promise.all(
        instances.map(async (instance) => {
          while (!(await termOf(instance)).includes(notice)) {
            expect(Date.now() - published, `${instance.name} still without the notice`).toBeLessThan(5_000);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }),
      );
    });
  });
});
