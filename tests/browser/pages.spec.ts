import type { Page } from '@playwright/test';
import { brandUrl, expect, test, text, watchConsole } from './fixtures';
import flirtlokaal from '../../tenants/flirtlokaal';

const BRAND = 'flirtlokaal';

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });
test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND) }]);
});

test('information pages show the company, also after a client-side navigation', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(brandUrl(BRAND, '/pages/terms'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Algemene voorwaarden');
  await expect(page.getByTestId('terms-version')).toContainText('1 maart 2024');
  const company = page.getByTestId('company-info');
  for (const value of ['Lokaal Media B.V.', 'Keizersgracht 100', '81234567', 'NL862345678B01', 'support@flirtlokaal.nl'])
    await expect(company).toContainText(value);

  // The footer link changes the page in place; the text and the (cached) company info come from the API.
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: text('nl', 'footer.privacy') })
    .click();
  await expect(page).toHaveURL(brandUrl(BRAND, '/pages/privacy'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacybeleid');
  await expect(page.getByTestId('company-info')).toContainText('Lokaal Media B.V.');
  await expect(page.getByTestId('page-privacy')).toContainText('AVG');
  await expect(page).toHaveTitle(/Privacybeleid/);
  expect(problems).toEqual([]);
});

/** Node cannot resolve <brand>.localhost (Chromium can): requests go through the page. */
async function fetchInPage(page: Page, path: string): Promise<{ status: number; type: string; bytes: number[]; text: string }> {
  return page.evaluate(async (url) => {
    const res = await fetch(url);
    const buffer = new Uint8Array(await res.clone().arrayBuffer());
    return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: [...buffer.subarray(0, 32)], text: await res.text() };
  }, path);
}

test('the complaint form checks its fields, submits, and confirms once the address is proven', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(brandUrl(BRAND, '/complaints'));
  const form = page.getByTestId('complaints');
  await form.getByRole('button', { name: text('nl', 'complaints.submit') }).click();
  await expect(form.getByText(text('nl', 'validation.complaint_subject'))).toBeVisible();
  await expect(form.getByText(text('nl', 'validation.complaint_text'))).toBeVisible();

  const email = `klacht${Date.now()}@example.com`;
  await form.getByLabel(text('nl', 'complaints.subject')).fill('Nepprofiel <b>vet</b>');
  await form.getByLabel(text('nl', 'complaints.concerns')).fill('Anna123');
  await form.getByLabel(text('nl', 'complaints.text')).fill('Dit profiel vraagt steeds om mijn telefoonnummer.');
  await form.getByLabel(text('nl', 'complaints.name')).fill('Jan');
  await form.getByLabel(text('nl', 'complaints.email')).fill(email);
  await form.getByRole('button', { name: text('nl', 'complaints.submit') }).click();
  // A visitor proves the address first: the page says where the link went.
  const pending = page.getByTestId('complaint-confirm');
  await expect(pending).toBeVisible();
  await expect(pending).toContainText(/C-\d+/);
  await expect(pending).toContainText(email);

  const mails = JSON.parse((await fetchInPage(page, `/dev/mailbox.json?to=${encodeURIComponent(email)}`)).text) as {
    messages: { template: string; links: string[] }[];
  };
  const confirm = mails.messages.find((m) => m.template === 'complaint_confirm');
  const link = confirm?.links.find((l) => l.includes('/api/complaint-confirm.php'));
  expect(link).toBeTruthy();
  await page.goto(link!);
  const done = page.getByTestId('complaint-done');
  await expect(done).toBeVisible();
  await expect(done).toContainText(/C-\d+/);
  const after = await fetchInPage(page, `/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  expect(after.text).toContain('complaint_received');
  expect(problems).toEqual([]);
});

test("interface icons are drawn: each its own SVG as a mask in the text's colour, at 1.11 times the text's size", async ({ page }) => {
  await page.goto(brandUrl(BRAND, '/pages/faq'));
  const drawn = await page
    .locator('.i-lucide-globe')
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      const fontSize = Number.parseFloat(getComputedStyle(el.parentElement!).fontSize);
      const box = el.getBoundingClientRect();
      return {
        mask: style.maskImage || style.webkitMaskImage,
        painted: style.backgroundColor === style.color,
        size: [box.width / fontSize, box.height / fontSize].map((n) => Math.round(n * 100) / 100),
      };
    });
  expect(drawn.mask).toMatch(/^url\("data:image\/svg\+xml;utf8,.*circle/);
  expect(drawn.painted).toBe(true);
  expect(drawn.size).toEqual([1.11, 1.11]);
});

test('the manifest and the icons are valid, and the page links them', async ({ page }) => {
  await page.goto(brandUrl(BRAND, '/pages/faq'));
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/icon-192.png');
  const res = await fetchInPage(page, '/manifest.webmanifest');
  expect(res.type).toContain('application/manifest+json');
  const manifest = JSON.parse(res.text);
  expect(manifest).toMatchObject({
    name: 'Flirtlokaal',
    start_url: '/?source=pwa',
    display: 'standalone',
    theme_color: flirtlokaal.look.colors.primary,
  });
  expect(manifest.icons).toHaveLength(3);
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const png = await fetchInPage(page, icon.src);
    expect(png.type).toBe('image/png');
    expect(png.bytes.slice(0, 8)).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const size = Number(icon.sizes.split('x')[0]);
    const u32 = (o: number) => ((png.bytes[o] << 24) | (png.bytes[o + 1] << 16) | (png.bytes[o + 2] << 8) | png.bytes[o + 3]) >>> 0;
    expect([u32(16), u32(20)]).toEqual([size, size]);
    // The browser decodes it as an image of that size.
    const natural = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, icon.src);
    expect(natural).toEqual([size, size]);
  }
});

test('offline: the app says so, and a page load without network shows the offline page', async ({ page, context }) => {
  await page.goto(brandUrl(BRAND, '/'));
  // After the first visit the service worker runs and the offline page is in the cache.
  // page.evaluate awaits the check's promise (waitForFunction would take the pending promise itself as "true").
  const ready = () =>
    expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            const cached = await caches.open('offline-v1').then((c) => c.match('/offline'));
            return Boolean(registration?.active && cached && navigator.serviceWorker.controller);
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
  await ready().catch(async () => {
    // The first load is not controlled yet: one reload puts the page under the service worker, which then
    // has the offline page cached (on a busy machine that can take a while).
    await page.reload();
    await ready();
  });

  await context.setOffline(true);
  await expect(page.getByTestId('offline-alert')).toBeVisible();
  await expect(page.getByTestId('offline-alert')).toHaveText(text('nl', 'warnings.offline'));

  await page.goto(brandUrl(BRAND, '/pages/faq')).catch(() => undefined);
  await expect(page.getByTestId('offline-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nl', 'offline.title'));

  await context.setOffline(false);
  await page.getByRole('link', { name: text('nl', 'offline.retry') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nl', 'footer.faq'));
});
