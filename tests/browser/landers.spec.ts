import type { BrowserContext, Page } from '@playwright/test';
import { BRANDS, brandUrl, expect, LANDERS, test, text, watchConsole } from './fixtures';

// The landing pages paid traffic arrives on: server-rendered, not hydrated, made interactive by the small
// landers/runtime.ts. Each lander is opened as a visitor from an ad would: with a traffic source in the URL.

const SOURCE = { network: 'pw-net', ref: 'r.1', sub1: 's_1' };
const QUERY = new URLSearchParams(SOURCE).toString();

async function trafficSource(context: BrowserContext, brand: string) {
  const cookie = (await context.cookies(brandUrl(brand))).find((c) => c.name === 'ts');
  return cookie ? { value: JSON.parse(decodeURIComponent(cookie.value)), httpOnly: cookie.httpOnly, sameSite: cookie.sameSite } : null;
}

async function skipEntryWarning(context: BrowserContext, brand: string) {
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(brand) }]);
}

/** Every photo that is in view has loaded. */
async function expectPhotosLoaded(page: Page) {
  const photo = page.locator('main img[src^="/media/"]').first();
  await expect(photo).toBeVisible();
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

// Each lander once, the brands taking turns: NL and DE visitors meet the site-entry warning first.
LANDERS.forEach((variant, i) => {
  const brand = BRANDS[i % BRANDS.length];
  test.describe(`${variant} (${brand.id})`, () => {
    test.use({ extraHTTPHeaders: { 'X-Debug-Country': brand.country } });

    test('renders complete, stores the traffic source, and its call to action leads to signup', async ({ page, context }) => {
      const problems = watchConsole(page);
      const response = await page.goto(brandUrl(brand.id, `/landers/${variant}?${QUERY}`));
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', brand.lang);

      const warning = page.getByRole('dialog');
      if (brand.country === 'NL' || brand.country === 'DE') {
        await expect(warning).toBeVisible();
        await warning.getByRole('button').click();
      }
      await expect(warning).toHaveCount(0);

      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectPhotosLoaded(page);
      await expect(page.getByTestId('disclaimer')).toBeVisible();
      // Not the app: no hydration state, only the lander runtime.
      await expect(page.locator('#__STATE__')).toHaveCount(0);
      expect(await page.locator('script[src]').count()).toBe(1);

      expect(await trafficSource(context, brand.id)).toEqual({ value: SOURCE, httpOnly: true, sameSite: 'Lax' });
      expect(problems).toEqual([]);

      await page.getByTestId('lander-cta').filter({ visible: true }).first().click();
      await expect(page).toHaveURL(brandUrl(brand.id, '/signup'));
      await expect(page.getByTestId('signup-page')).toBeVisible();
      // The source travels with the visitor into signup.
      expect((await trafficSource(context, brand.id))?.value).toEqual(SOURCE);
    });
  });
});

test.describe('tinderswipe deck', () => {
  test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

  test('swipes by button, keyboard and drag, then shows the likes that signup sends', async ({ page, context }) => {
    await skipEntryWarning(context, 'flirtlokaal');
    const problems = watchConsole(page);
    await page.goto(brandUrl('flirtlokaal', '/landers/tinderswipe'));
    const deck = page.getByTestId('swipe-deck');
    const cards = deck.getByTestId('swipe-card');
    const total = await cards.count();
    expect(total).toBeGreaterThan(5);
    const status = deck.locator('[data-deck-status]');

    // The like button (a link into signup without JavaScript) swipes the top card right.
    const first = await cards.first().getAttribute('data-name');
    await expect(page.getByTestId('swipe-like')).toHaveAttribute('role', 'button');
    await page.getByTestId('swipe-like').click();
    await expect(cards).toHaveCount(total - 1);
    await expect(status).toContainText(first!);
    expect(page.url()).toBe(brandUrl('flirtlokaal', '/landers/tinderswipe'));

    // The arrow keys on the focused deck: left passes, right likes.
    await deck.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(cards).toHaveCount(total - 2);
    await page.keyboard.press('ArrowRight');
    await expect(cards).toHaveCount(total - 3);

    // Dragging the top card far enough to the right likes it; a short drag puts it back.
    const box = (await cards.first().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(cards).toHaveCount(total - 3);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 220, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(cards).toHaveCount(total - 4);

    // The fifth swipe: the visitor's own likes (three), which signup sends: no match is claimed (issue 17, item 2).
    await page.getByTestId('swipe-nope').click();
    const panel = page.getByTestId('swipe-matches');
    await expect(panel).toBeVisible();
    // The sentence in the plural form for three (nl: "Je vindt 3 profielen leuk"; one like would read "1 profiel").
    await expect(panel.locator('[data-plural]:visible')).toHaveText(
      text('nl', 'lander.tinderswipe.matches_count').replace('{{count}}', '3'),
    );
    await expect(panel.locator('[data-match-avatar]:visible img')).toHaveCount(3);
    await expect(panel.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(page.getByTestId('swipe-like')).toBeHidden();
    expect(problems).toEqual([]);
    await panel.getByTestId('lander-cta').click();
    await expect(page).toHaveURL(brandUrl('flirtlokaal', '/signup-matches'));
  });
});

test.describe('site-entry warning on a lander', () => {
  test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'DE' } });

  test('is a modal dialog in front of an inert page; entering stores entry_ok for a year', async ({ page, context }) => {
    await page.goto(brandUrl('reifekontakte', '/landers/gallery?network=w1'));
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('entry-warning').getByRole('button')).toBeFocused();
    await expect(page.locator('#lander')).toHaveAttribute('inert', '');
    await dialog.getByRole('button').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('#lander')).not.toHaveAttribute('inert');
    expect(page.url()).toBe(brandUrl('reifekontakte', '/landers/gallery?network=w1'));
    const cookie = (await context.cookies(brandUrl('reifekontakte'))).find((c) => c.name === 'entry_ok');
    expect(cookie?.value).toBe('1');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('on a low screen it shows its top and scrolls to its button', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 360 });
    await page.goto(brandUrl('reifekontakte', '/landers/gallery'));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button')).toBeFocused();
    // The card's top (the 18+ mark above the title) is on screen, not cut off above it.
    expect((await dialog.getByText('18+', { exact: true }).boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.mouse.move(160, 200);
    await page.mouse.wheel(0, 600);
    await expect(dialog.getByRole('button')).toBeInViewport();
  });

  test('works without JavaScript too: the form comes back with the page and keeps the query', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });
    const page = await context.newPage();
    await page.goto(brandUrl('flirtlokaal', '/landers/iconslanding/utrecht?network=nojs&lb=1'));
    await page.getByRole('dialog').getByRole('button').click();
    await expect(page).toHaveURL(brandUrl('flirtlokaal', '/landers/iconslanding/utrecht?network=nojs&lb=1'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Utrecht');
    expect((await context.cookies(brandUrl('flirtlokaal'))).find((c) => c.name === 'entry_ok')?.value).toBe('1');
    await context.close();
  });
});

