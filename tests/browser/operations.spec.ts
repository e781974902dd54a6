import { brandUrl, expect, test, watchConsole } from './fixtures';
import { staffLogin, staffText } from './staff-login';

// The operations screen (issue 48 item 7; README "Reading the operations screen"): the demo owner admin@demo.test
// opens /staff/operations on a phone (390 x 844) in the Dutch workspace and sees the route table with the requests
// this very session made, and the period switch to 7 days. Written for issue 48; not yet run.

const BRAND = 'flirtlokaal';

test('the owner reads the operations screen on a phone', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await staffLogin(browser, BRAND, 'admin@demo.test', { viewport: { width: 390, height: 844 } });
  const problems = watchConsole(page);
  await page.goto(brandUrl(BRAND, '/staff/operations'));
  await expect(page.getByRole('heading', { level: 1, name: staffText('ops.title') })).toBeVisible();
  // The session's own requests (login, me.php) are counted after their answers: the route table has rows.
  const routes = page.getByTestId('ops-routes');
  await expect(async () => {
    await page.reload();
    await expect(routes.getByRole('table')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(routes.getByTestId('ops-route-row').first()).toBeVisible();
  await expect(page.getByTestId('ops-queues').getByRole('table')).toBeVisible();
  // The table scrolls sideways inside its region on a phone; the page itself does not.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await page.getByTestId('ops-period').selectOption('7d');
  await expect(routes).toBeVisible();
  expect(problems).toEqual([]);
});
