import { api, brandUrl, expect, isHydrated, test, text, watchConsole } from './fixtures';

// Issue 46, item 14 (SPEC.md §2): /members/{id}/landing2/{slug?} and /landing3/{slug?} are variants of their own, on a
// phone (390 x 844): landing2 shows the profile's facts and similar people (each opening their own landing2);
// landing3 shows the photo first, with the way in on a bar that stays at the bottom. Written with care, not run here.

const BRAND = 'flirtlokaal';
const PHONE = { viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'X-Debug-Country': 'NL' } };
const t = (key: string) => text('nl', key);

test('a visitor sees the two landing variants, each with its own layout, and can sign up from both', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await (await browser.newContext(PHONE)).newPage();
  const problems = watchConsole(page);
  await page.goto(brandUrl(BRAND, '/pages/faq'));
  await page
    .getByTestId('entry-warning')
    .getByRole('button', { name: t('entry_warning.enter') })
    .click();
  await expect(page.getByTestId('entry-warning')).toHaveCount(0);
  const { results } = await api<{ results: { id: number; name: string }[] }>(page, '/api/search.php');
  expect(results.length).toBeGreaterThan(1);
  const profile = results[0];

  await test.step('landing2: the facts, then similar people leading to their own landing2', async () => {
    await page.goto(brandUrl(BRAND, `/members/${profile.id}/landing2/zomer`));
    const landing = page.getByTestId('profile-landing2');
    await expect(landing).toBeVisible();
    await expect(landing.getByRole('heading', { level: 1 })).toContainText(profile.name);
    const related = page.getByTestId('landing-related').getByRole('link');
    await expect(related.first()).toHaveAttribute('href', /^\/members\/\d+\/landing2$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect.poll(() => isHydrated(page.getByTestId('landing-signup'))).toBe(true);
    await page.getByTestId('landing-signup').click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  await test.step('landing3: the photo first, the way in on a bar at the bottom of the screen', async () => {
    await page.goto(brandUrl(BRAND, `/members/${profile.id}/landing3`));
    await expect(page.getByTestId('profile-landing3')).toBeVisible();
    await expect(page.getByTestId('landing-related')).toHaveCount(0);
    const bar = page.getByTestId('landing3-bar');
    const box = await bar.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect.poll(() => isHydrated(bar.getByTestId('landing-signup'))).toBe(true);
    await bar.getByTestId('landing-signup').click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  expect(problems).toEqual([]);
});
