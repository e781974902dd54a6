import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import UPNG from 'upng-js';
import { brandUrl, expect, logInAs, test } from './fixtures';

// Each page inlines only the rules of the app's stylesheet that its own HTML uses, and links the whole sheet at the
// end of the body, print-only until the app's entry makes it apply (worker/ssr/shell.ts, worker/ssr/critical-css.ts).
// The page as the server sent it must look the same painted from its own rules alone as with the whole sheet:
// compared here without JavaScript (the server's HTML, as a crawler or a first paint has it), once with the sheet's
// file refused, once with it applying to the screen. Both pictures are of the same HTML, read once: other specs
// change the demo members' data meanwhile.

const LAY_OUT_EVERYTHING = '*{content-visibility:visible!important}';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;

async function shot(browser: Browser, url: string, html: string, options: BrowserContextOptions, withSheet: boolean): Promise<Buffer> {
  const context = await browser.newContext({ ...options, javaScriptEnabled: false, extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });
  const page = await context.newPage();
  // With the sheet: as the entry sets it, for the screen.
  const sent = withSheet ? html.replace(' media="print" data-app-styles', ' data-app-styles') : html;
  // Cards below the first screen are laid out only near the viewport (content-visibility: auto), and a full-page
  // screenshot races that layout: both pictures lay out every box at once, so they differ only by the rules.
  const body = sent.replace('</head>', `<style>${LAY_OUT_EVERYTHING}</style></head>`);
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body }));
  if (!withSheet) await page.route('**/assets/*.css', (route) => route.abort());
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const picture = await page.screenshot({ fullPage: true, animations: 'disabled' });
  await context.close();
  return picture;
}

/**
 * Pixels of two screenshots that differ by more than an anti-aliasing step: Chromium may paint a rounded corner's
 * edge one level lighter from one paint to the next. A missing rule moves, recolours or unstyles whole boxes.
 */
function visiblyDifferentPixels(a: Buffer, b: Buffer): number {
  const [pa, pb] = [a, b].map((png) => UPNG.decode(new Uint8Array(png).buffer));
  if (pa.width !== pb.width || pa.height !== pb.height) return Number.POSITIVE_INFINITY;
  const [ra, rb] = [pa, pb].map((image) => new Uint8Array(UPNG.toRGBA8(image)[0]));
  let different = 0;
  for (let i = 0; i < ra.length; i += 4)
    if ([0, 1, 2].some((channel) => Math.abs(ra[i + channel] - rb[i + channel]) > ANTI_ALIASING_STEP)) different++;
  return different;
}

const ANTI_ALIASING_STEP = 8;

/** The page at `path` as the server sends it to `reader`'s session, painted with and without the whole sheet. */
async function samePainted(browser: Browser, reader: Page, path: string) {
  const url = brandUrl('flirtlokaal', path);
  const html = await reader.evaluate((p) => fetch(p).then((r) => r.text()), path);
  const options: BrowserContextOptions = { storageState: await reader.context().storageState() };
  for (const viewport of SIZES) {
    const alone = await shot(browser, url, html, { ...options, viewport }, false);
    const whole = await shot(browser, url, html, { ...options, viewport }, true);
    expect(visiblyDifferentPixels(alone, whole), `${path} at ${viewport.width} px: its own rules alone paint it otherwise`).toBe(0);
  }
}

test.describe("a page's own styles", () => {
  test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

  test('a visitor page inlines a part of the sheet, links the whole at the end, and looks the same without it', async ({
    browser,
    page,
  }) => {
    // 24 to 32 full-page screenshots: on a busy 2-core machine this takes up to two minutes.
    test.setTimeout(240_000);
    // A returning visitor, past the entry warning. Read in the page: Node cannot resolve *.localhost.
    await page.context().addCookies([{ name: 'entry_ok', value: '1', url: brandUrl('flirtlokaal') }]);
    await page.goto(brandUrl('flirtlokaal', '/pages/terms'));
    const read = (path: string) => page.evaluate((p) => fetch(p).then((r) => r.text()), path);
    const html = await read('/');
    const inline = /<body><style>([^<]*)<\/style><div id="root">/.exec(html)?.[1];
    const sheet = /<\/div><link rel="stylesheet" href="([^"]+)" media="print" data-app-styles>/.exec(html)?.[1];
    expect(inline).toBeTruthy();
    expect(sheet).toBeTruthy();
    const whole = await read(sheet!);
    expect(inline!.length).toBeLessThan(whole.length / 2);
    // The app, once started, has the whole sheet apply to the screen.
    await expect(page.locator('link[data-app-styles]')).toHaveAttribute('media', 'all');
    for (const path of ['/', '/login', '/signup', '/pages/terms', '/pricing', '/members']) await samePainted(browser, page, path);
  });

  test("a member's pages look the same from their own rules alone", async ({ browser, page }) => {
    // 24 to 32 full-page screenshots: on a busy 2-core machine this takes up to two minutes.
    test.setTimeout(240_000);
    await logInAs(page, 'flirtlokaal', 'premium@demo.test');
    for (const path of ['/members', '/likes', '/chats', '/credits', '/profile', '/notifications', '/swipe-game', '/premium'])
      await samePainted(browser, page, path);
  });
});
