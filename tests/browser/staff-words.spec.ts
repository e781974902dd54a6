import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { brandUrl, expect, logInAs, test, watchConsole } from './fixtures';
import { severeViolations, staffLogin, staffText } from './staff-login';

// Issue 46, items 7 and 10, on a phone (390 x 844): the workspace shows what it stores in words of its language
// (Dutch on flirtlokaal's host): a gift by its name, interests by their labels, payment methods as their makers
// write them, a brand by its name alone where the staff member works on no other of that name; and on the queue of a
// brand in proxy mode, where that brand's fictional profiles are answered. Written with care, not run here.

const BRAND = 'flirtlokaal';
const PHONE = { viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'X-Debug-Country': 'NL' } };
const staff = staffText;
const catalogue = JSON.parse(readFileSync('client/staff/i18n/nl.json', 'utf8'));
const INTEREST_LABELS = new Set(Object.values(catalogue.value.interest as Record<string, string>));
const METHOD_IDS = Object.keys(catalogue.value.payment_method as Record<string, string>);

/** A JSON call from the page (same origin, its cookies): Node cannot resolve *.localhost. */
function call<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ p, b }) => {
      const res = await fetch(p, {
        method: b === undefined ? 'GET' : 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-Request-Type': 'client',
          // A send names itself once (core/contract/member-ops.ts), as the app's composer does.
          ...(b === undefined ? {} : { 'Idempotency-Key': `words-${Date.now()}` }),
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return res.json();
    },
    { p: path, b: body },
  ) as Promise<T>;
}

async function phoneStaff(browser: Browser, email: string): Promise<Page> {
  const page = await staffLogin(browser, BRAND, email, PHONE);
  await expect(page.getByRole('heading', { level: 1, name: staff('queue.title') })).toBeVisible();
  return page;
}

/** Nothing of the page is wider than the phone. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('an operator reads a gift, interests and brands in words', async ({ browser }) => {
  test.setTimeout(180_000);
  const memberPage = await (await browser.newContext(PHONE)).newPage();
  await logInAs(memberPage, BRAND, 'premium@demo.test');
  // A fictional profile the member has not written to yet (other specs write to the demo's profiles too).
  const { results } = await call<{ results: { id: number; name: string; fictional: boolean }[] }>(memberPage, '/api/search.php');
  const { chats } = await call<{ chats: { profile: { id: number } }[] }>(memberPage, '/api/chats.php');
  const talkedTo = new Set(chats.map((c) => c.profile.id));
  const profile = results.find((p) => p.fictional && !talkedTo.has(p.id));
  expect(profile, 'a fictional profile without a conversation').toBeTruthy();
  const sent = await call<{ conversation?: { id: number } }>(memberPage, '/api/chat.php', {
    to: { profile_id: profile!.id },
    kind: 'gift',
    gift: 'rose',
  });
  expect(sent.conversation?.id, JSON.stringify(sent)).toBeTruthy();

  const op = await phoneStaff(browser, 'operator@demo.test');
  const problems = watchConsole(op);
  await test.step("the queue names the proxy demo's backend by its name alone", async () => {
    // The demo operators work on proxydemo-origin, not on proxydemo: no id is needed to tell them apart.
    await expect(op.getByTestId('waiting-counts')).toContainText('Proxy Demo');
    await expect(op.getByTestId('waiting-counts')).not.toContainText('proxydemo-origin');
    await fitsThePhone(op);
  });

  await test.step("the conversation shows the gift by its name and the member's interests by their labels", async () => {
    const item = op.getByTestId('queue-item').filter({ hasText: profile!.name });
    await expect(item).toHaveCount(1, { timeout: 20_000 });
    await item.getByRole('button').click();
    await expect(op).toHaveURL(/\/staff\/c\/flirtlokaal\/\d+$/);
    await expect(op.getByTestId('staff-message').last()).toContainText(staff('conversation.gift', { gift: staff('value.gift.rose') }));
    await expect(op.getByTestId('staff-message').last()).not.toContainText(': rose');
    for (const chip of await op.getByTestId('member-card').locator('.chips li').allTextContents()) {
      expect(chip).not.toContain('_');
      expect(INTEREST_LABELS.has(chip.trim()), chip).toBe(true);
    }
    expect(await severeViolations(op)).toEqual([]);
    await fitsThePhone(op);
  });
  expect(problems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
});

test("the member page names payment methods in words; a proxied brand's queue says where it is answered", async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await phoneStaff(browser, 'admin@demo.test');
  const problems = watchConsole(admin);

  await test.step('orders and mandates: methods and providers in words, the masked number kept', async () => {
    await admin.goto(brandUrl(BRAND, '/staff/members'));
    await admin.getByLabel(staff('members.query')).fill('premium@demo.test');
    await admin.getByRole('button', { name: staff('members.search') }).click();
    const row = admin.getByRole('row').filter({ hasText: 'Flirtlokaal' }).filter({ hasText: 'premium@demo.test' });
    await expect(row).toHaveCount(1);
    await row.getByRole('link').click();
    await expect(admin.getByTestId('member-credits')).toBeVisible();
    // The orders and the mandates tables (the ledger's references are the providers' own ids, shown as code).
    const ordersCaption = catalogue.member.orders.split('{{')[0].trim();
    const money = admin.locator('table').filter({ has: admin.locator('caption').filter({ hasText: ordersCaption }) });
    const mandates = admin.locator('table').filter({ has: admin.locator('caption').filter({ hasText: staff('member.mandates') }) });
    const tables = [...(await money.allTextContents()), ...(await mandates.allTextContents())].join('\n');
    // A stored method id ("ideal", "directdebit", "przelewy24") never shows as such: "iDEAL", "SEPA-incasso", "Przelewy24".
    for (const id of METHOD_IDS) expect(tables, id).not.toMatch(new RegExp(`(^|[^A-Za-z])${id}([^A-Za-z]|$)`));
    expect(tables).not.toMatch(/\bsandbox\b|\bccbill\b|\bverotel\b|\bmollie\b/);
    expect(await severeViolations(admin)).toEqual([]);
    // The member page was 469 px wide at 390 (2026-11-29): its cards now wrap and its tables scroll inside.
    await fitsThePhone(admin);
  });

  await test.step("the proxy demo's queue says its conversations are answered in its backend's brand", async () => {
    await admin.goto(brandUrl(BRAND, '/staff'));
    await admin.getByLabel(staff('filter.brand')).selectOption('proxydemo');
    const note = admin.getByTestId('proxied-proxydemo');
    await expect(note).toBeVisible();
    // The owner works on both brands named "Proxy Demo": each carries its id.
    await expect(note).toContainText(staff('queue.proxied', { brand: 'Proxy Demo (proxydemo)' }));
    await expect(note).toContainText(staff('queue.proxied_here', { backend: 'Proxy Demo (proxydemo-origin)' }));
    await expect(admin.getByTestId('queue')).toHaveCount(0);
    expect(await severeViolations(admin)).toEqual([]);
    await fitsThePhone(admin);
  });
  expect(problems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
});
