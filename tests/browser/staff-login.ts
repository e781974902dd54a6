import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { brandUrl, expect } from './fixtures';

// Signing in to the staff workspace as the local seed's staff (README.md "Staff workspace"): password and the TOTP
// code of the demo secret. Texts come from the workspace's Dutch catalogue (the demo brand's language).

const staffCatalogue = JSON.parse(readFileSync('client/staff/i18n/nl.json', 'utf8')) as Record<string, string>;
export const staffText = (key: string, values: Record<string, string | number> = {}) =>
  staffCatalogue[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** The authenticator's code for the current 30 s step, never one about to expire (the test may be slow to submit it). */
async function totpCode(): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32('JBSWY3DPEHPK3PXP'), digits: 6, period: 30, algorithm: 'SHA1' });
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 4000) await new Promise((resolve) => setTimeout(resolve, left + 250));
  return totp.generate();
}

/**
 * Signs a staff member in on the login page `page` shows (or opens it). A code is good once per account: when
 * another test signed in to the same demo account within this 30 s step, the login is refused and this waits for
 * the next step's code.
 */
export async function signInAt(page: Page, brand: string, email: string): Promise<Page> {
  if (!page.url().endsWith('/staff/login')) await page.goto(brandUrl(brand, '/staff/login'));
  const form = page.getByTestId('staff-login');
  for (let attempt = 0; ; attempt++) {
    await form.getByLabel(staffText('login.email')).fill(email);
    await form.getByLabel(staffText('login.password')).fill('Demo-pass-2026');
    await form.getByLabel(staffText('login.otp')).fill(await totpCode());
    await form.getByRole('button', { name: staffText('login.submit') }).click();
    const signedIn = await page.waitForURL(brandUrl(brand, '/staff'), { timeout: 10_000 }).then(() => true, () => false);
    if (signedIn) return page;
    if (attempt === 2) break;
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 250));
  }
  await expect(page).toHaveURL(brandUrl(brand, '/staff'));
  return page;
}

/** A staff member signed in at /staff/login on `brand`, in a browser context of their own. */
export async function staffLogin(browser: Browser, brand: string, email: string, context: BrowserContextOptions = {}): Promise<Page> {
  return signInAt(await (await browser.newContext(context)).newPage(), brand, email);
}

/** Serious and critical accessibility problems of the page as it is now (WCAG 2.1 A/AA and best practice). */
export async function severeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
