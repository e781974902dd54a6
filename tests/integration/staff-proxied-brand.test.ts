import { describe, expect, it } from 'vitest';
import type { StaffBrandInfo } from '../../core/staff-boot';
import type { QueueResponse } from '../../core/schemas/staff-answers';
import { chatMember, fictionalProfile, send, textTo } from './chat-helpers';
import { fetchBrand } from './helpers';
import { createStaff, staffApi } from './staff-helpers';

// Issue 46, item 10: a brand in proxy mode (tenants/proxydemo.ts) keeps its members and conversations in its own
// backend, which the workspace does not read (docs/api/staff.md, "A brand in proxy mode"). Its fictional profiles are
// answered where the conversations are: locally in the brand proxydemo-origin, the engine serving as that backend;
// the workspace says so on the proxied brand's queue, from what the page hands it.
const ORIGIN = 'proxydemo-origin';

async function bootOf(cookie: string): Promise<StaffBrandInfo[]> {
  const html = await (await fetchBrand('flirtlokaal', '/staff', { headers: { Cookie: cookie } })).text();
  return JSON.parse(/<script id="__STAFF__" type="application\/json">(.*?)<\/script>/.exec(html)![1]).brands;
}

describe('staff and a brand in proxy mode', () => {
  it('tells the workspace which brands are proxied and which brand of the deployment, if any, is the backend', async () => {
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    const brands = await bootOf(owner.cookie);
    expect(brands.find((b) => b.id === 'proxydemo')?.proxy_backend).toBe(ORIGIN);
    // A backend outside the deployment (the test brand's fake backend): answered with its own tools.
    expect(brands.find((b) => b.id === 'proxied')?.proxy_backend).toBeNull();
    expect(brands.find((b) => b.id === 'flirtlokaal')).not.toHaveProperty('proxy_backend');
    expect(brands.find((b) => b.id === ORIGIN)).not.toHaveProperty('proxy_backend');
  });

  it("queues a member's message to a fictional profile in the backend's brand, where an operator claims and answers it", async () => {
    const op = await createStaff([{ brand: ORIGIN, role: 'operator' }]);
    const member = await chatMember({ credits: 50, brand: ORIGIN });
    const profile = await fictionalProfile(ORIGIN);
    const sent = await send(member, textTo(profile, 'Hoi vanaf de proxy demo'), undefined, ORIGIN);
    expect(sent.status).toBe(201);
    const conversationId = ((await sent.json()) as { conversation: { id: number } }).conversation.id;

    const queue = (await (await staffApi(ORIGIN, 'GET', `queue.php?brand=${ORIGIN}`, { cookie: op.cookie })).json()) as QueueResponse;
    expect(queue.items.map((i) => [i.brand, i.conversation_id])).toContainEqual([ORIGIN, conversationId]);
    const claim = await staffApi(ORIGIN, 'POST', 'claim.php', {
      cookie: op.cookie,
      body: { brand: ORIGIN, conversation_id: conversationId },
    });
    expect(claim.status).toBe(200);
    const reply = await staffApi(ORIGIN, 'POST', 'reply.php', {
      cookie: op.cookie,
      body: { brand: ORIGIN, conversation_id: conversationId, text: 'Hoi terug!' },
    });
    expect(reply.status).toBe(201);
  });

  it("has nothing of the proxied brand itself in the queue: its conversations are never in this engine's tables", async () => {
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    const res = await staffApi('flirtlokaal', 'GET', 'queue.php?brand=proxydemo', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const queue = (await res.json()) as QueueResponse;
    expect(queue.items).toEqual([]);
  });
});
