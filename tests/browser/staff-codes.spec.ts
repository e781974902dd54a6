import { brandUrl, expect, isHydrated, logInAs, payOnProviderSandbox, test, text, watchConsole, goOnPastPauseScreens } from './fixtures';
import { severeViolations, staffLogin, staffText as staff } from './staff-login';

// Back office, codes (issue 15 item 3): the brand's admin makes a discount code in the staff workspace, valid once per
// member; a member uses it in the shop and pays through the sandbox; the second use is refused ('Code reeds
// gebruikt'); the workspace then shows the use and its revenue. admin@demo.test is the seed's owner.

const BRAND = 'flirtlokaal';
const member = (key: string, values: Record<string, string | number> = {}) =>
  text('nl', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

test('an admin creates a discount code that a member can use once; the second use is refused', async ({ browser }) => {
  test.setTimeout(120_000);
  const code = `BO${Date.now().toString(36).toUpperCase()}`;
  const admin = await staffLogin(browser, BRAND, 'admin@demo.test');
  const adminProblems = watchConsole(admin);

  await test.step('the admin makes the code in the workspace', async () => {
    await admin.getByRole('link', { name: staff('nav.codes') }).click();
    await expect(admin.getByRole('heading', { level: 1, name: staff('codes.title') })).toBeVisible();
    await admin.getByRole('button', { name: staff('codes.create') }).click();
    const form = admin.getByTestId('code-form');
    await form.getByLabel(staff('codes.code'), { exact: true }).fill(code.toLowerCase());
    await form.getByLabel(staff('codes.percentage')).fill('15');
    await form.getByLabel(staff('codes.validity')).selectOption({ label: staff('codes.validity_once_per_user') });
    // A date in the past is refused before anything is sent.
    await form.getByLabel(staff('codes.expires')).fill('2020-01-01T12:00');
    await form.getByRole('button', { name: staff('codes.save') }).click();
    await expect(form.getByText(staff('validation.date_past'))).toBeVisible();
    await form.getByLabel(staff('codes.expires')).fill('');
    await form.getByRole('button', { name: staff('codes.save') }).click();
    await expect(form).toHaveCount(0);
    const row = admin.getByTestId('codes-table').getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('15%');
    await expect(row).toContainText(staff('codes.validity_once_per_user'));
    expect(await severeViolations(admin)).toEqual([]);
  });

  const page = await (await browser.newContext({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } })).newPage();
  await goOnPastPauseScreens(page);
  const memberProblems = watchConsole(page);
  await logInAs(page, BRAND, 'premium@demo.test');
  const apply = async () => {
    const form = page.getByTestId('checkout');
    // A value typed before hydration is lost when React takes the field over; each try would be a lookup, and
    // lookups are limited per member (60 an hour), so the test waits for the page instead of trying again.
    await expect.poll(() => isHydrated(form.getByLabel(member('shop.code_label')))).toBe(true);
    await form.getByLabel(member('shop.code_label')).fill(code.toLowerCase());
    await form.getByRole('button', { name: member('shop.code_apply') }).click();
  };

  await test.step('the member uses it once and pays the discounted price', async () => {
    await page.goto(brandUrl(BRAND, '/credits/2/ideal'));
    await apply();
    await expect(page.getByText(member('shop.code_applied', { code, percent: 15 }))).toBeVisible();
    // 29,95 less 15%.
    await expect(page.getByTestId('total')).toHaveText(/25,46/);
    await page.getByTestId('consent').check();
    await page.getByRole('button', { name: member('pay.submit') }).click();
    await payOnProviderSandbox(page);
    await expect(page.getByTestId('transaction-paid')).toBeVisible();
  });

  await test.step('the second use is refused', async () => {
    await page.goto(brandUrl(BRAND, '/credits/2/ideal'));
    await apply();
    await expect(page.getByTestId('code-problem')).toHaveText('Code reeds gebruikt');
    await expect(page.getByTestId('total')).toHaveText(/29,95/);
  });

  await test.step('the workspace shows the use and its revenue', async () => {
    await admin.reload();
    const row = admin.getByTestId('codes-table').getByRole('row').filter({ hasText: code });
    await expect(row.getByRole('cell').nth(4)).toHaveText('1');
    await expect(row).toContainText(/25,46/);
  });

  // The refused lookup's 409 is the browser logging the answer the test asked for.
  expect(memberProblems.filter((p) => !p.includes('status of 409'))).toEqual([]);
  // Leaving the queue screen closes its live socket while it may still be connecting; the browser warns of that.
  expect(adminProblems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
});

test("an operator's workspace offers only their screens; an admin screen opened by its address says so", async ({ browser }) => {
  const operator = await staffLogin(browser, BRAND, 'operator2@demo.test');
  const refused: string[] = [];
  operator.on('response', (answer) => {
    if (answer.status() === 403) refused.push(answer.url());
  });
  const nav = operator.getByRole('navigation', { name: staff('nav.label') });
  await expect(nav.getByRole('link', { name: staff('nav.queue') })).toBeVisible();
  for (const admins of ['nav.codes', 'nav.members', 'nav.dashboard', 'nav.audit', 'nav.moderation'] as const)
    await expect(nav.getByRole('link', { name: staff(admins) })).toHaveCount(0);

  for (const [path, title] of [
    ['/staff/codes', 'title.codes'],
    ['/staff/members', 'title.members'],
    ['/staff/moderation', 'title.moderation'],
  ] as const) {
    await operator.goto(brandUrl(BRAND, path));
    await expect(operator.getByRole('heading', { level: 1, name: staff(title) })).toBeVisible();
    await expect(operator.getByTestId('no-access')).toHaveText(staff('app.no_access'));
    // No form the server would refuse: the codes screen's buttons are not there.
    await expect(operator.getByRole('button', { name: staff('codes.create') })).toHaveCount(0);
  }
  await operator.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  await operator.context().close();
});
