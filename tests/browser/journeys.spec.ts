import type { Browser, Page } from '@playwright/test';
import { activateFromMailbox, api, brandUrl, expect, isHydrated, test, text, goOnPastPauseScreens } from './fixtures';

// Issue 18 "Bringing members back", items 5-13: the journeys a member notices.

const BRAND = 'flirtlokaal';
const t = (key: string) => text('nl', key);

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

/** Signs up from the page through the API (an address of its own: the per-address signup limit is not tested here). */
async function signUp(page: Page, name: string): Promise<{ email: string; user: { id: number; profile: { id: number } } }> {
  const email = `journey-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  const { user } = await api<{ user: { id: number; profile: { id: number } } }>(page, '/api/signup.php', {
    method: 'POST',
    headers: { 'CF-Connecting-IP': ip },
    body: {
      email,
      name,
      password: 'Journey-secret-2026',
      date_of_birth: '1990-04-05',
      gender: 'female',
      looking_for: 'male',
      accept_terms: true,
    },
  });
  return { email, user };
}

/** A confirmed member in a browser context of their own. */
async function confirmedMember(browser: Browser, name: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND) }]);
  const page = await context.newPage();
  await goOnPastPauseScreens(page);
  await page.goto(brandUrl(BRAND, '/pages/faq'));
  const { email, user } = await signUp(page, name);
  await activateFromMailbox(page, BRAND, email);
  return { page, context, user };
}

async function fillLogin(page: Page, email: string) {
  const form = page.getByTestId('login');
  await form.getByLabel(t('account.fields.email')).fill(email);
  await form.getByLabel(t('account.fields.password'), { exact: true }).fill('Demo-pass-2026');
  await form.getByRole('button', { name: t('login.submit') }).click();
}

test('login returns to the page that sent the visitor there', async ({ page, context }) => {
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND) }]);
  await page.goto(brandUrl(BRAND, '/likes/given'));
  await expect(page).toHaveURL(brandUrl(BRAND, '/login?next=%2Flikes%2Fgiven'));
  await fillLogin(page, 'free@demo.test');
  await expect(page).toHaveURL(brandUrl(BRAND, '/likes/given'));
});

test('without JavaScript: the entry warning, the hero signup and the login form work as plain HTML', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });
  const page = await context.newPage();
  await page.goto(brandUrl(BRAND, '/pages/faq'));
  const warning = page.getByTestId('entry-warning');
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: t('entry_warning.enter') }).click();
  await expect(page).toHaveURL(brandUrl(BRAND, '/pages/faq'));
  await expect(page.getByTestId('entry-warning')).toHaveCount(0);

  await page.goto(brandUrl(BRAND, '/'));
  await page.getByTestId('cta-signup').click();
  await expect(page).toHaveURL(brandUrl(BRAND, '/signup'));

  await page.goto(brandUrl(BRAND, '/login?next=%2Flikes'));
  const form = page.getByTestId('login');
  await form.getByLabel(t('account.fields.email')).fill('free@demo.test');
  await form.getByLabel(t('account.fields.password'), { exact: true }).fill('wrong-password');
  await form.getByRole('button', { name: t('login.submit') }).click();
  await expect(page.getByText(t('errors.login_failed'))).toBeVisible();
  await fillLogin(page, 'free@demo.test');
  await expect(page).toHaveURL(brandUrl(BRAND, '/likes'));
  await context.close();
});

test('on a slow connection, taps before the script has arrived are not lost', async ({ page }) => {
  // Every script arrives three seconds late, as on a slow phone: the taps below happen before hydration.
  await page.route('**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.goto(brandUrl(BRAND, '/login?next=%2Fchats'), { waitUntil: 'commit' });
  await page
    .getByTestId('entry-warning')
    .getByRole('button', { name: t('entry_warning.enter') })
    .click();
  await expect(page.getByTestId('entry-warning')).toHaveCount(0);
  await expect(page).toHaveURL(brandUrl(BRAND, '/login?next=%2Fchats'));
  await fillLogin(page, 'free@demo.test');
  await expect(page).toHaveURL(brandUrl(BRAND, '/chats'));
});

test('a signup left halfway reopens at its step after a reload', async ({ page, context }) => {
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND) }]);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await page.goto(brandUrl(BRAND, '/'));
  await page.getByTestId('cta-signup').click();
  const flow = page.getByTestId('signup-modal');
  await flow.getByLabel(t('account.fields.email')).fill(`resume-${stamp}@example.com`);
  await flow.getByLabel(t('signup.account.name')).fill(`Terug${stamp.slice(-6)}`);
  await flow.getByLabel(t('account.fields.password'), { exact: true }).fill('verder-gaan-42');
  await flow.getByLabel(t('signup.account.birthdate')).fill('1988-03-02');
  await flow
    .getByRole('group', { name: t('signup.account.gender') })
    .getByRole('radio', { name: t('signup.account.male'), exact: true })
    .check();
  await flow
    .getByRole('group', { name: t('signup.account.looking_for') })
    .getByRole('radio', { name: t('signup.account.looking_female'), exact: true })
    .check();
  await flow.locator('input[name="accept_terms"]').check();
  await flow.getByRole('button', { name: t('signup.account.submit') }).click();
  await expect(flow.getByRole('heading', { name: t('signup.steps.photo') })).toBeVisible();
  // A signup in progress (SPEC.md §4): Escape, even twice (the browser then closes a dialog whatever the page
  // says), and a click beside it leave it open; its close button still works, below.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.mouse.click(3, 3);
  await expect(flow.getByRole('heading', { name: t('signup.steps.photo') })).toBeVisible();

  // A reload, and a new visit in another tab: the flow is open again at the photo step.
  await page.reload();
  await expect(page.getByTestId('signup-modal').getByRole('heading', { name: t('signup.steps.photo') })).toBeVisible();
  const again = await context.newPage();
  await again.goto(brandUrl(BRAND, '/members'));
  await expect(again.getByTestId('signup-modal').getByRole('heading', { name: t('signup.steps.photo') })).toBeVisible();
  await again
    .getByRole('dialog')
    .getByRole('button', { name: t('common.close') })
    .click();
  await expect(again.getByTestId('signup-modal')).toHaveCount(0);
});

test("a visitor's like shows its reason inside the signup dialog", async ({ page, context }) => {
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND) }]);
  await page.goto(brandUrl(BRAND, '/'));
  const card = page.getByTestId('profile-grid').locator('a').first();
  await card.click();
  await page.getByTestId('like-button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('signup-reason')).toHaveText(t('visitor.login_to_like'));
});

test('liking back opens the match modal', async ({ browser }) => {
  test.setTimeout(120_000);
  const anna = await confirmedMember(browser, 'Anna');
  const bert = await confirmedMember(browser, 'Bert');
  // Anna likes Bert first; Bert likes her back from her profile.
  await api(anna.page, '/api/likes.php', { method: 'POST', body: { profile_id: bert.user.profile.id } });
  await bert.page.goto(brandUrl(BRAND, `/members/${anna.user.profile.id}`));
  const like = bert.page.getByTestId('like-button');
  await expect.poll(() => isHydrated(like)).toBe(true);
  await like.click();
  const modal = bert.page.getByTestId('match-modal');
  await expect(modal).toBeVisible();
  await expect(bert.page.getByRole('dialog', { name: t('likes.modal_match') })).toBeVisible();
  await anna.context.close();
  await bert.context.close();
});

// Flirtlokaal pays through Verotel's order page (decision 013): a member who leaves it ("Back to the shop") finds the
// order pending. "Try again" is not part of this journey: Verotel's status service gives no checkout to reopen, so
// the shop answers order_closed for it (an open point of decision 013, 2026-11-29).
test('a pending order offers another method and cancel', async ({ page, context }) => {
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND) }]);
  await page.goto(brandUrl(BRAND, '/pages/faq'));
  await signUp(page, 'Koper');
  const place = () =>
    api<{ order: { id: number }; checkout_url: string }>(page, '/api/order.php', {
      method: 'POST',
      body: { package_id: 2, amount: 2995, currency: 'EUR', method: 'ideal', issuer: 'ideal_INGBNL2A', consent: true },
    });
  const first = await place();
  await page.goto(first.checkout_url);
  await expect(page.getByRole('heading', { name: 'Verotel FlexPay sandbox' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/transactions/${first.order.id}`));
  const pending = page.getByTestId('transaction-pending');
  await expect(pending.getByTestId('other-method')).toBeVisible();

  // Cancel: the order says it is cancelled.
  await page.getByTestId('cancel-order').click();
  await expect(page.getByTestId('transaction-failed')).toContainText(t('transaction.status.cancelled'));

  // Another method: the shop with the same package.
  const second = await place();
  await page.goto(second.checkout_url);
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await page.getByTestId('other-method').click();
  await expect(page).toHaveURL(brandUrl(BRAND, '/credits/2'));
});
