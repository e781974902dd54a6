import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import {
  activateFromMailbox,
  api,
  brandFacts,
  brandUrl,
  expect,
  onBrand,
  payOnProviderSandbox,
  test,
  text,
  watchConsole,
  watchFailedResponses,
  goOnPastPauseScreens,
} from './fixtures';

// Two members chat live in two browser contexts: a premium demo member writes, a new member sees the badges and the
// title change without reloading, answers with what the brand's signup credits pay for, runs out of credits, is
// offered the credits page, buys the smallest bundle through the brand's payment sandbox and sends the refused message after
// all. Prices, credits, name, country and language come from the brand's tenant file (tests/browser/fixtures.ts
// brandFacts): the spec runs on Velvet Nights (signup credits pay for one message) and, in the project proxydemo, on
// a brand in proxy mode whose signup credits pay for none (playwright.config.ts).

const BRAND = () => onBrand('velvetnights');

const missing: string[] = [];

async function member(browser: Browser, country: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Debug-Country': country } });
  await context.addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(BRAND()) }]);
  const page = await context.newPage();
  await goOnPastPauseScreens(page);
  page.on('response', (r) => r.status() === 404 && missing.push(new URL(r.url()).pathname));
  await page.goto(brandUrl(BRAND(), '/'));
  return page;
}

