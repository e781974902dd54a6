import { USER_REFRESH_MS } from '../../core/constants';
import { api, brandUrl, expect, logInAs, onBrand, test, text } from './fixtures';

// The proxydemo project runs this spec through proxy mode (playwright.config.ts).
const BRAND = () => onBrand('flirtlokaal');
const t = (key: string) => text('nl', key);

test('in the installed app a back button takes the member from a profile back to the search, and only there', async ({ browser }) => {
  const installed = await browser.newContext();
  // What an installed app's browser reports (iOS's flag; Chromium's display-mode media query cannot be emulated).
  await installed.addInitScript(() => Object.defineProperty(navigator, 'standalone', { get: () => true }));
  const page = await installed.newPage();
  await logInAs(page, BRAND(), 'free@demo.test');
  const back = page.getByRole('button', { name: t('nav.back') });

  await test.step('the search is not one of the pages with a back button', async () => {
    await expect(page.getByTestId('search-results')).toHaveAttribute('aria-busy', 'false');
    await expect(back).toHaveCount(0);
  });

  await test.step('a profile opened from the search has one, and it returns to the same search', async () => {
    await page.goto(brandUrl(BRAND(), '/members?min_age=30&max_age=45'));
    await expect(page.getByTestId('search-results')).toHaveAttribute('aria-busy', 'false');
    await page.getByTestId('search-results').locator('li a').first().click();
    await expect(page.getByTestId('profile-view')).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(brandUrl(BRAND(), '/members?min_age=30&max_age=45'));
    await expect(page.getByTestId('profile-view')).toHaveCount(0);
    await expect(back).toHaveCount(0);
  });
  await installed.close();

  await test.step('in a browser tab the profile has no back button (the browser has its own)', async () => {
    const tab = await browser.newPage();
    await logInAs(tab, BRAND(), 'free@demo.test');
    await tab.getByTestId('search-results').locator('li a').first().click();
    await expect(tab.getByTestId('profile-view')).toBeVisible();
    await expect(tab.getByRole('button', { name: t('nav.back') })).toHaveCount(0);
    await tab.close();
  });
});

test("a page left open takes in the member's credits spent elsewhere at its next user refresh", async ({ page }) => {
  // The live socket would tell the page at once: here it connects and stays silent, as a connection that a
  // phone's network dropped without closing it, so only the user refresh can bring the news.
  await page.routeWebSocket(/\/api\/live\.php/, () => {});
  await page.clock.install();
  await logInAs(page, BRAND(), 'premium@demo.test');
  const badge = page.getByTestId('credits-count');
  await expect(badge).toHaveText(/^\d+$/);
  const before = Number(await badge.textContent());

  // Another tab of the same member sends a message: this page does not hear of it (no call of its own).
  const { results } = await api<{ results: { id: number; fictional: boolean }[] }>(page, '/api/search.php');
  const profile = results.find((p) => p.fictional) ?? results[0];
  const sent = await api<{ credits: number }>(page, '/api/chat.php', {
    method: 'POST',
    headers: { 'Idempotency-Key': `app-mode-${Date.now()}` },
    body: { to: { profile_id: profile.id }, kind: 'text', text: 'Hoi, zin in een praatje?' },
  });
  expect(sent.credits, JSON.stringify(sent)).toBeLessThan(before);
  await expect(badge).toHaveText(String(before));

  // SPEC.md §9: the user is read again every minute (the first time 5 s after the page started).
  await page.clock.fastForward(USER_REFRESH_MS);
  await expect(badge).toHaveText(String(sent.credits));
});
