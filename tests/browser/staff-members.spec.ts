import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { brandUrl, expect, logInAs, payOnProviderSandbox, test, text, watchConsole, goOnPastPauseScreens } from './fixtures';
import { staffLogin, staffText } from './staff-login';

// Back office, members (issue 15): the owner admin@demo.test, in the Dutch workspace on flirtlokaal's host, finds
// premium@demo.test of ReifeKontakte (a brand no other browser test logs this member into, so blocking it ends no
// other test's session), refunds the order the member just paid (the member's balance and /transactions show it),
// blocks the account (its login shows the blocked text) and unblocks it (the login works again).

const STAFF_HOST = 'flirtlokaal';
const BRAND = 'reifekontakte';
const staff = staffText;
const de = (key: string, values: Record<string, string | number> = {}) =>
  text('de', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The owner, signed in on a laptop-sized window. */
function adminPage(browser: Browser): Promise<Page> {
  return staffLogin(browser, STAFF_HOST, 'admin@demo.test', { viewport: { width: 1366, height: 900 } });
}

/** A JSON call from the page (same origin, its cookies). */
function call<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ p, i }) => {
      const res = await fetch(p, {
        method: i.method ?? 'GET',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Request-Type': 'client' },
        body: i.body === undefined ? undefined : JSON.stringify(i.body),
      });
      return res.json();
    },
    { p: path, i: init },
  ) as Promise<T>;
}

async function severeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Opens an action's dialog, gives the reason and confirms. */
async function act(page: Page, label: string, reason: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(staff('member.reason')).fill(reason);
  await dialog.getByRole('button', { name: staff('member.confirm', { action: label }) }).click();
  await expect(dialog).toBeHidden();
}

async function memberLogin(page: Page) {
  await page.goto(brandUrl(BRAND, '/login'));
  const form = page.getByTestId('login');
  await form.getByLabel(de('account.fields.email')).fill('premium@demo.test');
  await form.getByLabel(de('account.fields.password'), { exact: true }).fill('Demo-pass-2026');
  await form.getByRole('button', { name: de('login.submit') }).click();
}

