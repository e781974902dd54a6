import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { brandUrl, expect } from './fixtures';

// Signing in to the staff workspace as the local seed's staff (README.md "Staff workspace"): password and the TOTP
// code of the demo secret. Texts come from the workspace's Dutch catalogue (the demo brand's language).

/** Where the tests claim TOTP steps (cleared with the run's results). */
const CLAIMS = 'test-results/totp-steps';

const staffCatalogue = JSON.parse(readFileSync('client/staff/i18n/nl.json', 'utf8'));
/** A text of the workspace's Dutch catalogue (nested keys, as the members' catalogues), its placeholders filled. */
export const staffText = (key: string, values: Record<string, string | number> = {}) =>
  (key.split('.').reduce((node, part) => node[part], staffCatalogue) as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name]),
  );

/**
 * The authenticator's code for a 30 s step no other test has used for this account: a code is good once per account
 * (a reused one is a failed login, and failures lock the account), and the browser tests run in several worker
 * processes. Each step is claimed by creating a marker file exclusively; a step that is taken, or about to end,
 * means waiting for the next.
 */
async function freshTotpCode(email: string): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32('JBSWY3DPEHPK3PXP'), digits: 6, period: 30, algorithm: 'SHA1' });
  mkdirSync(CLAIMS, { recursive: true });
  for (;;) {
    const now = Date.now();
    const left = 30_000 - (now % 30_000);
    if (left >= 4000) {
      try {
        closeSync(openSync(`${CLAIMS}/${email}-${Math.floor(now / 30_000)}`, 'wx'));
        return totp.generate({ timestamp: now });
      } catch {
        // another test signed this account in during this step
      }
    }
    await new Promise((resolve) => setTimeout(resolve, left + 250));
  }
}

/** Signs a staff member in on the login page `page` shows (or opens it), with a code no other test has used. */
export async function signInAt(page: Page, brand: string, email: string): Promise<Page> {
  if (!page.url().endsWith('/staff/login')) await page.goto(brandUrl(brand, '/staff/login'));
  const form = page.getByTestId('staff-login');
  await form.getByLabel(staffText('login.email')).fill(email);
  await form.getByLabel(staffText('login.password')).fill('Demo-pass-2026');
  await form.getByLabel(staffText('login.otp')).fill(await freshTotpCode(email));
  await form.getByRole('button', { name: staffText('login.submit') }).click();
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
