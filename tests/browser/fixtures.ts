import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { TEST_PORT } from '../../playwright.config';

import { readFileSync } from 'node:fs';
import { chooseLanguage } from '../../core/rules/language';
import flirtlokaal from '../../tenants/flirtlokaal';
import proxydemo from '../../tenants/proxydemo';
import reifekontakte from '../../tenants/reifekontakte';
import velvetnights from '../../tenants/velvetnights';

/** A text of a catalogue, so tests follow the translations instead of repeating them. */
export function text(language: string, key: string): string {
  const catalogue = JSON.parse(readFileSync(`locales/${language}.json`, 'utf8'));
  return key.split('.').reduce((node, part) => node[part], catalogue) as string;
}

export const BRANDS = [
  { id: 'flirtlokaal', country: 'NL', lang: 'nl', switchTo: 'fr' },
  { id: 'reifekontakte', country: 'DE', lang: 'de', switchTo: null },
  { id: 'velvetnights', country: 'US', lang: 'en-US', switchTo: 'es' },
] as const;

const TENANT_FILES = { flirtlokaal, proxydemo, reifekontakte, velvetnights };

/**
 * What a spec needs to know of a brand, from its tenant file: the file itself (prices, credits, packages, name), the
 * country the spec visits from (the one BRANDS names, else the brand's first) and the language the server picks for
 * that visitor (core/rules/language.ts), so a spec can run on any brand a project names without a second set of numbers.
 */
export function brandFacts(id: string) {
  const tenant = TENANT_FILES[id as keyof typeof TENANT_FILES];
  if (!tenant) throw new Error(`no tenant file imported for ${id} (tests/browser/fixtures.ts)`);
  const country = BRANDS.find((brand) => brand.id === id)?.country ?? tenant.settings.countries[0];
  const language = chooseLanguage({ domainLanguage: tenant.settings.domain_language, country });
  return { tenant, country, language };
}

/** The landers' variants (core/routes.ts: /landers/tinderswipe and /landers/:variant). */
export const LANDERS = [
  'tinderswipe',
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
];

export const brandUrl = (brand: string, path = '/') => `http://${brand}.localhost:${TEST_PORT}${path}`;

/**
 * Collects console errors and uncaught exceptions, so a test can assert the page had none. A failed load's message
 * ("Failed to load resource: ... 403 ()") does not name the address: Chromium gives it as the message's location.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    const where = m.text().startsWith('Failed to load resource') && m.location().url ? ` (${m.location().url})` : '';
    problems.push(`${m.type()}: ${m.text()}${where}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/**
 * Collects every answer of 400 or more that the page's browser context received (its pages and its service worker,
 * whose requests the page's own listener does not see) as `STATUS METHOD /path`, so a spec can name the request a
 * console error only counts ("Failed to load resource: ... 403" carries no address) and allow exactly the ones
 * the flow asks for.
 */
export function watchFailedResponses(page: Page): string[] {
  const failed: string[] = [];
  page.context().on('response', (response) => {
    if (response.status() < 400) return;
    failed.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return failed;
}

/** A Playwright project may run specs on another brand: the project `proxydemo` runs them through proxy mode. */
export interface BrandOptions {
  brand: string | null;
}

let projectBrand: string | null = null;

// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture without a value as void
export const test = base.extend<{ pastPauseScreen: void }, BrandOptions & { projectBrandSetup: void }>({
  brand: [null, { option: true, scope: 'worker' }],
  /**
   * Between 00:00 and 05:00 local time the checkout shows the pause screen first (issue 45 item 10): whenever it is in
   * the way, go on, as a member would, so the shop's specs pass at any hour (tests/integration/spending-check.test.ts
   * tests the screen itself). A page of a context a test makes itself calls goOnPastPauseScreens.
   */
  pastPauseScreen: [
    async ({ page }, use) => {
      await goOnPastPauseScreens(page);
      await use();
    },
    { auto: true },
  ],
  projectBrandSetup: [
    async ({ brand }, use) => {
      projectBrand = brand;
      await use();
    },
    { auto: true, scope: 'worker' },
  ],
});

/** The brand a spec runs on: its own, unless the project names another (playwright.config.ts). */
export const onBrand = (brand: string): string => projectBrand ?? brand;

export { expect };

/** Whether the element's DOM node carries React's props, i.e. React has hydrated it. */
const hasReactProps = (locator: Locator) => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$')));

/**
 * Whether React has hydrated the element. It is first awaited visible: an assertion, unlike evaluate, runs the page's
 * locator handlers, so a pause screen in the element's place is gone through first.
 */
export const isHydrated = async (locator: Locator) => {
  await expect(locator).toBeVisible();
  return hasReactProps(locator);
};

/** Whenever the checkout's pause screen is in the way of a step, go on past it, as a member would. */
export async function goOnPastPauseScreens(page: Page) {
  await page.addLocatorHandler(page.getByTestId('pause-go-on'), async (button) => {
    await expect.poll(() => hasReactProps(button)).toBe(true);
    await button.click();
  });
}

/** Logs a demo member in through the login page (the password is the demo seed's, README.md). */
export async function logInAs(page: Page, brand: string, email: string, language = 'nl') {
  await page.context().addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(brand) }]);
  await page.goto(brandUrl(brand, '/login'));
  const form = page.getByTestId('login');
  await form.getByLabel(text(language, 'account.fields.email')).fill(email);
  await form.getByLabel(text(language, 'account.fields.password'), { exact: true }).fill('Demo-pass-2026');
  await form.getByRole('button', { name: text(language, 'login.submit') }).click();
  await page.waitForURL(brandUrl(brand, '/members'));
}

