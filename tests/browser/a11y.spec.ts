import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { brandUrl, expect, logInAs, test } from './fixtures';

// Axe on the pages a visitor meets first (flirtlokaal, the brand with the lightest primary colour; every brand's
// primary must carry white text at 4.5:1, see tests/integration/tenants.test.ts). Serious and
// critical violations fail the test, listed with the elements axe names, and so does a skipped heading level
// (moderate to axe, but a screen reader's outline of the page).
const PAGES = ['/', '/pages/terms', '/pages/faq', '/complaints', '/login', '/premium', '/pricing', '/cams'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

async function severeViolations(page: Page, path: string | null) {
  await page.context().addCookies([{ name: 'entry_ok', value: '1', url: brandUrl('flirtlokaal') }]);
  if (path) await page.goto(brandUrl('flirtlokaal', path));
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .map((v) => ({ id: v.id, text: `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}` }));
}

for (const path of PAGES) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    const severe = (await severeViolations(page, path)).map((v) => v.text);
    expect(severe, severe.join('\n')).toEqual([]);
  });
}

// The members area, logged in as the premium demo member: search, a profile (opened from the results), likes,
// the swipe game, the match finder, the own profile and the shop.
test('no serious accessibility violations in the members area', async ({ page }) => {
  // Seven pages, each loaded and analysed by axe: 51-60 s on a busy 2-core machine, past the default minute.
  test.setTimeout(150_000);
  await logInAs(page, 'flirtlokaal', 'premium@demo.test');
  const severe: string[] = [];
  for (const path of ['/members', null, '/likes', '/swipe-game', '/match-finder', '/profile', '/credits']) {
    if (path === null) await page.getByTestId('result-cards').locator('li a').first().click();
    severe.push(...(await severeViolations(page, path)).map((v) => `${path ?? 'profile view'}: ${v.text}`));
  }
  expect(severe, severe.join('\n')).toEqual([]);
});

test('the first Tab stop skips the top navigation to the page itself', async ({ page }) => {
  await page.context().addCookies([{ name: 'entry_ok', value: '1', url: brandUrl('flirtlokaal') }]);
  await page.goto(brandUrl('flirtlokaal', '/pages/faq'));
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Naar de inhoud' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  // The next Tab is inside the page, past the navigation.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
});
