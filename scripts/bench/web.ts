// The web as a phone gets it from the API: JS and CSS bytes per route as transferred (compressed),
// and Lighthouse 12 (mobile, simulated 4G, Debian's Chromium) for /term and for /personal reached
// through the user flow (/term → /verification → code from the dev mailbox → /personal, then a
// reload of /personal measured as a navigation: its CLS is the one an applicant sees).
//
// Chromium is launched once by puppeteer-core (Lighthouse's own driver) with a debugging port;
// Playwright attaches to the same tab to walk the flow with the e2e suite's role-and-label steps
// (e2e/support/general-flow.ts), so the bench follows the screens as the tests do.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { startFlow } from 'lighthouse';
import type { FlowResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { CDPSession } from 'puppeteer-core';
import { chromium } from 'playwright-core';
import { reachPersonal } from '../../e2e/support/general-flow.ts';
import type { Row } from './common.ts';
import { freePort, kib, log, repoRoot, startNode, waitFor } from './common.ts';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const webDist = join(repoRoot, 'apps/web/dist');
const androidChromeUA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

/** Builds the web (and the postal table it needs) from the sources as they are: a build left from older sources would be measured otherwise. */
function buildWeb(): void {
  log('building the web (npm run build) …');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const index = join(webDist, 'index.html');
  if (!existsSync(index) || statSync(index).size === 0) throw new Error('the web build wrote no index.html');
}

/** Bytes on the wire (encodedDataLength) of scripts and stylesheets, counted from a CDP session. */
class TransferCounter {
  private readonly types = new Map<string, string>();
  totals = { script: 0, stylesheet: 0, scriptFiles: 0 };
  constructor(session: CDPSession) {
    session.on('Network.responseReceived', (e: { requestId: string; type?: string }) => {
      if (e.type === 'Script' || e.type === 'Stylesheet') this.types.set(e.requestId, e.type);
    });
    session.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      const type = this.types.get(e.requestId);
      if (type === 'Script') {
        this.totals.script += e.encodedDataLength;
        this.totals.scriptFiles += 1;
      } else if (type === 'Stylesheet') this.totals.stylesheet += e.encodedDataLength;
    });
  }
  snapshot() {
    return { ...this.totals };
  }
}

interface StepFigures {
  name: string;
  score: number | null;
  tbt: number | undefined;
  lcp: number | undefined;
  cls: number | undefined;
  scriptBytes: number | undefined;
  styleBytes: number | undefined;
}

function stepFigures(result: FlowResult): StepFigures[] {
  return result.steps.map((step) => {
    const lhr = step.lhr;
    const summary = lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined;
    const size = (type: string) => summary?.items?.find((i) => i.resourceType === type)?.transferSize;
    return {
      name: step.name,
      score: lhr.categories.performance?.score ?? null,
      tbt: lhr.audits['total-blocking-time']?.numericValue,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue,
      scriptBytes: size('script'),
      styleBytes: size('stylesheet'),
    };
  });
}

