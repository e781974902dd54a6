import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { brandUrl, expect, test } from './fixtures';

// Axe on the pages a visitor meets first (flirtlokaal, the brand with the lightest primary colour; every brand's
// primary must carry white text at 4.5:1, see tests/integration/tenants.test.ts). Serious and
// critical violations fail the test, listed with the elements axe names.
const PAGES = ['/', '/pages/terms', '/complaints', '/login', '/premium'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

async function severeViolations(page: Page, path: string) {
  await page.context().addCookies([{ name: 'entry_ok', value: '1', url: brandUrl('flirtlokaal') }]);
  await page.goto(brandUrl('flirtlokaal', path));
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, text: `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}` }));
}

for (const path of PAGES) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    const severe = (await severeViolations(page, path)).map((v) => v.text);
    expect(severe, severe.join('\n')).toEqual([]);
  });
}
