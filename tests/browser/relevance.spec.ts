import { api, brandUrl, expect, logInAs, onBrand, test, text } from './fixtures';

// Issue 46, item 1, on a phone: the members' search opens with the member's own age band (set at signup, shown on
// the profile page), not at 18-99 youngest first.
const BRAND = () => onBrand('flirtlokaal');
const t = (key: string) => text('nl', key);
test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Amsterdam' });

test('the search opens with the member band and the most recently active first', async ({ page }) => {
  await logInAs(page, BRAND(), 'free@demo.test');
  const { profile } = await api<{ profile: { seek_min_age: number; seek_max_age: number } }>(page, '/api/my-profile.php');
  expect(profile.seek_max_age - profile.seek_min_age).toBeLessThan(81);

  await page.goto(brandUrl(BRAND(), '/members'));
  const filters = page.getByTestId('search-filters');
  await expect(filters.getByLabel(t('search.min_age'))).toHaveValue(String(profile.seek_min_age));
  await expect(filters.getByLabel(t('search.max_age'))).toHaveValue(String(profile.seek_max_age));
  await expect(filters.getByLabel(t('search.sort'))).toHaveValue('active');
  const results = page.getByTestId('search-results');
  await expect(results).toHaveAttribute('aria-busy', 'false');
  const ages = await page.getByTestId('result-cards').locator('li p.font-semibold').allTextContents();
  for (const line of ages) {
    const age = Number(line.split(', ').at(-1));
    expect(age).toBeGreaterThanOrEqual(profile.seek_min_age);
    expect(age).toBeLessThanOrEqual(profile.seek_max_age);
  }

  // The profile page shows the band and changes it; the search follows.
  await page.goto(brandUrl(BRAND(), '/profile'));
  const band = page.getByTestId('seek-ages');
  await expect(band.getByLabel(t('search.min_age'))).toHaveValue(String(profile.seek_min_age));
  await band.getByLabel(t('search.min_age')).selectOption(String(profile.seek_min_age + 1));
  await page.getByRole('button', { name: t('my_profile.save') }).click();
  await expect(page.getByText(t('my_profile.saved'))).toBeVisible();
  await page.goto(brandUrl(BRAND(), '/members'));
  await expect(page.getByTestId('search-filters').getByLabel(t('search.min_age'))).toHaveValue(String(profile.seek_min_age + 1));
  // Put it back for the other specs that log in as this member.
  await api(page, '/api/my-profile.php', { method: 'PUT', body: { ...profile, seek_min_age: profile.seek_min_age } });
});
