import { describe, expect, it } from 'vitest';
import { createMember, fetchBrand, pageState } from './helpers';
import { chatMember, send, textTo } from './chat-helpers';
import { placeOrder } from './payment-helpers';

const BRAND = 'flirtlokaal';
const MISSING = '987654321';

const page = (path: string, cookie?: string) =>
  fetchBrand(BRAND, path, { country: 'NL', redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });

/** The app's error page, rendered on the server with status 404 (not a 200 shell that finds out in the browser). */
async function expectNotFound(path: string, cookie?: string) {
  const res = await page(path, cookie);
  expect(res.status, path).toBe(404);
  const html = await res.text();
  expect(html, path).toContain('Deze pagina kon niet worden gevonden');
  expect(pageState(html).error, path).toEqual({ status: 404 });
}

async function expectPage(path: string, cookie?: string) {
  const res = await page(path, cookie);
  expect(res.status, path).toBe(200);
  expect(pageState(await res.text()).error, path).toBeNull();
}

describe("pages about one thing answer 404 when it does not exist or is not the member's", () => {
  it("/members/{id}: a missing profile and another brand's profile", async () => {
    const viewer = await createMember(BRAND);
    const own = await createMember(BRAND);
    const foreign = await createMember('velvetnights');
    for (const cookie of [viewer.cookie, undefined]) {
      await expectNotFound(`/members/${MISSING}`, cookie);
      await expectNotFound(`/members/${foreign.profileId}`, cookie);
    }
    await expectPage(`/members/${own.profileId}`, viewer.cookie);
  });

  it("/chats/{id}: a missing conversation and someone else's", async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    const outsider = await chatMember();
    const sent = (await (await send(a, textTo(b.profileId))).json()) as { conversation: { id: number } };
    const id = sent.conversation.id;
    await expectNotFound(`/chats/${MISSING}`, a.cookie);
    await expectNotFound(`/chats/${id}`, outsider.cookie);
    await expectPage(`/chats/${id}`, a.cookie);
    await expectPage(`/chats/${id}`, b.cookie);
  });

  it("/transactions/{id}: a missing order and another member's", async () => {
    const buyer = await createMember(BRAND);
    const other = await createMember(BRAND);
    const { order } = await placeOrder(BRAND, buyer.cookie);
    await expectNotFound(`/transactions/${MISSING}`, buyer.cookie);
    await expectNotFound('/transactions/not-an-order', buyer.cookie);
    await expectNotFound(`/transactions/${order.id}`, other.cookie);
    await expectPage(`/transactions/${order.id}`, buyer.cookie);
    await expectPage('/transactions', buyer.cookie);
  });

  it("/credits/{id}: a missing package and another brand's package", async () => {
    const member = await createMember(BRAND);
    await expectNotFound(`/credits/${MISSING}/ideal`, member.cookie);
    await expectNotFound('/credits/22/ideal', member.cookie);
    await expectPage('/credits/2/ideal', member.cookie);
    await expectPage('/credits', member.cookie);
  });
});
