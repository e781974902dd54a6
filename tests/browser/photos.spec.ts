import type { Browser, Page } from '@playwright/test';
import { brandUrl, expect, test, text, watchConsole } from './fixtures';
import { staffLogin, staffText } from './staff-login';

// A member adds a photo on /profile, sees it awaiting review, a staff moderator approves it in the staff workspace
// (/staff/moderation; admin@demo.test, the seed's owner), and the member sees it active and makes it the main photo.
// Demo accounts of the local seed.

const BRAND = 'flirtlokaal';
const LANG = 'nl';
const PASSWORD = 'Demo-pass-2026';
const t = (key: string, values: Record<string, string | number> = {}) =>
  text(LANG, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

async function logIn(page: Page, email: string) {
  await page.context().addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND) }]);
  await page.goto(brandUrl(BRAND, '/login'));
  const form = page.getByTestId('login');
  await form.getByLabel(text(LANG, 'account.fields.email')).fill(email);
  await form.getByLabel(text(LANG, 'account.fields.password'), { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: text(LANG, 'login.submit') }).click();
  await expect(page).toHaveURL(brandUrl(BRAND, '/members'));
}

async function approveAsModerator(browser: Browser, photoId: string) {
  const page = await staffLogin(browser, BRAND, 'admin@demo.test');
  const problems = watchConsole(page);
  await page.getByRole('link', { name: staffText('nav.moderation') }).click();
  await expect(page.getByRole('heading', { level: 1, name: staffText('moderation.title') })).toBeVisible();
  const card = page.locator(`[data-testid="pending-photo"][data-photo-id="${photoId}"]`);
  await expect(card.getByRole('img')).toHaveJSProperty('naturalWidth', 256); // the pending photo loads for the moderator
  await card.getByRole('button', { name: staffText('moderation.approve') }).press('Enter');
  await expect(page.getByRole('status')).toHaveText(staffText('moderation.approved'));
  await expect(page.locator(`[data-photo-id="${photoId}"]`)).toHaveCount(0);
  // The card left with the focused button: the focus goes to the next card (or the heading), not to the page's start.
  await expect
    .poll(() => page.evaluate(() => document.querySelector('[aria-labelledby="photos-title"]')!.contains(document.activeElement)))
    .toBe(true);
  // Leaving the queue screen closes its live socket while it may still be connecting; the browser warns of that.
  expect(problems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
  await page.context().close();
}

test('a member uploads a photo, it waits for review, a staff moderator approves it; the member makes it main, moves it and deletes it', async ({
  page,
  browser,
}) => {
  const problems = watchConsole(page);
  await logIn(page, 'premium@demo.test');
  await page.goto(brandUrl(BRAND, '/profile'));

  const manager = page.getByTestId('photo-manager');
  await expect(manager.getByRole('heading', { name: t('photos.title') })).toBeVisible();
  await expect(manager.getByTestId('photo-count')).toHaveText(t('photos.count', { used: 3, limit: 25 }));
  await expect(manager.getByTestId('own-photo')).toHaveCount(3);

  await manager.getByTestId('photo-input').setInputFiles('tests/fixtures/images/portrait.jpg');
  const pending = manager.locator('[data-testid="own-photo"][data-status="pending"]');
  await expect(pending).toHaveCount(1);
  await expect(pending.getByTestId('photo-status')).toHaveText(t('photos.status.pending'));
  // The stored sizes load: the tile offers the thumbnail, the 640 px size and the full photo (srcset), so the one
  // the browser picks depends on the screen; naturalWidth is then the size `sizes` gives it, not a file's.
  await expect.poll(() => pending.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(manager.getByTestId('photo-count')).toHaveText(t('photos.count', { used: 4, limit: 25 }));
  const photoId = (await pending.getAttribute('data-photo-id'))!;

  await approveAsModerator(browser, photoId);

  await page.reload();
  const photo = manager.locator(`[data-testid="own-photo"][data-photo-id="${photoId}"]`);
  await expect(photo).toHaveAttribute('data-status', 'active');
  await expect(photo.getByTestId('photo-status')).toHaveText(t('photos.status.active'));
  await photo.getByRole('button', { name: `${t('photos.set_main')}: ${t('photos.photo_alt', { number: 4 })}` }).click();
  await expect(photo.getByTestId('main-badge')).toHaveText(t('photos.main'));
  await expect(manager.getByTestId('main-badge')).toHaveCount(1);

  // Moved to the front, it stays there after a reload (the order is saved on the server). Moved with the keyboard,
  // the focus stays on the photo's button (it is disabled while the change runs and would fall to the page).
  await photo.getByRole('button', { name: `${t('photos.move_earlier')}: ${t('photos.photo_alt', { number: 4 })}` }).press('Enter');
  await expect(manager.getByTestId('own-photo').nth(2)).toHaveAttribute('data-photo-id', photoId);
  await expect(photo.getByRole('button', { name: `${t('photos.move_earlier')}: ${t('photos.photo_alt', { number: 3 })}` })).toBeFocused();
  await page.reload();
  await expect(manager.getByTestId('own-photo').nth(2)).toHaveAttribute('data-photo-id', photoId);

  // Deleting asks once more; the main role goes back to the first photo.
  await photo.getByRole('button', { name: `${t('photos.delete')}: ${t('photos.photo_alt', { number: 3 })}` }).click();
  await photo.getByRole('button', { name: t('photos.confirm_delete') }).click();
  await expect(manager.getByTestId('own-photo')).toHaveCount(3);
  await expect(manager.getByTestId('own-photo').first().getByTestId('main-badge')).toBeVisible();
  await expect(manager.getByTestId('photo-count')).toHaveText(t('photos.count', { used: 3, limit: 25 }));
  expect(problems).toEqual([]);
});

test('the old member moderation page is gone; staff operators get no moderation', async ({ page, browser }) => {
  await logIn(page, 'free@demo.test');
  const response = await page.goto(brandUrl(BRAND, '/operator/photos'));
  expect(response?.status()).toBe(404);
  const operator = await staffLogin(browser, BRAND, 'operator@demo.test');
  await expect(operator.getByRole('link', { name: staffText('nav.moderation') })).toHaveCount(0);
  const status = await operator.evaluate(() => fetch('/api/staff/moderation-photos.php').then((r) => r.status));
  expect(status).toBe(403);
  await operator.context().close();
});

test('a new member adds a photo in the signup flow', async ({ page }) => {
  const problems = watchConsole(page);
  await page.context().addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND) }]);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await page.goto(brandUrl(BRAND, '/'));
  await page.getByTestId('cta-signup').click();
  const flow = page.getByTestId('signup-modal');
  await flow.getByLabel(t('account.fields.email')).fill(`photo-${stamp}@example.com`);
  await flow.getByLabel(t('signup.account.name')).fill(`Foto${stamp.slice(-8)}`);
  await flow.getByLabel(t('account.fields.password'), { exact: true }).fill('photo-secret-42');
  await flow.getByLabel(t('signup.account.birthdate')).fill('1991-04-12');
  await flow
    .getByRole('group', { name: t('signup.account.gender') })
    .getByRole('radio', { name: t('signup.account.female'), exact: true })
    .check();
  await flow
    .getByRole('group', { name: t('signup.account.looking_for') })
    .getByRole('radio', { name: t('signup.account.looking_male'), exact: true })
    .check();
  // The terms box; the marketing box beside it stays unticked (opt-in, issue 17 item 6).
  await flow.locator('input[name="accept_terms"]').check();
  await flow.getByRole('button', { name: t('signup.account.submit') }).click();

  await expect(flow.getByRole('heading', { name: t('signup.steps.photo') })).toBeVisible();
  await flow.getByTestId('photo-input').setInputFiles('tests/fixtures/images/portrait.jpg');
  await expect(flow.getByText(t('signup.photo.uploaded'))).toBeVisible();
  await expect(flow.getByTestId('signup-photo').locator('img')).toHaveJSProperty('naturalWidth', 256); // the thumbnail loaded
  await flow.getByRole('button', { name: t('signup.next') }).click();
  await expect(flow.getByRole('heading', { name: t('signup.steps.location') })).toBeVisible();

  // The photo is the new member's, waiting for review.
  const list = await page.evaluate(() =>
    fetch('/api/photos.php').then((r) => r.json() as Promise<{ photos: { status: string; main: boolean }[] }>),
  );
  expect(list.photos).toEqual([expect.objectContaining({ status: 'pending', main: true })]);
  expect(problems).toEqual([]);
});