/** A new member as a person signs up: the home page's button, the modal's first step, up to the photo step. */
export async function signUpInModal(
  page: Page,
  brand: string,
  {
    email,
    name,
    password,
    birthdate,
    language = 'nl',
  }: { email: string; name: string; password: string; birthdate: string; language?: string },
) {
  await page.goto(brandUrl(brand, '/'));
  await page.getByTestId('cta-signup').click();
  const flow = page.getByTestId('signup-modal');
  await flow.getByLabel(text(language, 'account.fields.email')).fill(email);
  await flow.getByLabel(text(language, 'signup.account.name')).fill(name);
  await flow.getByLabel(text(language, 'account.fields.password'), { exact: true }).fill(password);
  await flow.getByLabel(text(language, 'signup.account.birthdate')).fill(birthdate);
  await flow
    .getByRole('group', { name: text(language, 'signup.account.gender') })
    .getByRole('radio', { name: text(language, 'signup.account.male'), exact: true })
    .check();
  await flow
    .getByRole('group', { name: text(language, 'signup.account.looking_for') })
    .getByRole('radio', { name: text(language, 'signup.account.looking_female'), exact: true })
    .check();
  // The terms box; the marketing box beside it stays unticked (opt-in, issue 17 item 6).
  await flow.locator('input[name="accept_terms"]').check();
  await flow.getByRole('button', { name: text(language, 'signup.account.submit') }).click();
  await expect(flow.getByRole('heading', { name: text(language, 'signup.steps.photo') })).toBeVisible();
}

/** An API call from the page (same origin, its cookies, as the app makes it): Node cannot resolve *.localhost. */
export function api<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return res.json();
    },
    { path, init },
  ) as Promise<T>;
}

/** Opens the activation link the dev mailbox holds for `email` (local mode), as the member would from the mail. */
export async function activateFromMailbox(page: Page, brand: string, email: string): Promise<void> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = await api<{ messages: { links: string[] }[] }>(page, `/dev/mailbox.json?to=${encodeURIComponent(email)}`);
      link = messages.flatMap((m) => m.links).find((l) => l.includes('/api/activate.php'));
      return link;
    })
    .toBeTruthy();
  const url = new URL(link!);
  await page.goto(brandUrl(brand, url.pathname + url.search));
}

/** The sandbox page of the brand's payment service the shop sent the member to (decision 013: adult acquirers only). */
const PROVIDER_SANDBOX = /^(Verotel FlexPay|CCBill FlexForm) sandbox$/;

/**
 * On the brand's payment service (Verotel's order page for Flirtlokaal and ReifeKontakte, CCBill's FlexForm for
 * Velvet Nights, each played by its local sandbox): the member pays, or the card is declined (a hard decline at
 * CCBill: no cascade). Either way the sandbox posts its signed event to the shop and sends the browser back to it.
 */
export async function payOnProviderSandbox(page: Page, outcome: 'pay' | 'decline' = 'pay'): Promise<void> {
  const heading = page.getByRole('heading', { name: PROVIDER_SANDBOX });
  await expect(heading).toBeVisible();
  const ccbill = (await heading.textContent())?.startsWith('CCBill');
  const button = outcome === 'pay' ? 'Pay' : ccbill ? 'Decline (hard)' : 'Decline';
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** The provider sandbox's page is open (the member was sent to pay), whichever acquirer the brand uses. */
export const providerSandboxHeading = (page: Page) => page.getByRole('heading', { name: PROVIDER_SANDBOX });
