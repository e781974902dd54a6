import { brandUrl, expect, logInAs, test, text, watchConsole, onBrand } from './fixtures';

// The proxydemo project runs this spec through proxy mode (playwright.config.ts).
const BRAND = () => onBrand('flirtlokaal');
const t = (key: string) => text('nl', key);
// A member in the Netherlands: times the page names in the browser's clock are Amsterdam's.
test.use({ timezoneId: 'Europe/Amsterdam' });

test('a member searches with filters, opens and likes a profile, sees a new like, and swipes until the daily limit', async ({ page }) => {
  const problems = watchConsole(page);
  await logInAs(page, BRAND(), 'free@demo.test');

  await test.step('search with filters', async () => {
    const filters = page.getByTestId('search-filters');
    await filters.getByLabel(t('search.min_age')).selectOption('30');
    await filters.getByLabel(t('search.max_age')).selectOption('45');
    await filters.getByRole('button', { name: t('search.submit') }).click();
    await expect(page).toHaveURL(/min_age=30&max_age=45/);
    const results = page.getByTestId('search-results');
    await expect(results).toHaveAttribute('aria-busy', 'false');
    await expect(results.getByRole('heading', { level: 2 }).first()).toContainText(/\d+/);
    const ages = await page.getByTestId('result-cards').locator('li p.font-semibold').allTextContents();
    expect(ages.length).toBeGreaterThan(0);
    for (const line of ages) {
      const age = Number(line.split(', ').at(-1));
      expect(age).toBeGreaterThanOrEqual(30);
      expect(age).toBeLessThanOrEqual(45);
    }
  });

  await test.step('open a profile and like it', async () => {
    await page.getByTestId('search-results').locator('li a').first().click();
    await expect(page.getByTestId('profile-view')).toBeVisible();
    await page.getByTestId('like-button').click();
    await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('like-button')).toContainText(t('profile_view.unlike'));
  });

  await test.step('the like popup shows who liked the member, and the search state is kept', async () => {
    await page.goto(brandUrl(BRAND(), '/likes?t=1'));
    const modal = page.getByTestId('match-modal');
    await expect(modal).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText(t('premium.new_like'));
    await expect(page).toHaveURL(brandUrl(BRAND(), '/likes'));
    await modal.getByRole('button', { name: t('likes.view_profile') }).click();
    await expect(page.getByTestId('profile-view')).toBeVisible();
    await page.getByTestId('like-button').click();
    await expect(page.getByTestId('match-banner')).toBeVisible();
  });

  await test.step('swipe until the daily limit', async () => {
    await page.goto(brandUrl(BRAND(), '/swipe-game'));
    await expect(page.getByTestId('swipe-card')).toBeVisible();
    await expect(page.getByTestId('likes-left')).toHaveText(t('swipe.likes_left').replace('{{count}}', '4'));
    // One by button, one by keyboard, one by dragging, one more by button.
    await page.getByTestId('swipe-like').click();
    await expect(page.getByTestId('likes-left')).toHaveText(t('swipe.likes_left').replace('{{count}}', '3'));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('likes-left')).toHaveText(t('swipe.likes_left').replace('{{count}}', '2'));
    const card = await page.getByTestId('swipe-card').boundingBox();
    await page.mouse.move(card!.x + card!.width / 2, card!.y + card!.height / 2);
    await page.mouse.down();
    await page.mouse.move(card!.x + card!.width / 2 + 200, card!.y + card!.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByTestId('likes-left')).toHaveText(t('swipe.likes_left_one').replace('{{count}}', '1'));
    await page.keyboard.press('ArrowLeft'); // passing costs nothing
    await page.getByTestId('swipe-like').click();
    await expect(page.getByTestId('likes-left')).toHaveText(t('swipe.likes_left').replace('{{count}}', '0'));
    // Out of likes: said at once, with when they come back (midnight UTC) in the member's own clock; Like is off,
    // passing still works.
    const midnightUtc = new Date(`${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);
    const amsterdam = new Intl.DateTimeFormat('nl', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' }).format(
      midnightUtc,
    );
    expect(amsterdam).toMatch(/^0[12]:00$/);
    await expect(page.getByTestId('swipe-notice')).toContainText(t('swipe.limit_reached_local').replace('{{time}}', amsterdam));
    await expect(page.getByTestId('swipe-like')).toBeDisabled();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('likes-left')).toHaveText(t('swipe.likes_left').replace('{{count}}', '0'));
    const shown = await page.getByTestId('swipe-card').textContent();
    await page.getByTestId('swipe-pass').click();
    await expect(page.getByTestId('swipe-card')).not.toHaveText(shown!);
  });

  expect(problems).toEqual([]);
});

test('a visitor goes from the home search to the full search and filters by region, where the brand allows it', async ({
  page,
  context,
}) => {
  const problems = watchConsole(page);
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND()) }]);
  await page.goto(brandUrl(BRAND(), '/?min_age=25&max_age=60'));
  await page.getByTestId('advanced-search').click();
  await expect(page).toHaveURL(brandUrl(BRAND(), '/members?min_age=25&max_age=60'));
  const filters = page.getByTestId('search-filters');
  await expect(filters.getByLabel(t('search.min_age'))).toHaveValue('25');
  await filters.getByLabel(t('search.region')).selectOption('NH');
  await filters.getByRole('button', { name: t('search.submit') }).click();
  await expect(page).toHaveURL(/region=NH/);
  const results = page.getByTestId('search-results');
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('result-cards').locator('li').first()).toBeVisible();
  expect(problems).toEqual([]);
});