test.describe('page bounce (lb)', () => {
  test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'US' } });

  test('reports a visitor who leaves within 10 seconds, with the path and the time spent', async ({ page }) => {
    await page.goto(brandUrl('velvetnights', '/landers/video?lb=1&network=b1'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const beacon = page.waitForRequest((r) => r.url().endsWith('/api/page-hidden.php') && r.method() === 'POST');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const body = JSON.parse((await beacon).postData() ?? '{}');
    expect(body.kind).toBe('bounce');
    expect(body.path).toBe('/landers/video');
    expect(body.duration_ms).toBeGreaterThan(0);
    expect(body.duration_ms).toBeLessThan(10_000);
  });

  test('does not count following a call to action as a bounce', async ({ page }) => {
    await page.goto(brandUrl('velvetnights', '/landers/gallery?lb=1'));
    let beacons = 0;
    page.on('request', (r) => r.url().endsWith('/api/page-hidden.php') && beacons++);
    await page.getByTestId('lander-cta').filter({ visible: true }).first().click();
    await expect(page).toHaveURL(brandUrl('velvetnights', '/signup'));
    await page.waitForTimeout(300);
    expect(beacons).toBe(0);
  });
});

// Issue 46, item 11, on a phone: as many faces as likes, and the sticky button never covers a name.
test.describe('landers at 390 x 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

  test('tinderswipe: five likes show five faces and say five', async ({ page, context }) => {
    await skipEntryWarning(context, 'flirtlokaal');
    await page.goto(brandUrl('flirtlokaal', '/landers/tinderswipe'));
    for (let i = 0; i < 5; i++) await page.getByTestId('swipe-like').click();
    const panel = page.getByTestId('swipe-matches');
    await expect(panel).toBeVisible();
    await expect(panel.locator('[data-plural]:visible')).toHaveText(
      text('nl', 'lander.tinderswipe.matches_count').replace('{{count}}', '5'),
    );
    await expect(panel.locator('[data-match-avatar]:visible img')).toHaveCount(5);
    // The faces fit the panel on a phone.
    const box = (await panel.boundingBox())!;
    for (const face of await panel.locator('[data-match-avatar]:visible').all()) {
      const b = (await face.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(box.x);
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
    }
  });

  test('alonetonight: a card that gets focus stops above the sticky button, so its name is readable', async ({ page, context }) => {
    await skipEntryWarning(context, 'flirtlokaal');
    await page.goto(brandUrl('flirtlokaal', '/landers/alonetonight'));
    const bar = page.getByTestId('sticky-cta');
    const cards = page.getByTestId('lander-profiles').locator('li a');
    const count = await cards.count();
    expect(count).toBeGreaterThan(2);
    for (let i = 0; i < count; i++) {
      await cards.nth(i).focus();
      const name = (await cards.nth(i).locator('p.font-bold').boundingBox())!;
      const top = (await bar.boundingBox())!.y;
      expect(name.y + name.height, `card ${i}: its name under the sticky button`).toBeLessThanOrEqual(top);
    }
    // At the end of the list the last names are above the button too.
    await cards.last().scrollIntoViewIfNeeded();
    const last = (await cards.last().locator('p.font-bold').boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
  });
});
