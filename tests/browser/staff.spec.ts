import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { brandUrl, expect, logInAs, test, text, watchConsole } from './fixtures';
import { signInAt, staffText } from './staff-login';

// The staff workspace answers a fictional profile live (issue 14), on flirtlokaal (Dutch brand: Dutch workspace).
// A member writes to a fictional profile; an operator, signed in at /staff/login in another browser context with the
// TOTP code of the demo secret, sees the conversation appear in the queue without reloading, claims it and answers;
// the member sees the answer live. A second operator cannot claim it meanwhile. Axe checks the queue and the answer
// screen.
//
// Needs from the other branches: the staff login (auth: the demo staff accounts below, TOTP secret
// JBSWY3DPEHPK3PXP, operator role on flirtlokaal) and the answering API (queue, live socket, claim, conversation,
// reply). The member is premium@demo.test: writing costs 5 credits on flirtlokaal and free@demo.test has none.

const BRAND = 'flirtlokaal';
const OPERATORS = ['operator@demo.test', 'operator2@demo.test'] as const;
const member = (key: string) => text('nl', key);
const staff = staffText;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

/** An operator signed in through the workspace's login page, in a browser context of their own. */
async function operator(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(brandUrl(BRAND, '/staff'));
  await expect(page).toHaveURL(brandUrl(BRAND, '/staff/login'));
  await signInAt(page, BRAND, email);
  await expect(page.getByRole('heading', { level: 1, name: staff('queue.title') })).toBeVisible();
  return page;
}

/** A call to the API from the page (same origin, its cookies): Node cannot resolve *.localhost. */
function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(
    async (p) => (await fetch(p, { headers: { Accept: 'application/json', 'X-Request-Type': 'client' } })).json(),
    path,
  ) as Promise<T>;
}

