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
