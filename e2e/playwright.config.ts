import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium at an iPhone 13 viewport: its headless shell (package chromium-headless-shell,
// scripts/ensure-chromium.sh), the same engine without the full browser's window, GPU process and
// omnibox pages: 15 % less CPU and time on this 2-core machine (decision 0256). /usr/bin/chromium
// where the shell is not installed; CHROMIUM_PATH chooses another.
const chromiumPath =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';
// devices['iPhone 13'] would select WebKit, which is not installed: the phone is described by hand.
const iPhoneSafariUA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  // Each worker starts its own API server and database (fixtures.ts).
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI, reported as flaky in the list output, for the fake camera under load; locally none.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // What the user would see, waited for up to 10 s: a busy 2-core machine (two workers, each with its
  // API server and Chromium) can stall a screen for more than the default 5 s; a pass is no slower.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
        // A fake camera that needs no permission prompt, for the eKYC simulator's capture pages.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: iPhoneSafariUA,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
