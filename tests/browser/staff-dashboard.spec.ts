import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Dashboard } from '../../core/schemas/staff-back-office-answers';
import { brandUrl, expect, test, watchConsole } from './fixtures';
import { signInAt, staffText } from './staff-login';

// The back office's figures (issue 15, item 5): the demo owner signs in to the workspace, opens the dashboard,
// sees the whole deployment's charts (drawn by uPlot) with their tables, downloads a chart's CSV and switches to one
// brand. Today's column is live: the numbers of the table, the CSV and the API are the same. Axe checks the screen.

const BRAND = 'flirtlokaal';
const staff = staffText;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

test('an owner reads the figures of the deployment and of one brand, as charts, tables and CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await signInAt(page, BRAND, 'admin@demo.test');
  // The figures the page itself loaded: other tests sign members up meanwhile, so a second fetch may count more.
  const loaded = page.waitForResponse((r) => r.url().includes('/api/staff/dashboard.php'));
  await page.getByRole('link', { name: staff('nav.dashboard') }).click();
  await expect(page).toHaveURL(brandUrl(BRAND, '/staff/dashboard'));
  await expect(page.getByRole('heading', { level: 1, name: staff('dashboard.title') })).toBeVisible();

  // The figures the page itself loaded: the API still answers every day of the range (null: not known).
  const api = (await (await loaded).json()) as Dashboard;
  expect(api.days).toHaveLength(90);
  // Issue 46, item 8: the screen shows the days from the first with any known figure (the demo has no roll-up of
  // past days until the cron runs: then only today), and says so, instead of 90 empty days.
  const columns = [...Object.values(api.series), ...Object.values(api.revenue)];
  const first = api.days.findIndex((_, i) => columns.some((values) => values[i] !== null));
  expect(first).toBeGreaterThanOrEqual(0); // today is always live
  const shown = api.days.slice(first);
  const today = api.days[89];
  if (first > 0) await expect(page.getByTestId('dashboard-since')).toBeVisible();

  const members = page.getByTestId('chart-members');
  await expect(members.getByRole('heading', { name: staff('dashboard.members') })).toBeVisible();
  await expect(page.getByLabel(staff('filter.brand'))).toHaveValue('');
  const rows = members.locator('details tbody tr');
  if (shown.length === 1) {
    // One day is its table, open, not a chart of one dot per series.
    await expect(members.locator('canvas')).toHaveCount(0);
    await expect(members.locator('details')).toHaveAttribute('open', '');
  } else {
    await expect(members.locator('canvas')).toBeVisible();
    await expect(page.getByTestId('chart-messages').locator('canvas')).toBeVisible();
    // Its legend speaks the workspace's language and, while no day is pointed at, shows the last day's figures (today's).
    await expect(members.locator('.u-legend')).toContainText(staff('dashboard.day'));
    await expect(members.locator('.u-legend')).not.toContainText('Time');
    await expect(members.locator('.u-legend')).toContainText(String(api.series.signups[89]));
    await members.getByText(staff('dashboard.table', { title: staff('dashboard.members') })).click();
  }
  await expect(rows).toHaveCount(shown.length);
  await expect(rows.last().locator('th')).toHaveText(today);
  await expect(rows.last().locator('td').first()).toHaveText(String(api.series.signups[89]));
  // A chart without any known figure (no answers yet: no answer times) says so instead of drawing dashes.
  const answerTimes = [api.series.answer_ms_median, api.series.answer_ms_p90].flatMap((values) => values.slice(first));
  if (answerTimes.every((v) => v === null)) {
    await expect(page.getByTestId('no-data-answer-time')).toHaveText(staff('dashboard.no_data'));
    await expect(page.getByTestId('chart-answer-time').locator('canvas, table')).toHaveCount(0);
  }

  // The CSV: a header and one row per day shown, the same numbers.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    members.getByRole('button', { name: staff('dashboard.csv') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`figures-all-members-${api.from}-${api.to}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe(
    [
      staff('dashboard.day'),
      staff('dashboard.signups'),
      staff('dashboard.activations'),
      staff('dashboard.first_purchases'),
      staff('dashboard.paying_members'),
    ].join(','),
  );
  expect(csv).toHaveLength(shown.length + 1);
  expect(csv[shown.length].split(',').slice(0, 2)).toEqual([today, String(api.series.signups[89])]);

  expect(
    await new AxeBuilder({ page })
      .withTags(TAGS)
      .analyze()
      .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)),
  ).toEqual([]);

  // One brand, a shorter range.
  await page.getByLabel(staff('filter.brand')).selectOption(BRAND);
  await page.getByLabel(staff('dashboard.from'), { exact: true }).fill(api.days[83]);
  await expect(page.getByTestId('chart-members').locator('details tbody tr')).toHaveCount(Math.min(7, shown.length));
  // The queue (the first screen) opens its live sockets; leaving it at once closes them before they connect.
  expect(problems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
});

test('on a phone, a range without figures says "no data yet" instead of drawing empty days (issue 46, item 8)', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'X-Debug-Country': 'NL' } })
  ).newPage();
  const problems = watchConsole(page);
  await signInAt(page, BRAND, 'admin@demo.test');
  await page.goto(brandUrl(BRAND, '/staff/dashboard'));
  await expect(page.getByRole('heading', { level: 1, name: staff('dashboard.title') })).toBeVisible();
  await page.getByLabel(staff('filter.brand')).selectOption(BRAND);
  // The oldest week of the range: before the demo's first roll-up, nothing is known there.
  const oldest = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  const weekLater = new Date(Date.now() - 83 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel(staff('dashboard.from'), { exact: true }).fill(oldest);
  const answer = page.waitForResponse((r) => r.url().includes('/api/staff/dashboard.php') && r.url().includes(`to=${weekLater}`));
  await page.getByLabel(staff('dashboard.to'), { exact: true }).fill(weekLater);
  const d = (await (await answer).json()) as Dashboard;
  const known = [...Object.values(d.series), ...Object.values(d.revenue)].some((values) => values.some((v) => v !== null));
  test.skip(known, 'this deployment has rolled-up figures for its oldest week');
  await expect(page.getByTestId('dashboard-no-data')).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(0);
  await expect(page.getByTestId('chart-members')).toHaveCount(0);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
});
