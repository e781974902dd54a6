import { brandUrl, expect, logInAs, test, text, watchConsole } from './fixtures';

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

test('a member finds the live cams from the search, sees whose performers they are and clicks through to the partner', async ({ page }) => {
  const problems = watchConsole(page);
  // The partner's site is elsewhere on the internet: here it answers with a page that shows where the click arrived.
  await page.route('https://livelounge.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<h1>LiveLounge</h1><p id="arrived">${route.request().url()}</p>` }),
  );
  await logInAs(page, 'flirtlokaal', 'free@demo.test');

  await page.getByTestId('cams-link').click();
  await expect(page).toHaveURL(brandUrl('flirtlokaal', '/cams'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Live cams van LiveLounge');
  const cards = page.getByTestId('cam-card');
  await expect(cards).toHaveCount(24);
  await expect(page.getByTestId('cam-partner-label')).toHaveText(Array(24).fill('Cammodel van LiveLounge'));
  // The demo shows are spread over the day: someone is live at any hour, and live ones come first.
  const live = await page.locator('[data-testid="cam-card"][data-live="true"]').count();
  expect(live).toBeGreaterThan(0);
  await expect(page.getByTestId('cams-live-count')).toHaveText(`Nu live: ${live}`);
  await expect(cards.first()).toHaveAttribute('data-live', 'true');
  await expect(cards.first()).toContainText(text('nl', 'cams.go_live'));

  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/^https:\/\/livelounge\.example\/room\/[a-z]+_\d+\?aff=flirtlokaal-nl&click=[0-9a-f-]{36}$/);
  expect(problems).toEqual([]);
});
