import { brandUrl, expect, isHydrated, logInAs, test, text } from './fixtures';

// Issue 46 item 6 on a phone: the search says which fields are wrong and drops results that no longer answer the
// form; a typed /settings opens the settings. Written for 390 x 844; not run by the helper that wrote it.
test.use({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

test('a minimum age above the maximum marks both age fields and hides the old results', async ({ page }) => {
  await logInAs(page, 'flirtlokaal', 'free@demo.test');
  const filters = page.getByTestId('search-filters');
  await expect(page.getByTestId('search-results')).toBeVisible();
  const min = filters.locator('select[name="min_age"]');
  const max = filters.locator('select[name="max_age"]');
  await expect.poll(() => isHydrated(min)).toBe(true);
  await min.selectOption('50');
  await max.selectOption('30');
  await filters.getByRole('button', { name: text('nl', 'search.submit') }).click();

  const message = text('nl', 'validation.age_range');
  await expect(filters.getByTestId('age-range-error')).toHaveText(message);
  for (const field of [min, max]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
  }
  await expect(page.getByTestId('search-error')).toHaveText(text('nl', 'validation.failed'));
  await expect(page.getByTestId('search-results')).toHaveCount(0);
  // The address still names the last search that ran.
  expect(new URL(page.url()).searchParams.get('min_age')).not.toBe('50');

  // A possible range searches again, and the marks go.
  await max.selectOption('60');
  await filters.getByRole('button', { name: text('nl', 'search.submit') }).click();
  await expect(page.getByTestId('search-results')).toBeVisible();
  await expect(page.getByTestId('search-error')).toHaveCount(0);
  await expect(min).not.toHaveAttribute('aria-invalid', 'true');
});

test('a typed /settings opens the settings', async ({ page }) => {
  await logInAs(page, 'flirtlokaal', 'free@demo.test');
  await page.goto(brandUrl('flirtlokaal', '/settings'));
  await expect(page).toHaveURL(brandUrl('flirtlokaal', '/notifications'));
  await expect(page.getByRole('heading', { level: 1, name: text('nl', 'settings.title') })).toBeVisible();
});
