import { defineConfig } from '@playwright/test';
import type { BrandOptions } from './tests/browser/fixtures';

export const TEST_PORT = Number(process.env.TEST_PORT ?? 8788);

// Browser tests drive Debian's Chromium (never a downloaded browser) against the production build served by
// scripts/serve-test.mjs; node-side checks (deploy dry run, seed) run in the same runner without a page.
// The specs of what a member does (log in, members and likes, chat with live delivery, credits with the sandbox
// checkout, settings) run a second time on proxydemo: the same brand in proxy mode, its pages and API served by its
// backend over HTTP (issue 16).
const THROUGH_PROXY = [
  'browser/accounts.spec.ts',
  'browser/chat.spec.ts',
  'browser/members.spec.ts',
  'browser/payments.spec.ts',
  'browser/proxy-live.spec.ts',
];

export default defineConfig<BrandOptions>({
  testDir: 'tests',
  testMatch: ['browser/**/*.spec.ts', 'node/**/*.spec.ts'],
  timeout: 60_000,
  // On CI (a shared, sometimes busy machine) a browser test gets one more try; scripts/test.mjs names any that needed it.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    // A stuck click or navigation fails with its own message instead of running into the test's timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
  },
  projects: [
    // The screenshots (visual.spec.ts) belong here only: proxydemo looks like flirtlokaal.
    { name: 'built-in', use: { brand: null } },
    { name: 'proxydemo', testMatch: THROUGH_PROXY, use: { brand: 'proxydemo' } },
  ],
  webServer: {
    command: `node scripts/serve-test.mjs`,
    env: { PORT: String(TEST_PORT) },
    url: `http://127.0.0.1:${TEST_PORT}/healthz`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 480_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