/** A new confirmed member: signed up through the API, activated through the mailed link of the dev mailbox. */
async function newMember(page: Page, name: string): Promise<number> {
  const email = `chat-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const { user } = await api<{ user: { id: number } }>(page, '/api/signup.php', {
    method: 'POST',
    body: {
      email,
      name,
      password: 'Chat-secret-2026',
      date_of_birth: '1991-02-03',
      gender: 'female',
      looking_for: 'male',
      accept_terms: true,
    },
  });
  await activateFromMailbox(page, BRAND(), email);
  return user.id;
}

/**
 * The page's live socket as the test sees it: whether the hub has greeted it and takes sends over it, the send
 * frames the page wrote, and the POSTs to chat.php it made instead.
 */
function watchSends(page: Page) {
  const seen = { takesSends: false, frames: 0, posts: 0 };
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/api/live.php')) return;
    ws.on('framereceived', (f) => {
      if (String(f.payload).startsWith('{"type":"hello"')) seen.takesSends = String(f.payload).includes('"sends":true');
    });
    ws.on('framesent', (f) => {
      if (String(f.payload).startsWith('{"type":"send"')) seen.frames++;
    });
    ws.on('close', () => {
      seen.takesSends = false;
    });
  });
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/chat.php') && seen.posts++);
  return seen;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('two members chat live; badges, title and credits follow', async ({ browser }) => {
  test.setTimeout(150_000);
  const { tenant, country, language } = brandFacts(BRAND());
  const t = (key: string, values: Record<string, string | number> = {}) =>
    text(language, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  const { message_credits: price, photo_credits: photoPrice, signup_credits: signupCredits, name: brandName } = tenant.settings;
  // The replies the signup credits pay for, and what is left of them after.
  const replies = Math.floor(signupCredits / price);
  const leftover = signupCredits - replies * price;
  const { currency } = tenant.payments.countries[country as keyof typeof tenant.payments.countries]!;
  const bundle = tenant.payments.packages[currency as keyof typeof tenant.payments.packages]![0];

  const alice = await member(browser, country);
  const aliceProblems = watchConsole(alice);
  const aliceFailed = watchFailedResponses(alice);
  const aliceSends = watchSends(alice);
  const aliceId = await newMember(alice, 'Alice');
  await alice.goto(brandUrl(BRAND(), '/members'));
  const baseTitle = await alice.title();
  const messagesBadge = alice.getByTestId('nav-messages');

  const bob = await member(browser, country);
  const bobProblems = watchConsole(bob);
  const bobFailed = watchFailedResponses(bob);
  await api(bob, '/api/user.php', { method: 'POST', body: { email: 'premium@demo.test', password: 'Demo-pass-2026' } });

  await test.step('a first message, chosen from the icebreakers', async () => {
    await bob.goto(brandUrl(BRAND(), `/chats?profile=${aliceId}`));
    const icebreakers = bob.getByRole('dialog', { name: t('chat.icebreaker_title') });
    await expect(icebreakers).toBeVisible();
    await icebreakers.getByRole('button', { name: t('chat.icebreaker_2', { name: 'Alice' }) }).click();
    await expect(bob.getByTestId('composer-text')).toHaveValue(t('chat.icebreaker_2', { name: 'Alice' }));
    // The dialog opened by itself; closed, the focus goes to the message box with the choice, not to the page's start.
    await expect(bob.getByTestId('composer-text')).toBeFocused();
    await bob.getByRole('button', { name: t('chat.send'), exact: true }).click();
    await expect(bob).toHaveURL(/\/chats\/\d+$/);
    await expect(bob.getByTestId('message').last()).toHaveAttribute('data-status', /sent|delivered/);
  });

  await test.step("a wide screen shows the list, the conversation and the other side's card side by side; a phone the conversation alone", async () => {
    await bob.setViewportSize({ width: 1366, height: 768 });
    const card = bob.getByTestId('chat-profile');
    await expect(card).toBeVisible();
    await expect(card).toContainText('Alice');
    await expect(card.getByTestId('chat-profile-link')).toHaveAttribute('href', `/members/${aliceId}`);
    const [list, conversation, side] = await Promise.all(
      [bob.getByRole('list', { name: t('chat.list_label') }), bob.getByTestId('conversation'), card].map((locator) =>
        locator.boundingBox(),
      ),
    );
    expect(list!.x + list!.width).toBeLessThanOrEqual(conversation!.x + 1);
    expect(conversation!.x + conversation!.width).toBeLessThanOrEqual(side!.x + 1);
    // The three use the width: no empty band beside the conversation (it was 800 px at most).
    expect(side!.x + side!.width).toBeGreaterThan(1366 - 20);
    await bob.setViewportSize({ width: 390, height: 844 });
    await expect(card).toBeHidden();
    await expect(bob.getByTestId('conversation')).toBeVisible();
    await bob.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('one service worker at scope / is /sw-push.js, which imports /sw.js (decision 003)', async () => {
    await expect
      .poll(() => alice.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? null))
      .toMatch(/\/sw-push\.js$/);
    const registrations = await alice.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
    expect(registrations).toBe(1);
  });

  await test.step('the recipient sees the unread badge and the title count without reloading', async () => {
    await expect(messagesBadge).toContainText('1');
    await expect.poll(() => alice.title()).toBe(`(1) ${baseTitle}`);
  });

  await test.step('the count stays in the title on pages that name themselves (premium, pricing, information pages)', async () => {
    // Moving within the app: the counters are known before the page names itself.
    await alice.getByTestId('nav-premium').click();
    await expect(alice).toHaveURL(brandUrl(BRAND(), '/premium'));
    // The screen names itself once the shop's data is in: on a busy machine that takes a while.
    await expect.poll(() => alice.title(), { timeout: 15_000 }).toBe(`(1) ${t('shop.title_premium')} · ${brandName}`);
    for (const path of ['/pricing', '/pages/privacy']) {
      await alice.locator(`footer a[href="${path}"]`).click();
      await expect(alice).toHaveURL(brandUrl(BRAND(), path));
      await expect.poll(() => alice.title()).toMatch(new RegExp(`^\\(1\\) .+ · ${escapeRegExp(brandName)}$`));
    }
    // Back to a page that does not name itself, inside the app: the brand's title again, with the count.
    await alice.locator('a[href="/members"]').first().click();
    // The search writes its filter into the address.
    await expect(alice).toHaveURL(new RegExp(`^${escapeRegExp(brandUrl(BRAND(), '/members'))}(\\?|$)`));
    await expect.poll(() => alice.title()).toBe(`(1) ${baseTitle}`);
  });

  await test.step('opening the chat reads it: the sender sees "read" live', async () => {
    await messagesBadge.click();
    await alice.getByTestId('chat-item').first().click();
    await expect(alice.getByTestId('conversation')).toContainText(t('chat.icebreaker_2', { name: 'Alice' }));
    await expect(bob.getByTestId('message').last()).toHaveAttribute('data-status', 'read');
    await expect.poll(() => alice.title()).not.toMatch(/^\(\d+\)/);
  });

  await test.step("a photo from the sender's own approved photos arrives live", async () => {
    await bob.getByRole('button', { name: t('chat.photo_send') }).click();
    const picker = bob.getByRole('dialog', { name: t('chat.photo_title') });
    await expect(picker).toContainText(t('chat.photo_price', { credits: photoPrice }));
    // Every photo button has its own name (issue 45, item 12): "Send photo 1 of N", or the private one's.
    const photoButtons = picker.locator('[data-testid^="chat-photo-"]');
    const first = photoButtons.first();
    // The picker loads the photos in one answer: once the first shows, all of them are there to count.
    await expect(first).toBeVisible();
    const total = await photoButtons.count();
    await expect(first).toHaveAccessibleName(
      new RegExp(`^(${t('chat.photo_pick_n', { n: 1, total })}|${t('chat.photo_pick_private', { n: 1, total })})$`),
    );
    await first.click();
    // Credits for a photo are spent only after the question with its price (issue 44, item 12).
    const question = bob.getByRole('dialog', { name: t('chat.spend_title') });
    await expect(question).toContainText(t('chat.spend_photo', { count: photoPrice }));
    await question.getByTestId('spend-send').click();
    await expect(question).toBeHidden();
    await expect(picker).toBeHidden();
    await expect(
      bob
        .getByTestId('message')
        .last()
        .getByRole('img', { name: t('chat.photo_mine') }),
    ).toBeVisible();
    const received = alice
      .getByTestId('message')
      .last()
      .getByRole('img', { name: t('chat.photo_theirs') });
    await expect(received).toBeVisible();
    await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  await test.step(`replies go over the open live socket, arrive live and spend the signup credits (${signupCredits}: ${replies} replies)`, async () => {
    await expect(alice.getByTestId('chat-credits')).toHaveText(t('chat.credits_left', { count: signupCredits }));
    await expect.poll(() => aliceSends.takesSends).toBe(true);
    const [frames, posts] = [aliceSends.frames, aliceSends.posts];
    for (let reply = 1; reply <= replies; reply++) {
      await alice.getByTestId('composer-text').fill(`Hi Bob ${reply} <script>alert(1)</script>`);
      await alice.getByRole('button', { name: t('chat.send'), exact: true }).click();
      await expect(bob.getByTestId('message').last()).toContainText(`Hi Bob ${reply} <script>alert(1)</script>`);
      await expect(alice.getByTestId('chat-credits')).toHaveText(t('chat.credits_left', { count: signupCredits - reply * price }));
    }
    expect([aliceSends.frames - frames, aliceSends.posts - posts]).toEqual([replies, 0]);
  });

  const refused = 'One more? <script>alert(2)</script>';
  let chatUrl = '';
  await test.step('out of credits: nothing is sent and the credits page is offered', async () => {
    chatUrl = alice.url();
    await alice.getByTestId('composer-text').fill(refused);
    await alice.getByRole('button', { name: t('chat.send'), exact: true }).click();
    const alert = alice.getByTestId('no-credits');
    await expect(alert).toContainText(text(language, 'errors.insufficient_credits'));
    await expect(alice.getByTestId('message')).toHaveCount(2 + replies);
    await expect(alice.getByTestId('composer-text')).toHaveValue(refused);
    await alert.getByRole('link', { name: t('chat.buy_credits') }).click();
    await expect(alice).toHaveURL(brandUrl(BRAND(), '/credits'));
  });

  await test.step('the smallest bundle, bought on the brand payment sandbox, pays for the refused message, which arrives live', async () => {
    await alice.getByTestId(`choose-${bundle.id}`).click();
    await alice.getByRole('radio', { name: t('payment.methods.creditcard') }).check();
    await alice.getByTestId('consent').check();
    await alice.getByRole('button', { name: t('pay.submit') }).click();
    await payOnProviderSandbox(alice);
    await expect(alice.getByTestId('transaction-paid')).toContainText(t('transaction.paid', { credits: bundle.credits }));
    await alice.goto(chatUrl);
    await expect(alice.getByTestId('chat-credits')).toHaveText(t('chat.credits_left', { count: leftover + bundle.credits }));
    await alice.getByTestId('composer-text').fill(refused);
    await alice.getByRole('button', { name: t('chat.send'), exact: true }).click();
    await expect(bob.getByTestId('message').last()).toContainText(refused);
    await expect(alice.getByTestId('message')).toHaveCount(3 + replies);
    await expect(alice.getByTestId('chat-credits')).toHaveText(t('chat.credits_left', { count: leftover + bundle.credits - price }));
  });

  await test.step('a gift asks once: its price and the balance after it; turned off, the next one goes at once', async () => {
    const giftPrice = tenant.settings.gift_credits;
    const { user } = await api<{ user: { credits: number } }>(bob, '/api/user.php');
    const messages = bob.getByTestId('message');
    const before = await messages.count();
    await bob.getByRole('button', { name: t('chat.gift'), exact: true }).click();
    await bob.getByTestId('gift-rose').click();
    const question = bob.getByRole('dialog', { name: t('chat.spend_title') });
    await expect(question).toContainText(t('chat.spend_gift', { count: giftPrice }));
    await expect(question.getByTestId('spend-after')).toHaveText(t('chat.spend_after', { count: user.credits - giftPrice }));
    // Cancelled: nothing is sent or paid.
    await question.getByRole('button', { name: t('chat.spend_cancel') }).click();
    await expect(question).toBeHidden();
    await expect(messages).toHaveCount(before);
    // Asked again, sent, and the question turned off for the visit.
    await bob.getByRole('button', { name: t('chat.gift'), exact: true }).click();
    await bob.getByTestId('gift-rose').click();
    await question.getByTestId('spend-dont-ask').check();
    await question.getByTestId('spend-send').click();
    await expect(messages).toHaveCount(before + 1);
    await bob.getByRole('button', { name: t('chat.gift'), exact: true }).click();
    await bob.getByTestId('gift-rose').click();
    await expect(messages).toHaveCount(before + 2);
    await expect(question).toBeHidden();
    const after = await api<{ user: { credits: number } }>(bob, '/api/user.php');
    expect(after.user.credits).toBe(user.credits - 2 * giftPrice);
  });

  await test.step('the chat screen has no serious accessibility violations', async () => {
    const results = await new AxeBuilder({ page: bob }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const severe = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join(' | ')}`);
    expect(severe, severe.join('\n')).toEqual([]);
  });

  // The refused send is answered 402 over the socket, not by a failed request; nothing may fail or be missing.
  expect(missing).toEqual([]);
  expect(aliceFailed).toEqual([]);
  expect(bobFailed).toEqual([]);
  const expected = (p: string) => /status of 402/.test(p);
  expect(aliceProblems.filter((p) => !expected(p))).toEqual([]);
  expect(bobProblems.filter((p) => !expected(p))).toEqual([]);
});
