import type { Page } from '@playwright/test';
import { api, brandUrl, expect, isHydrated, payOnProviderSandbox, providerSandboxHeading, signUpInModal, test, text } from './fixtures';

// Issue 44 items 2-3: every demo brand pays through its adult acquirer's sandbox, exactly as in production
// (decision 013). At a phone's width: on Flirtlokaal (Verotel FlexPay) a payment and a decline; on Velvet Nights
// (CCBill) a soft decline that cascades to Verotel, a 3-D Secure challenge, and a payment charged back later from
// the sandbox (the balance, the order's status, the mail, and an account that keeps working).
// Written with the feature; not run by its author (the session that wrote it runs no Playwright).

test.use({ viewport: { width: 390, height: 844 } });

const nl = (key: string, values: Record<string, string | number> = {}) =>
  text('nl', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const en = (key: string, values: Record<string, string | number> = {}) =>
  text('en', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function newMember(page: Page, brand: string, language: 'nl' | 'en'): Promise<string> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `acquirer-${stamp}@example.com`;
  await page.context().addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(brand) }]);
  await signUpInModal(page, brand, {
    email,
    name: `Koper${stamp.slice(-6)}`,
    password: 'koop-credits-42',
    birthdate: '1988-03-02',
    language,
  });
  return email;
}

/** A GB buyer passes the age check first (UK Online Safety Act: every order asks it; age-assurance.spec.ts). */
async function passAgeCheck(page: Page, brand: string) {
  await page.goto(brandUrl(brand, '/age-check'));
  await expect.poll(() => isHydrated(page.getByTestId('age-check-start'))).toBe(true);
  await page.getByTestId('age-check-start').click();
  await expect(page).toHaveURL(/\/api\/age-sandbox\.php\?/);
  await page.getByLabel('Facial age estimation').check();
  await page.getByRole('button', { name: 'Pass' }).click();
  await expect(page.getByTestId('age-check-status')).toHaveAttribute('data-status', 'pass');
}

/** On /credits/{id}/{method}: agree and order; the shop sends the member to the acquirer's sandbox. */
async function order(page: Page, brand: string, path: string, submit: string) {
  await page.goto(brandUrl(brand, path));
  await expect.poll(() => isHydrated(page.getByTestId('consent'))).toBe(true);
  await page.getByTestId('consent').check();
  await page.getByRole('button', { name: submit }).click();
  await expect(providerSandboxHeading(page)).toBeVisible();
}

test.describe('Flirtlokaal on Verotel FlexPay', () => {
  test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });
  const BRAND = 'flirtlokaal';

  test('pays on the order page, and a declined card grants nothing', async ({ page }) => {
    await newMember(page, BRAND, 'nl');

    await test.step("a card payment on Verotel's order page credits the bundle", async () => {
      await order(page, BRAND, '/credits/1/creditcard', nl('pay.submit'));
      await expect(page.getByRole('heading', { name: 'Verotel FlexPay sandbox' })).toBeVisible();
      await payOnProviderSandbox(page);
      await expect(page.getByTestId('transaction-paid')).toContainText(nl('transaction.paid', { credits: 50 }));
      await expect(page.getByTestId('credits-count')).toHaveText('50');
    });

    await test.step('a declined card: the order failed, the balance unchanged, another try offered', async () => {
      await order(page, BRAND, '/credits/1/creditcard', nl('pay.submit'));
      await payOnProviderSandbox(page, 'decline');
      const failed = page.getByTestId('transaction-failed');
      await expect(failed.getByRole('heading', { name: 'Betaling mislukt' })).toBeVisible();
      await expect(failed.getByTestId('other-method')).toBeVisible();
      await expect(page.getByTestId('credits-count')).toHaveText('50');
    });
  });
});