export async function measureWeb(): Promise<Row[]> {
  buildWeb();
  const dir = mkdtempSync(join(tmpdir(), 'koza-bench-web-'));
  const port = await freePort();
  const api = startNode(join(repoRoot, 'apps/api/src/server.ts'), [], {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dir, 'web.sqlite')}`,
    LOG_LEVEL: 'warn',
  });
  const debuggingPort = await freePort();
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    pipe: false,
    args: [
      `--remote-debugging-port=${debuggingPort}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: Row[] = [];
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, 180_000, api.child);
    const base = `http://fukuoka.localhost:${port}`;
    const page = await browser.newPage();
    // A CDP session of our own: Lighthouse enables and disables Network on its sessions.
    const counting = await page.createCDPSession();
    const counted = new TransferCounter(counting);
    await counting.send('Network.enable');

    const flow = await startFlow(page, { name: 'koza: /term → /personal', flags: { screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false } } });
    // (the same emulation as `flags` below, for the repeated /term runs)
    log('Lighthouse: /term (cold navigation) …');
    await flow.navigate(`${base}/term`, { name: '/term' });
    const atTerm = counted.snapshot();

    log('walking /term → /verification → /personal with Playwright on the same tab …');
    // A phone, as Lighthouse emulates one (a desktop browser gets the "not supported" notice).
    await page.setUserAgent(androidChromeUA);
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const attached = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
    const pwPage = attached.contexts().flatMap((c) => c.pages()).find((p) => p.url().includes('/term'));
    if (!pwPage) throw new Error('Playwright did not find the /term tab');
    // reachPersonal opens /term itself: the navigation is a cache hit of what Lighthouse just loaded.
    try {
      await reachPersonal(pwPage, { baseURL: base, mailAddress: `bench.web.${Date.now()}@example.jp` });
    } catch (error) {
      const shot = join(tmpdir(), 'koza-bench-web-failure.png');
      await pwPage.screenshot({ path: shot }).catch(() => undefined);
      log(`the flow stopped at ${pwPage.url()} (screenshot: ${shot}); page text: ${(await pwPage.locator('body').innerText().catch(() => '')).slice(0, 300)}`);
      throw error;
    }
    await pwPage.waitForLoadState('networkidle');
    const atPersonal = counted.snapshot();
    await attached.close().catch(() => undefined);

    log('Lighthouse: /personal (reload within the session) …');
    await flow.navigate(`${base}/personal`, { name: '/personal (reload after the flow)', disableStorageReset: true });
    const steps = stepFigures(await flow.createFlowResult());

    // Lighthouse varies from run to run (its TBT most): /term twice more, each in a fresh tab, and the
    // median of the three is the figure.
    const flags = { screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false } };
    const termRuns = steps.filter((st) => st.name === '/term');
    for (let run = 2; run <= 3; run++) {
      log(`Lighthouse: /term (cold navigation, run ${run} of 3) …`);
      const tab = await browser.newPage();
      const again = await startFlow(tab, { name: `koza: /term, run ${run}`, flags });
      await again.navigate(`${base}/term`, { name: '/term' });
      termRuns.push(...stepFigures(await again.createFlowResult()));
      await tab.close();
    }
    const median = (values: (number | null | undefined)[]) => {
      const known = values.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
      return known.length ? known[Math.floor((known.length - 1) / 2)] : undefined;
    };
    const term = termRuns[0];
    if (term) {
      const index = steps.indexOf(term);
      steps[index] = {
        ...term,
        name: `/term (median of ${termRuns.length} runs; TBT ${termRuns.map((r) => r.tbt?.toFixed(0)).join(' / ')} ms)`,
        score: median(termRuns.map((r) => r.score)) ?? null,
        tbt: median(termRuns.map((r) => r.tbt)),
        lcp: median(termRuns.map((r) => r.lcp)),
        cls: median(termRuns.map((r) => r.cls)),
      };
    }

    rows.push(
      {
        section: 'web',
        name: 'JS / CSS for /term (transferred)',
        value: `${kib(atTerm.script)} in ${atTerm.scriptFiles} files / ${kib(atTerm.stylesheet)}`,
        target: 'JS ≤ 60 KiB',
        met: atTerm.script <= 60 * 1024,
      },
      {
        section: 'web',
        name: 'JS / CSS from /term until /personal is shown (transferred)',
        value: `${kib(atPersonal.script)} in ${atPersonal.scriptFiles} files / ${kib(atPersonal.stylesheet)}`,
        target: 'JS ≤ 150 KiB',
        met: atPersonal.script <= 150 * 1024,
      },
    );
    for (const s of steps) {
      rows.push({
        section: 'Lighthouse 12 mobile',
        name: s.name,
        value: `performance ${s.score === null ? '–' : Math.round(s.score * 100)}; TBT ${s.tbt?.toFixed(0)} ms, LCP ${((s.lcp ?? NaN) / 1000).toFixed(1)} s, CLS ${s.cls?.toFixed(3)}; JS ${s.scriptBytes === undefined ? '–' : kib(s.scriptBytes)}, CSS ${s.styleBytes === undefined ? '–' : kib(s.styleBytes)}`,
        target: s.name.startsWith('/term') ? '≥ 95; TBT ≤ 200 ms, LCP ≤ 2.5 s' : 'CLS ≤ 0.1',
        met:
          s.name.startsWith('/term')
            ? (s.score ?? 0) >= 0.95 && (s.tbt ?? Infinity) <= 200 && (s.lcp ?? Infinity) <= 2500
            : (s.cls ?? Infinity) <= 0.1,
      });
      log(`Lighthouse ${s.name}: ${rows.at(-1)?.value}`);
    }
  } finally {
    await browser.close().catch(() => undefined);
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
