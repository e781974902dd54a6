import type { Locator } from '@playwright/test';
import { brandUrl, expect, isHydrated, test, text, watchConsole } from './fixtures';

// The member side's dialogs (client/components/modal.tsx) as a keyboard user and a small phone meet them.

const t = (key: string) => text('nl', key);

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

/** Where the keyboard focus is: in the dialog, on the page behind it, or nowhere (the browser's own UI). */
const focusIsIn = (dialog: Locator) =>
  dialog.evaluate((element) => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'nowhere';
    return element.contains(active) ? 'dialog' : `page: ${active.outerHTML.slice(0, 80)}`;
  });

test('the entry warning on a small phone: its top on screen, Tab stays in it, the page behind stays put', async ({ page }) => {
  const problems = watchConsole(page);
  // Lower than the warning is tall: it scrolls, from its top.
  await page.setViewportSize({ width: 320, height: 360 });
  await page.goto(brandUrl('flirtlokaal'));
  const warning = page.getByRole('dialog', { name: t('entry_warning.title') });
  const enter = warning.getByRole('button', { name: t('entry_warning.enter') });
  await expect.poll(() => isHydrated(enter)).toBe(true);

  const title = warning.getByRole('heading', { name: t('entry_warning.title') });
  expect((await title.boundingBox())!.y).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await focusIsIn(warning)).not.toMatch(/^page/);
  }
  // A scroll over the warning scrolls the warning (to its last button), not the page behind it.
  await page.mouse.move(160, 300);
  await page.mouse.wheel(0, 600);
  await expect(warning.getByRole('link', { name: t('entry_warning.leave') })).toBeInViewport();
  expect(await page.evaluate(() => scrollY)).toBe(0);

  await enter.click();
  await expect(warning).toHaveCount(0);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

test('the signup dialog: Escape and a click beside it close it, and the focus goes back to the button that opened it', async ({
  page,
  context,
}) => {
  const problems = watchConsole(page);
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl('flirtlokaal') }]);
  await page.goto(brandUrl('flirtlokaal'));
  const open = page.getByTestId('cta-signup');
  await expect.poll(() => isHydrated(open)).toBe(true);
  const dialog = page.getByRole('dialog', { name: t('signup.modal_title').replace('{{brand}}', 'Flirtlokaal') });

  await open.click();
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    expect(await focusIsIn(dialog)).not.toMatch(/^page/);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();

  await open.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(3, 3);
  await expect(dialog).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('on a desktop, opening a dialog does not shift the page behind it by the width of its scroll bar', async ({ playwright }) => {
  // Headless Chromium hides scroll bars; a desktop browser shows them, and hiding one moved the page sideways.
  const browser = await playwright.chromium.launch({ ...test.info().project.use.launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl('flirtlokaal') }]);
  const page = await context.newPage();
  await page.goto(brandUrl('flirtlokaal'));
  const open = page.getByTestId('cta-signup');
  await expect.poll(() => isHydrated(open)).toBe(true);
  expect(await page.evaluate(() => innerWidth - document.documentElement.clientWidth)).toBeGreaterThan(0);
  const before = (await open.boundingBox())!.x;
  await open.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect((await open.boundingBox())!.x).toBe(before);
  await browser.close();
});
