import type { Page } from '@playwright/test';
import { api, brandUrl, expect, test, text, watchConsole, signUpInModal, isHydrated, payOnProviderSandbox } from './fixtures';

// Issue 45 item 4, as a person in Germany does it: a member buys a bundle with the button the law names
// ("Zahlungspflichtig bestellen"), then cancels through "Verträge hier kündigen" in the footer (two steps, "Jetzt
// kündigen") and keeps the confirmation, which the mailbox holds too; a visitor finds the same path without logging in.

const BRAND = 'reifekontakte';
const t = (key: string, values: Record<string, string | number> = {}) =>
  text('de', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'DE' }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });

async function signUp(page: Page, email: string) {
  await signUpInModal(page, BRAND, {
    email,
    name: `Kuendiger${email.slice(7, 13)}`,
    password: 'jetzt-kuendigen-42',
    birthdate: '1970-04-04',
    language: 'de',
  });
}

test('a German member buys with "Zahlungspflichtig bestellen" and cancels in two steps', async ({ page, context }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND) }]);
  const email = `cancel-${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  await signUp(page, email);

  await test.step('the final button says "Zahlungspflichtig bestellen", and the bundle is bought', async () => {
    await page.goto(brandUrl(BRAND, '/credits/1/creditcard'));
    // A tap before hydration is undone when React takes the checkbox over: wait for it, as a person would see it load.
    await expect.poll(() => isHydrated(page.getByTestId('consent'))).toBe(true);
    await page.getByTestId('consent').check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await payOnProviderSandbox(page);
    await expect(page.getByTestId('transaction-paid')).toBeVisible();
  });

  await test.step('"Verträge hier kündigen" in the footer: identify, then "Jetzt kündigen"', async () => {
    await page.getByRole('contentinfo').getByRole('link', { name: 'Verträge hier kündigen' }).click();
    const card = page.getByTestId('cancel-contracts');
    await expect(card).toContainText(t('cancel.email', { email }));
    await card.getByLabel(t('cancel.name')).fill('Erika Mustermann');
    await card.getByRole('radio', { name: t('cancel.contract_all') }).check();
    await card.getByRole('button', { name: t('cancel.next') }).click();
    const confirm = page.getByTestId('cancel-confirm');
    await expect(confirm).toContainText('Erika Mustermann');
    await confirm.getByRole('button', { name: 'Jetzt kündigen' }).click();
  });

  await test.step('the confirmation to keep, with date and time, and the same in the mail', async () => {
    const done = page.getByTestId('cancel-done');
    await expect(done).toContainText(t('cancel.done_title'));
    await expect(done).toContainText(/K-\d+/);
    await expect(done).toContainText(email);
    await expect(done.getByRole('button', { name: t('cancel.print') })).toBeVisible();
    const reference = (await done.innerText()).match(/K-\d+/)![0];
    await expect
      .poll(async () => {
        const { messages } = await api<{ messages: { subject: string }[] }>(page, `/dev/mailbox.json?to=${encodeURIComponent(email)}`);
        return messages.map((m) => m.subject);
      })
      .toContain(`Bestätigung deiner Kündigung ${reference} bei ReifeKontakte`);
  });

  expect(problems).toEqual([]);
});

test('a visitor reaches "Verträge hier kündigen" without logging in and names their address', async ({ page, context }) => {
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND) }]);
  await page.goto(brandUrl(BRAND, '/'));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Verträge hier kündigen' }).click();
  await expect(page).toHaveURL(brandUrl(BRAND, '/cancel-contracts'));
  const card = page.getByTestId('cancel-contracts');
  await card.getByLabel(t('cancel.name')).fill('Max Mustermann');
  await card.getByLabel(t('cancel.email_label')).fill('kein-konto');
  await card.getByRole('button', { name: t('cancel.next') }).click();
  await expect(card).toContainText(t('validation.email_invalid'));
  await card.getByLabel(t('cancel.email_label')).fill(`nobody-${Date.now()}@example.com`);
  await card.getByRole('button', { name: t('cancel.next') }).click();
  await page.getByTestId('cancel-confirm').getByRole('button', { name: 'Jetzt kündigen' }).click();
  await expect(page.getByTestId('cancel-done')).toContainText(/K-\d+/);
});