test.describe('Velvet Nights on CCBill', () => {
  test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'GB' } });
  const BRAND = 'velvetnights';
  // Package 21: 50 credits for GBP 12.99, on top of the 5 credits every new member gets (tenants/velvetnights.ts).
  const CARD = '/credits/21/creditcard';

  test('a soft decline at CCBill cascades to Verotel, where the card is taken', async ({ page }) => {
    await newMember(page, BRAND, 'en');
    await passAgeCheck(page, BRAND);
    await order(page, BRAND, CARD, en('pay.submit'));
    await expect(page.getByRole('heading', { name: 'CCBill FlexForm sandbox' })).toBeVisible();
    await page.getByRole('button', { name: 'Decline (soft)', exact: true }).click();
    // GB cards are routed CCBill, then Verotel: the member lands on Verotel's order page for the same order.
    await expect(page.getByRole('heading', { name: 'Verotel FlexPay sandbox' })).toBeVisible();
    await payOnProviderSandbox(page);
    await expect(page.getByTestId('transaction-paid')).toContainText(en('transaction.paid', { credits: 50 }));
    await expect(page.getByTestId('credits-count')).toHaveText('55');
  });

  test('a 3-D Secure challenge: failed authentication declines, passed authentication pays', async ({ page }) => {
    await newMember(page, BRAND, 'en');
    await passAgeCheck(page, BRAND);

    await test.step("the bank's challenge failed: the order failed, nothing credited", async () => {
      await order(page, BRAND, CARD, en('pay.submit'));
      await page.getByRole('button', { name: 'Pay with a 3-D Secure challenge' }).click();
      await expect(page.getByText('3-D Secure: your bank asks you to confirm this payment.')).toBeVisible();
      await page.getByRole('button', { name: 'Fail authentication' }).click();
      await expect(page.getByTestId('transaction-failed')).toBeVisible();
    });

    await test.step('the challenge passed: the bundle is credited', async () => {
      await order(page, BRAND, CARD, en('pay.submit'));
      await page.getByRole('button', { name: 'Pay with a 3-D Secure challenge' }).click();
      await page.getByRole('button', { name: 'Authenticate' }).click();
      await expect(page.getByTestId('transaction-paid')).toContainText(en('transaction.paid', { credits: 50 }));
      await expect(page.getByTestId('credits-count')).toHaveText('55');
    });
  });

  test('a chargeback later: credits taken back, the order says so, a mail, and the account keeps working', async ({ page }) => {
    const email = await newMember(page, BRAND, 'en');
    await passAgeCheck(page, BRAND);
    let formUrl = '';
    let orderId = '';

    await test.step('the member pays on the FlexForm', async () => {
      await order(page, BRAND, CARD, en('pay.submit'));
      formUrl = page.url();
      await payOnProviderSandbox(page);
      await expect(page.getByTestId('transaction-paid')).toContainText(en('transaction.paid', { credits: 50 }));
      orderId = new URL(page.url()).pathname.split('/').pop()!;
    });

    await test.step('later, the tester sends the chargeback from the sandbox, and the shop answers OK', async () => {
      await page.goto(formUrl);
      await page.getByRole('button', { name: 'Chargeback', exact: true }).click();
      await expect(page.getByText('Sent the chargeback webhook. The shop answered:')).toBeVisible();
      await expect(page.locator('code')).toHaveText('OK');
    });

    await test.step('the balance is back to 0 and the order says it was charged back', async () => {
      await page.goto(brandUrl(BRAND, `/transactions/${orderId}`));
      await expect(page.getByRole('status').filter({ hasText: en('transaction.charged_back') })).toBeVisible();
      await expect(page.getByTestId('credits-count')).toHaveText('5');
    });

    await test.step('the dev mailbox holds the chargeback mail', async () => {
      // "Chargeback of your order {{order}} at {{brand}}": the words before the order's number, however it is written.
      const opening = text('en', 'mail.payment_charged_back.subject').split('{{order}}')[0];
      await expect
        .poll(async () => {
          const { messages } = await api<{ messages: { subject: string }[] }>(page, `/dev/mailbox.json?to=${encodeURIComponent(email)}`);
          return messages.filter((m) => m.subject.startsWith(opening) && m.subject.includes(orderId)).length;
        })
        .toBe(1);
    });

    await test.step('the account still works: the members area and a new order through the shop', async () => {
      await page.goto(brandUrl(BRAND, '/members'));
      await expect(page).toHaveURL(brandUrl(BRAND, '/members'));
      await order(page, BRAND, CARD, en('pay.submit'));
      await payOnProviderSandbox(page);
      await expect(page.getByTestId('transaction-paid')).toContainText(en('transaction.paid', { credits: 50 }));
      await expect(page.getByTestId('credits-count')).toHaveText('55');
    });
  });
});