async function severeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('an operator answers a fictional profile live; a second operator cannot claim it', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}`.slice(-6);
  const question = `Hoi, hoe was je dag? (${stamp})`;
  const answer = `Heel goed, dankjewel! En die van jou? (${stamp})`;

  const memberContext = await browser.newContext({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });
  const memberPage = await memberContext.newPage();
  const memberProblems = watchConsole(memberPage);
  await logInAs(memberPage, BRAND, 'premium@demo.test');

  // A fictional profile of the brand, as the member's search shows it.
  const { results } = await api<{ results: { id: number; name: string; fictional: boolean }[] }>(memberPage, '/api/search.php');
  // One the member has not written to yet (other specs write to the demo's fictional profiles too): a first message
  // opens the conversation's own address.
  const { chats } = await api<{ chats: { profile: { id: number } }[] }>(memberPage, '/api/chats.php');
  const talkedTo = new Set(chats.map((c) => c.profile.id));
  const fictional = results.filter((p) => p.fictional && !talkedTo.has(p.id));
  expect(fictional.length).toBeGreaterThan(0);
  const profile = fictional[Number(stamp) % fictional.length];

  const first = await operator(browser, OPERATORS[0]);
  const firstProblems = watchConsole(first);
  const me = await api<{ name: string }>(first, '/api/staff/me.php');
  const item = first.getByTestId('queue-item').filter({ hasText: profile.name }).filter({ hasText: 'Bram' });

  await test.step('the member writes to the fictional profile', async () => {
    await memberPage.goto(brandUrl(BRAND, `/chats?profile=${profile.id}`));
    // A new conversation offers icebreakers first.
    const icebreakers = memberPage.getByRole('dialog', { name: member('chat.icebreaker_title') });
    await expect(icebreakers).toBeVisible();
    await icebreakers.getByRole('button', { name: member('common.close') }).click();
    await memberPage.getByTestId('composer-text').fill(question);
    await memberPage.getByRole('button', { name: member('chat.send'), exact: true }).click();
    await expect(memberPage).toHaveURL(/\/chats\/\d+$/);
  });

  await test.step('the conversation appears in the queue without reloading, with its waiting time', async () => {
    await expect(item).toHaveCount(1, { timeout: 20_000 });
    await expect(item).toContainText(/\d+ (s|min)/);
    await expect(item).toContainText('Flirtlokaal');
    await expect(first.getByTestId('waiting-counts')).toContainText('Flirtlokaal');
    const severe = await severeViolations(first);
    expect(severe, severe.join('\n')).toEqual([]);
  });

  await test.step('the operator claims it and sees the member, the profile and the message', async () => {
    await item.getByRole('button').click();
    await expect(first).toHaveURL(/\/staff\/c\/flirtlokaal\/\d+$/);
    await expect(first.getByTestId('claim-state')).toHaveAttribute('data-state', 'mine');
    await expect(first.getByTestId('member-card')).toContainText('Bram');
    await expect(first.getByTestId('profile-card')).toContainText(profile.name);
    await expect(first.getByTestId('staff-message').filter({ hasText: question })).toHaveAttribute('data-from', 'member');
    const severe = await severeViolations(first);
    expect(severe, severe.join('\n')).toEqual([]);
  });

  await test.step('a second operator sees who holds it and cannot claim it', async () => {
    const second = await operator(browser, OPERATORS[1]);
    const held = second.getByTestId('queue-item').filter({ hasText: profile.name }).filter({ hasText: 'Bram' });
    await expect(held.getByTestId('claimed-by')).toHaveText(staff('queue.claimed_by', { name: me.name }));
    await held.getByRole('button').click();
    await expect(second.getByTestId('claim-problem')).toContainText(me.name);
    await expect(second).toHaveURL(brandUrl(BRAND, '/staff'));
    await second.context().close();
  });

  await test.step('the answer goes out as the profile and reaches the member live', async () => {
    // A screen so low that the two messages overflow the list (55% of its height), which then scrolls in itself.
    await first.setViewportSize({ width: 1280, height: 160 });
    await first.getByLabel(staff('composer.label')).fill(answer);
    await first.getByRole('button', { name: staff('composer.send'), exact: true }).click();
    await expect(first.getByTestId('staff-message').last()).toHaveAttribute('data-from', 'profile');
    await expect(first.getByTestId('staff-message').last()).toHaveText(new RegExp(answer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(memberPage.getByTestId('message').last()).toContainText(answer);
    // The newest message is in view: the list scrolled to its end, not the page.
    const list = first.getByTestId('staff-messages');
    await expect
      .poll(() =>
        list.evaluate((el) => ({
          overflows: el.scrollHeight > el.clientHeight,
          atEnd: el.scrollTop + el.clientHeight >= el.scrollHeight - 2,
        })),
      )
      .toEqual({ overflows: true, atEnd: true });
  });

  await test.step('answered, it leaves the queue', async () => {
    await first.getByRole('link', { name: staff('conversation.back') }).click();
    await expect(first).toHaveURL(brandUrl(BRAND, '/staff'));
    await expect(item).toHaveCount(0);
  });

  expect(firstProblems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  expect(memberProblems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
});

test("an operator adds a photo to a fictional profile from the profiles screen; it shows as the profile's photo", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await operator(browser, OPERATORS[1]);
  const name = `Foto${`${Date.now()}`.slice(-6)}`;
  const created = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/staff/profiles.php', {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    {
      brand: BRAND,
      name,
      gender: 'female',
      sexuality: 'hetero',
      birthdate: '1994-03-02',
      country: 'NL',
      region: 'UT',
      interests: [],
      active: true,
    },
  );
  expect(created).toBe(201);

  await page.goto(brandUrl(BRAND, '/staff/profiles'));
  const card = page
    .getByTestId('profile-list')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText(`0 ${staff('profiles.photos')}`);
  await card.getByLabel(staff('profiles.upload', { name })).setInputFiles('tests/fixtures/images/portrait.jpg');
  await expect(card).toContainText(`1 ${staff('profiles.photos')}`);
  await expect(card.getByRole('alert')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded(); // the list's thumbnails load lazily
  await expect.poll(() => card.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.context().close();
});
