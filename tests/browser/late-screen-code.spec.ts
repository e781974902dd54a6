import type { Route } from '@playwright/test';
import { brandUrl, expect, isHydrated, logInAs, test, text, watchConsole } from './fixtures';

// A screen's code is a chunk of its own (client/app.tsx). On a slow phone the member sees, and types into, the
// server-rendered form before that chunk arrives; hydration must keep what was typed, also when the layout above
// the screen updates meanwhile (the member's live counters, banners).

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

test('what a member types before the screen has hydrated is kept', async ({ page }) => {
  const problems = watchConsole(page);
  await logInAs(page, 'flirtlokaal', 'free@demo.test');
  // The scripts every page names come at once; anything loaded later (the screen's chunk) comes 1.5 s late.
  const url = new URL(brandUrl('flirtlokaal', '/login'));
  const html = await (await page.request.get(`http://127.0.0.1:${url.port}/login`, { headers: { Host: url.host } })).text();
  const pageScripts = new Set([...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]));
  expect(pageScripts.size).toBeGreaterThan(0);
  let lateChunks = 0;
  await page.route('**/*.js', async (route) => {
    const late = !pageScripts.has(new URL(route.request().url()).pathname);
    if (late) await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
    if (late) lateChunks++;
  });

  await page.goto(brandUrl('flirtlokaal', '/complaints'), { waitUntil: 'domcontentloaded' });
  const form = page.locator('main form');
  const subject = form.getByLabel(text('nl', 'complaints.subject'));
  await subject.fill('Vroeg getypt');
  await expect.poll(() => lateChunks).toBeGreaterThan(0);
  await expect.poll(() => isHydrated(subject), { timeout: 10_000 }).toBe(true);
  // The layout's own updates (counters from the live socket) come right after hydration: give them a moment.
  await page.waitForTimeout(500);
  await expect(subject).toHaveValue('Vroeg getypt');
  expect(problems).toEqual([]);
});

// The page head names the route's screen chunks and the whole catalogue (worker/ssr/shell.ts), so the browser fetches
// them with the entry instead of after it has run: on a phone a round trip less before the page answers a tap.
test("a member's page hydrates with only what its head named: the screen's chunks and the catalogue", async ({ page }) => {
  const problems = watchConsole(page);
  const headOf = async (path: string) => {
    const url = new URL(brandUrl('flirtlokaal', path));
    const html = await (await page.request.get(`http://127.0.0.1:${url.port}${path}`, { headers: { Host: url.host } })).text();
    return html.slice(0, html.indexOf('</head>'));
  };
  const links = (head: string, rel: string) =>
    [...head.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)"`, 'g'))].map((m) => m[1]);
  // The home page's screen is in the entry: its head names the entry's files alone, and no catalogue.
  const home = await headOf('/');
  const entryFiles = links(home, 'modulepreload');
  expect(entryFiles.length).toBeGreaterThan(0);
  expect(links(home, 'preload')).toEqual([]);

  await logInAs(page, 'flirtlokaal', 'free@demo.test');
  const head = await headOf('/members');
  const named = new Set([...links(head, 'modulepreload'), ...links(head, 'preload')]);
  expect([...named].filter((href) => href.startsWith('/i18n/'))).toHaveLength(1);
  expect([...named].filter((href) => href.endsWith('.js') && !entryFiles.includes(href)).length).toBeGreaterThan(0);

  // Anything the head did not name is held until the page has hydrated: hydration must not need it.
  const held: Route[] = [];
  let catalogueRequests = 0;
  await page.route(/\.js$|\/i18n\//, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path.startsWith('/i18n/')) catalogueRequests++;
    if (named.has(path)) await route.continue();
    else held.push(route);
  });
  await page.goto(brandUrl('flirtlokaal', '/members'), { waitUntil: 'domcontentloaded' });
  await expect.poll(() => isHydrated(page.locator('main a[href^="/members/"]').first()), { timeout: 10_000 }).toBe(true);
  // The catalogue came once: the entry's fetch took the preloaded answer.
  expect(catalogueRequests).toBe(1);
  // Lets the held requests go on.
  await page.unroute(/\.js$|\/i18n\//);
  expect(held.length).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});
