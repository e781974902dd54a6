import { brandUrl, expect, isHydrated, signUpInModal, test, text } from './fixtures';

// Issue 46 item 4: one currency per member, on a phone. A Velvet Nights member who signed up in the UK travels to the
// US: the shop still shows pounds, the settings say so, and changing it there moves every price.
// Written for 390 x 844; not run by the helper that wrote it (run it with the browser suite).
test.use({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'X-Debug-Country': 'GB' } });

test('a UK member browsing from the US sees pounds, and can choose dollars in the settings', async ({ page }) => {
  const email = `currency.${Date.now()}@example.com`;
  await page.context().addCookies([{ name: 'entry_ok', value: '1', url: brandUrl('velvetnights') }]);
  await signUpInModal(page, 'velvetnights', {
    email,
    name: 'Harriet',
    password: 'Sterk-wachtwoord-1',
    birthdate: '1990-04-04',
    language: 'en',
  });

  // Now in the US, on the same account.
  await page.setExtraHTTPHeaders({ 'X-Debug-Country': 'US' });
  await page.goto(brandUrl('velvetnights', '/credits'));
  const prices = page.getByTestId('price');
  await expect(prices.first()).toBeVisible();
  for (const price of await prices.allTextContents()) expect(price).toMatch(/^£/);

  await page.goto(brandUrl('velvetnights', '/notifications#currency'));
  const choice = page.getByTestId('currency-choice');
  const select = choice.getByLabel(text('en-US', 'settings.currency.label'));
  await expect(select).toHaveValue('GBP');
  await expect.poll(() => isHydrated(select)).toBe(true);
  await select.selectOption('USD');
  await choice.getByRole('button', { name: text('en-US', 'settings.currency.submit') }).click();
  await expect(choice.getByText(text('en-US', 'settings.currency.saved'))).toBeVisible();

  await page.setExtraHTTPHeaders({ 'X-Debug-Country': 'GB' });
  await page.goto(brandUrl('velvetnights', '/credits'));
  await expect(prices.first()).toBeVisible();
  for (const price of await prices.allTextContents()) expect(price).toMatch(/^(US)?\$/);
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
