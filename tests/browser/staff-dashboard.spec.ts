import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Dashboard } from '../../core/schemas/staff-dashboard';
import { brandUrl, expect, test, watchConsole } from './fixtures';

// The back office's figures (issue 15, item 5): the demo owner signs in to the workspace, opens the dashboard,
// sees the whole deployment's charts (drawn by uPlot) with their tables, downloads a chart's CSV and switches to one
// brand. Today's column is live: the numbers of the table, the CSV and the API are the same. Axe checks the screen.

const BRAND = 'flirtlokaal';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const catalogue = JSON.parse(readFileSync('client/staff/i18n/nl.json', 'utf8')) as Record<string, string>;
const staff = (key: string, values: Record<string, string | number> = {}) => catalogue[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

/** The authenticator's current code, never one about to expire; a code is good once, so wait for a new step. */
async function totpCode(): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(TOTP_SECRET), digits: 6, period: 30, algorithm: 'SHA1' });
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 4000) await new Promise((resolve) => setTimeout(resolve, left + 250));
  return totp.generate();
}

async function signIn(page: Page, email: string) {
  await page.goto(brandUrl(BRAND, '/staff/login'));
  const form = page.getByTestId('staff-login');
  await form.getByLabel(staff('login.email')).fill(email);
  await form.getByLabel(staff('login.password')).fill('Demo-pass-2026');
  await form.getByLabel(staff('login.otp')).fill(await totpCode());
  await form.getByRole('button', { name: staff('login.submit') }).click();
  await expect(page).toHaveURL(brandUrl(BRAND, '/staff'));
}

test('an owner reads the figures of the deployment and of one brand, as charts, tables and CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await signIn(page, 'admin@demo.test');
  await page.getByRole('link', { name: staff('nav.dashboard') }).click();
  await expect(page).toHaveURL(brandUrl(BRAND, '/staff/dashboard'));
  await expect(page.getByRole('heading', { level: 1, name: staff('dashboard.title') })).toBeVisible();

  const members = page.getByTestId('chart-members');
  await expect(members.getByRole('heading', { name: staff('dashboard.members') })).toBeVisible();
  await expect(members.locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-messages').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-answer-time').locator('canvas')).toBeVisible();
  await expect(page.getByLabel(staff('filter.brand'))).toHaveValue('');

  // The table alternative: 90 days, today's signups as the API counts them (live).
  const api = (await page.evaluate(async () => (await fetch('/api/staff/dashboard.php', { headers: { Accept: 'application/json' } })).json())) as Dashboard;
  expect(api.days).toHaveLength(90);
  await members.getByText(staff('dashboard.table', { title: staff('dashboard.members') })).click();
  const rows = members.locator('details tbody tr');
  await expect(rows).toHaveCount(90);
  const today = api.days[89];
  await expect(rows.last().locator('th')).toHaveText(today);
  await expect(rows.last().locator('td').first()).toHaveText(String(api.series.signups[89]));

  // The CSV: a header and one row per day, the same numbers.
  const [download] = await Promise.all([page.waitForEvent('download'), members.getByRole('button', { name: staff('dashboard.csv') }).click()]);
  expect(download.suggestedFilename()).toBe(`figures-all-members-${api.from}-${api.to}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
  expect(csv[0]).toBe([staff('dashboard.day'), staff('dashboard.signups'), staff('dashboard.activations'), staff('dashboard.first_purchases'), staff('dashboard.paying_members')].join(','));
  expect(csv).toHaveLength(91);
  expect(csv[90].split(',').slice(0, 2)).toEqual([today, String(api.series.signups[89])]);

  expect(await new AxeBuilder({ page }).withTags(TAGS).analyze().then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id))).toEqual([]);

  // One brand, a shorter range.
  await page.getByLabel(staff('filter.brand')).selectOption(BRAND);
  await page.getByLabel(staff('dashboard.from')).fill(api.days[83]);
  await expect(page.getByTestId('chart-members').locator('details tbody tr')).toHaveCount(7);
  // The queue (the first screen) opens its live sockets; leaving it at once closes them before they connect.
  expect(problems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
});
