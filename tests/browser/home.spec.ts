import { BRANDS, brandUrl, expect, test, text, watchConsole } from './fixtures';

for (const brand of BRANDS) {
  test.describe(brand.id, () => {
    test.use({ extraHTTPHeaders: { 'X-Debug-Country': brand.country } });

    test('home page: entry warning once, profiles, language switch, no console errors', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(brandUrl(brand.id));
      await expect(page.locator('html')).toHaveAttribute('lang', brand.lang);
      await expect(page.getByRole('navigation').first()).toContainText(text(brand.lang, 'nav.login'));

      // The site-entry warning greets a new visitor; confirming it hides it for good.
      const warning = page.getByRole('dialog');
      await expect(warning).toBeVisible();
      await warning.getByRole('button').click();
      await expect(warning).toBeHidden();

      // Real profiles of the brand, with the fictional label on fictional ones.
      const cards = page.getByTestId('profile-grid').getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      expect(await cards.count()).toBeGreaterThan(3);
      await expect(cards.first().getByRole('img')).toHaveJSProperty('complete', true);

      await page.reload();
      await expect(page.getByTestId('profile-grid')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // The same visitor page again comes from the edge cache (docs/edge-cache.md) with a fresh nonce: it must
      // hydrate (the language switch and the signup modal below need React) with no CSP violation in the console.
      const cached = await page.reload();
      expect(cached?.headers()['x-cache']).toBe('HIT');
      await expect(page.getByTestId('profile-grid')).toBeVisible();

      if (brand.switchTo) {
        await page.getByTestId('language-switcher').selectOption(brand.switchTo);
        await expect(page.locator('html')).toHaveAttribute('lang', brand.switchTo);
        await expect(page.getByRole('navigation').first()).toContainText(text(brand.switchTo, 'nav.login'));
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', brand.switchTo);
      }

      // The signup call opens the signup modal.
      await page.getByTestId('cta-signup').click();
      await expect(page.getByTestId('signup-modal')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('signup-modal')).toBeHidden();

      expect(problems).toEqual([]);
    });
  });
}

test('an unknown page shows the 404 page with a link home', async ({ page, context }) => {
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl('velvetnights') }]);
  const problems = watchConsole(page);
  const response = await page.goto(brandUrl('velvetnights', '/does-not-exist'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(brandUrl('velvetnights', '/'));
  expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
});
