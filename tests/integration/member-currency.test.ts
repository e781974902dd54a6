import { describe, expect, it } from 'vitest';
import { signupBody } from './account-helpers';
import { createMember, dbOf, fetchBrand, pageState } from './helpers';

// Issue 46 item 4: one currency per member. Velvet Nights sells in pounds (GB), euros (IE) and dollars (US); a member
// who signed up in the UK sees pounds everywhere, also while browsing from the US.
const json = { 'Content-Type': 'application/json' };

async function signUpFrom(country: string) {
  const body = signupBody();
  const res = await fetchBrand('velvetnights', '/api/signup.php', {
    method: 'POST',
    country,
    headers: { ...json, 'CF-Connecting-IP': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('auth='))!
    .split(';')[0];
  return { cookie, email: body.email, user: ((await res.json()) as { user: { id: number; currency?: string } }).user };
}

const get = async (path: string, country: string, cookie?: string) =>
  fetchBrand('velvetnights', path, { country, headers: cookie ? { Cookie: cookie } : {} });

const packages = async (country: string, cookie?: string) =>
  (await (await get('/api/packages.php', country, cookie)).json()) as {
    currency: string;
    country: string;
    packages: { id: number; price: number }[];
  };

const pageOf = async (path: string, country: string, cookie: string) =>
  (await (await get(path, country, cookie)).text()).replace(/<!-- -->/g, '');

describe('one currency per member', () => {
  it('a UK member browsing from the US sees pounds in the shop, on /pricing and in the state the chat price reads', async () => {
    const m = await signUpFrom('GB');
    expect(m.user.currency).toBe('GBP');
    const stored = await dbOf('velvetnights')
      .prepare('SELECT currency FROM members WHERE id = ?')
      .bind(m.user.id)
      .first<{ currency: string }>();
    expect(stored?.currency).toBe('GBP');

    const shop = await packages('US', m.cookie);
    expect(shop.currency).toBe('GBP');
    expect(shop.country).toBe('GB');
    // A visitor from the US still shops in dollars.
    expect((await packages('US')).currency).toBe('USD');

    const credits = await pageOf('/credits', 'US', m.cookie);
    expect(pageState(credits).fallback['/api/packages.php'].currency).toBe('GBP');
    const prices = [...credits.matchAll(/data-testid="price">([^<]+)</g)].map((m) => m[1]);
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(/^£\d/);
    // The chat's "from £0.83" is drawn from the user's currency (client/components/chat/price.ts).
    const state = pageState(credits);
    expect(state.user.currency).toBe('GBP');
    expect(state.settings.minimum_message_costs.GB).toEqual({ costs: 0.83, currency: 'GBP' });

    const pricing = await pageOf('/pricing', 'US', m.cookie);
    expect(pricing).toMatch(/data-testid="message-price">£0\.83</);
  });

  it('is changed in the settings among the brand currencies, and then used from everywhere', async () => {
    const m = await signUpFrom('GB');
    const put = (currency: string) =>
      fetchBrand('velvetnights', '/api/currency.php', {
        method: 'PUT',
        country: 'GB',
        headers: { ...json, Cookie: m.cookie },
        body: JSON.stringify({ currency }),
      });
    const refused = await put('CHF');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('currency_unavailable');
    expect((await packages('GB', m.cookie)).currency).toBe('GBP');

    const changed = await put('USD');
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { user: { currency: string } }).user.currency).toBe('USD');
    expect((await packages('GB', m.cookie)).currency).toBe('USD');
    expect((await packages('IE', m.cookie)).currency).toBe('USD');
    const settings = await pageOf('/notifications', 'GB', m.cookie);
    expect(settings).toContain('data-testid="currency-choice"');
  });

  it('an order from abroad is priced in the member currency: the dollars the page did not show are refused', async () => {
    const m = await signUpFrom('GB');
    const shop = await packages('US', m.cookie);
    const order = (currency: string) =>
      fetchBrand('velvetnights', '/api/order.php', {
        method: 'POST',
        country: 'US',
        headers: { ...json, Cookie: m.cookie },
        body: JSON.stringify({
          package_id: shop.packages[0].id,
          amount: shop.packages[0].price,
          currency,
          method: 'creditcard',
          consent: true,
        }),
      });
    const dollars = await order('USD');
    expect(dollars.status).toBe(409);
    expect(((await dollars.json()) as { error: { code: string } }).error.code).toBe('amount_changed');
    const pounds = await order('GBP');
    const answer = (await pounds.json()) as { order?: { currency: string }; error?: { code: string } };
    // Pounds pass the price check (a market rule may still ask for an age check first).
    expect(answer.error?.code).not.toBe('amount_changed');
    if (pounds.status === 201) expect(answer.order?.currency).toBe('GBP');
  });

  it('a member from before the choice was stored gets the currency of their signup country', async () => {
    const m = await createMember('velvetnights');
    await dbOf('velvetnights').prepare("UPDATE profiles SET country = 'GB' WHERE id = ?").bind(m.profileId).run();
    expect((await packages('US', m.cookie)).currency).toBe('GBP');
    await dbOf('velvetnights').prepare("UPDATE profiles SET country = 'US' WHERE id = ?").bind(m.profileId).run();
    expect((await packages('GB', m.cookie)).currency).toBe('USD');
  });

  it('a brand with one currency offers no choice', async () => {
    const m = await createMember('flirtlokaal');
    const html = (await (await fetchBrand('flirtlokaal', '/notifications', { headers: { Cookie: m.cookie } })).text()).replace(
      /<!-- -->/g,
      '',
    );
    expect(html).not.toContain('data-testid="currency-choice"');
  });
});
