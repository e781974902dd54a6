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

  const members = page.getByTestId('chart-members');
  await expect(members.getByRole('heading', { name: staff('dashboard.members') })).toBeVisible();
  await expect(members.locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-messages').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-answer-time').locator('canvas')).toBeVisible();
  await expect(page.getByLabel(staff('filter.brand'))).toHaveValue('');

  // The table alternative: 90 days, today's signups as the API counted them (live).
  const api = (await (await loaded).json()) as Dashboard;
  expect(api.days).toHaveLength(90);
  await members.getByText(staff('dashboard.table', { title: staff('dashboard.members') })).click();
  const rows = members.locator('details tbody tr');
  await expect(rows).toHaveCount(90);
  const today = api.days[89];
  await expect(rows.last().locator('th')).toHaveText(today);
  await expect(rows.last().locator('td').first()).toHaveText(String(api.series.signups[89]));

  // The chart draws what the table holds, even today's live figures alone among days the daily roll-up has not
  // written yet (a dot in a series' colour; at equal values the last series' dot covers the others).
  expect(api.series.signups[89]).not.toBeNull();
  const seriesPixels = () =>
    members.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const colours = [
        [0x6d, 0x28, 0xd9],
        [0x0a, 0x7d, 0x4f],
        [0xc2, 0x41, 0x0c],
        [0x03, 0x69, 0xa1],
      ];
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if (colours.some(([r, g, b]) => Math.abs(data[i] - r) < 24 && Math.abs(data[i + 1] - g) < 24 && Math.abs(data[i + 2] - b) < 24))
          n++;
      return n;
    });
  await expect.poll(seriesPixels).toBeGreaterThan(0);
  // Its legend speaks the workspace's language (the axis, drawn on the canvas, too).
  await expect(members.locator('.u-legend')).toContainText(staff('dashboard.day'));
  await expect(members.locator('.u-legend')).not.toContainText('Time');

  // The CSV: a header and one row per day, the same numbers.
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
  expect(csv).toHaveLength(91);
  expect(csv[90].split(',').slice(0, 2)).toEqual([today, String(api.series.signups[89])]);

  expect(
    await new AxeBuilder({ page })
      .withTags(TAGS)
      .analyze()
      .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)),
  ).toEqual([]);

  // One brand, a shorter range.
  await page.getByLabel(staff('filter.brand')).selectOption(BRAND);
  await page.getByLabel(staff('dashboard.from'), { exact: true }).fill(api.days[83]);
  await expect(page.getByTestId('chart-members').locator('details tbody tr')).toHaveCount(7);
  // The queue (the first screen) opens its live sockets; leaving it at once closes them before they connect.
  expect(problems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
});
