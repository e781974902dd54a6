import type { Page } from '@playwright/test';
import { brandUrl, expect, isHydrated, test, text, watchConsole } from './fixtures';

// The home page carries only the entry bundle's catalogue keys (docs/decisions/006-catalogue-splitting.md): what
// loads later must still show its texts, never raw keys, and nothing may mismatch while hydrating.

const RAW_KEY = /\b(login|signup|pages|complaints|activation|settings|account|lang_config)\.[a-z_]+/;

/** Holds the rest of the catalogue back, so lazy code that did not wait for it would show raw keys. */
async function slowCatalogue(page: Page): Promise<void> {
  await page.route('**/i18n/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

test.describe('home page with a partial catalogue', () => {
  test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl('flirtlokaal') }]);
  });

  test('hydrates without mismatches, then a client-side visit to /login shows translated texts', async ({ page }) => {
    const problems = watchConsole(page);
    await slowCatalogue(page);
    await page.goto(brandUrl('flirtlokaal'));
    await expect(page.getByTestId('cta-signup')).toHaveText(text('nl', 'home.cta_signup'));
    await page
      .getByRole('navigation')
      .first()
      .getByRole('link', { name: text('nl', 'nav.login') })
      .click();
    await expect(page).toHaveURL(brandUrl('flirtlokaal', '/login'));
    expect(await page.locator('main').innerText()).not.toMatch(RAW_KEY);
    await expect(page.getByRole('heading', { name: text('nl', 'login.title') })).toBeVisible();
    await expect(page.getByRole('button', { name: text('nl', 'login.submit') })).toBeVisible();
    await expect(page.getByLabel(text('nl', 'account.fields.email'))).toBeVisible();
    expect(await page.locator('main').innerText()).not.toMatch(RAW_KEY);
    expect(problems).toEqual([]);
  });

  test('a footer link to an information page shows it translated', async ({ page }) => {
    const problems = watchConsole(page);
    await slowCatalogue(page);
    await page.goto(brandUrl('flirtlokaal'));
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: text('nl', 'footer.terms') })
      .click();
    await expect(page).toHaveURL(brandUrl('flirtlokaal', '/pages/terms'));
    await expect(page.getByText(text('nl', 'pages.company.title'))).toBeVisible();
    expect(await page.locator('main').innerText()).not.toMatch(RAW_KEY);
    expect(problems).toEqual([]);
  });

  test('the signup modal opened on the home page shows its texts', async ({ page }) => {
    const problems = watchConsole(page);
    await slowCatalogue(page);
    await page.goto(brandUrl('flirtlokaal'));
    await page.getByTestId('cta-signup').click();
    const modal = page.getByTestId('signup-modal');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(text('nl', 'signup.steps.account'));
    expect(await modal.innerText()).not.toMatch(RAW_KEY);
    expect(problems).toEqual([]);
  });

  test('a lazy screen loaded directly hydrates once the whole catalogue is in, without mismatches', async ({ page }) => {
    const problems = watchConsole(page);
    const catalogueRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/i18n/')) catalogueRequests.push(request.url());
    });
    await slowCatalogue(page);
    await page.goto(brandUrl('flirtlokaal', '/login'));
    // Server-rendered and translated before any script ran.
    await expect(page.getByRole('heading', { name: text('nl', 'login.title') })).toBeVisible();
    expect(await page.locator('main').innerText()).not.toMatch(RAW_KEY);
    await expect.poll(() => catalogueRequests.length).toBe(1);
    // Once hydrated, the app's own validation answers an empty submit, in Dutch.
    const submit = page.getByTestId('login').getByRole('button', { name: text('nl', 'login.submit') });
    await expect.poll(() => isHydrated(submit), { timeout: 10_000 }).toBe(true);
    await submit.click();
    await expect(page.getByTestId('login').getByLabel(text('nl', 'account.fields.email'))).toHaveAttribute('aria-invalid', 'true');
    expect(await page.locator('main').innerText()).not.toMatch(RAW_KEY);
    expect(problems).toEqual([]);
  });
});