test('an admin finds a member, refunds its last order, blocks and unblocks it', async ({ browser }) => {
  test.setTimeout(180_000);
  const memberContext = await browser.newContext({ extraHTTPHeaders: { 'X-Debug-Country': 'DE' } });
  const member = await memberContext.newPage();
  await goOnPastPauseScreens(member);
  const memberProblems = watchConsole(member);
  await logInAs(member, BRAND, 'premium@demo.test', 'de');

  // The member buys a bundle on Verotel's order page (its sandbox): this is the last order the admin refunds.
  const shop = await call<{ currency: string; packages: { id: number; credits: number; price: number }[]; methods: string[] }>(
    member,
    '/api/packages.php',
  );
  const bundle = shop.packages[0];
  const placed = await call<{ order: { id: number }; checkout_url: string }>(member, '/api/order.php', {
    method: 'POST',
    body: { package_id: bundle.id, amount: bundle.price, currency: shop.currency, method: 'creditcard', consent: true },
  });
  expect(placed.order?.id, JSON.stringify(placed)).toBeTruthy();
  await member.goto(placed.checkout_url);
  await payOnProviderSandbox(member);
  await expect(member.getByTestId('transaction-paid')).toBeVisible();
  const paidCredits = (await call<{ user: { credits: number } }>(member, '/api/user.php')).user.credits;

  const admin = await adminPage(browser);
  const adminProblems = watchConsole(admin);

  await test.step('find the member by e-mail', async () => {
    await admin.getByRole('link', { name: staff('nav.members') }).click();
    await admin.getByLabel(staff('members.query')).fill('premium@demo.test');
    await admin.getByRole('button', { name: staff('members.search') }).click();
    const row = admin.getByRole('row').filter({ hasText: 'ReifeKontakte' }).filter({ hasText: 'premium@demo.test' });
    await expect(row).toHaveCount(1);
    expect(await severeViolations(admin)).toEqual([]);
    await row.getByRole('link').click();
    await expect(admin.getByRole('heading', { level: 1 })).toContainText('ReifeKontakte');
    await expect(admin.getByTestId('member-credits')).toHaveText(String(paidCredits));
    expect(await severeViolations(admin)).toEqual([]);
  });

  await test.step("refund the last order: the member's balance and /transactions show it", async () => {
    const label = staff('member.refund', { id: placed.order.id });
    await act(admin, label, 'Asked for a refund within the period');
    await expect(admin.getByRole('status').filter({ hasText: staff('member.refunded', { credits: bundle.credits }) })).toBeVisible();
    await expect(admin.getByTestId(`order-${placed.order.id}`)).toContainText(
      `${staff('value.order_status.refunded')} (${staff('value.refund_reason.staff')})`,
    );
    await expect(admin.getByTestId(`order-${placed.order.id}`)).toContainText(staff('value.payment_method.creditcard'));
    await expect(admin.getByTestId('member-credits')).toHaveText(String(paidCredits - bundle.credits));

    await member.goto(brandUrl(BRAND, `/transactions/${placed.order.id}`));
    await expect(member.getByTestId('transaction-refunded')).toBeVisible();
    await expect(member.getByTestId('transaction-refunded')).toContainText(de('transaction.status.refunded'));
    await expect(member.getByTestId('transaction-refunded')).toContainText(text('de', 'transaction.refunded_staff').split('{{')[0]);
    // Given back by staff, the order is over: no "try again", the way back to the members.
    await expect(member.getByTestId('transaction-refunded').getByRole('link', { name: de('transaction.retry') })).toHaveCount(0);
    await expect(member.getByTestId('transaction-refunded').getByRole('link', { name: de('transaction.to_members') })).toBeVisible();
    expect((await call<{ user: { credits: number } }>(member, '/api/user.php')).user.credits).toBe(paidCredits - bundle.credits);
    await member.goto(brandUrl(BRAND, '/transactions'));
    await expect(member.getByTestId('order-history')).toContainText(de('transaction.status.refunded'));
  });

  await test.step('block: the member is logged out and its login shows the blocked text', async () => {
    await act(admin, staff('member.block'), 'Chargeback fraud');
    await expect(admin.getByTestId('member-status')).toContainText(staff('member.blocked'));
    expect((await call<{ user: unknown }>(member, '/api/user.php')).user).toBeNull();
    await memberLogin(member);
    await expect(member.getByText(de('errors.account_blocked'))).toBeVisible();
    await expect(member).toHaveURL(brandUrl(BRAND, '/login'));
  });

  await test.step('unblock: the login works again', async () => {
    await admin.setViewportSize({ width: 768, height: 1024 }); // a tablet
    await act(admin, staff('member.unblock'), 'Resolved with the bank');
    await expect(admin.getByTestId('member-status')).not.toContainText(staff('member.blocked'));
    expect(await severeViolations(admin)).toEqual([]);
    await memberLogin(member);
    await member.waitForURL(brandUrl(BRAND, '/members'));
  });

  const trail = admin.getByRole('table', { name: staff('member.audit') });
  // The member's trail in words, not the stored codes.
  await expect(trail).toContainText(staff('value.audit_action.member_unblock'));
  await expect(trail).toContainText(staff('value.audit_action.order_refund'));
  await expect(trail).not.toContainText('order_refund');

  await test.step('the audit log, filtered to the unblock: one line, and no older page to ask for', async () => {
    await admin.getByRole('link', { name: staff('nav.audit') }).click();
    await admin.getByLabel(staff('audit.action')).fill('member_unblock');
    await admin.getByRole('button', { name: staff('audit.filter') }).click();
    const log = admin.getByRole('table', { name: staff('audit.title') });
    await expect(log.getByRole('row')).toHaveCount(2); // the header and the unblock
    // The action in words, with the code the filter takes.
    await expect(log).toContainText(staff('value.audit_action.member_unblock'));
    await expect(log).toContainText('member_unblock');
    await expect(log).toContainText(`${staff('value.audit_detail.reason')}: Resolved with the bank`);
    await expect(admin.getByRole('button', { name: staff('audit.more') })).toHaveCount(0);
  });

  await test.step("the refund's details in words: the amount in its currency, not in cents", async () => {
    await admin.getByLabel(staff('audit.action')).fill('order_refund');
    await admin.getByRole('button', { name: staff('audit.filter') }).click();
    const entry = admin
      .getByRole('table', { name: staff('audit.title') })
      .getByRole('row')
      .filter({ hasText: `${staff('value.audit_detail.order_id')}: ${placed.order.id}` });
    await expect(entry).toHaveCount(1);
    const amount = (bundle.price / 100).toLocaleString('nl-NL', { style: 'currency', currency: shop.currency });
    await expect(entry).toContainText(`${staff('value.audit_detail.amount')}: ${amount}`);
    await expect(entry).toContainText(`${staff('value.audit_detail.credits')}: ${bundle.credits}`);
    await expect(entry).not.toContainText(String(bundle.price));
    await expect(entry).not.toContainText(staff('value.audit_detail.currency'));
  });
  // The queue screen (where login lands) closes its live sockets when the admin leaves it: not a problem.
  expect(adminProblems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
  expect(memberProblems.filter((p) => !p.includes('403'))).toEqual([]);
});
