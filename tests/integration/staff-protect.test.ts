import { describe, expect, it } from 'vitest';
import type { StaffConversation } from '../../core/schemas/staff-answers';
import { BRAND, chatMember, fictionalProfile, send, textTo, type TestMember } from './chat-helpers';
import { dbOf } from './helpers';
import { api } from './payment-helpers';
import { createStaff, staffApi } from './staff-helpers';

// Issue 45 item 11: the answer screen flags a member "protect" when their spending looks like harm by the pause
// screen's market rule (NL: more than 3 purchases or EUR 100 in 24 hours), or when they limited or paused their own
// spending; decided on the server from their orders and their own rules.

const HOUR = 3_600_000;
// 14:00 in Amsterdam (no night rule), at most a day before the real now so the staff session is still valid then.
const today = new Date();
today.setUTCHours(13, 0, 0, 0);
const AFTERNOON = today.getTime() <= Date.now() ? today.getTime() : today.getTime() - 24 * HOUR;

/** A paid order as the webhook leaves it, `hoursAgo` before the afternoon the screen is opened at. */
async function paidOrder(memberId: number, hoursAgo: number, amount = 2995) {
  const when = new Date(AFTERNOON - hoursAgo * HOUR).toISOString();
  await dbOf(BRAND)
    .prepare(
      `INSERT INTO orders (tenant_id, member_id, package_id, credits, currency, list_price, amount, country, method, provider, status, consent_at, language, created_at, updated_at, paid_at)
       VALUES (?1, ?2, 1, 100, 'EUR', ?3, ?3, 'NL', 'ideal', 'sandbox', 'paid', ?4, 'nl', ?4, ?4, ?4)`,
    )
    .bind(BRAND, memberId, amount, when)
    .run();
}

/** A member who wrote to a fictional profile, and the answer screen an operator opens on it. */
async function answerScreen(prepare: (m: TestMember) => Promise<void>, at?: number): Promise<StaffConversation> {
  const member = await chatMember({ credits: 50 });
  await prepare(member);
  const res = await send(member, textTo(await fictionalProfile()));
  expect(res.status).toBe(201);
  const conversationId = ((await res.json()) as { conversation: { id: number } }).conversation.id;
  const op = await createStaff([{ brand: BRAND, role: 'operator' }]);
  const headers: Record<string, string> = at === undefined ? {} : { 'X-Debug-Now': new Date(at).toISOString() };
  const screen = await staffApi(BRAND, 'GET', `conversation.php?brand=${BRAND}&id=${conversationId}`, { cookie: op.cookie, headers });
  expect(screen.status).toBe(200);
  return (await screen.json()) as StaffConversation;
}

describe('the protect flag on the answer screen', () => {
  it('flags a member over the thresholds, with the honest disclosure beside it', async () => {
    const screen = await answerScreen(async (m) => {
      for (const hours of [6, 4, 2, 1]) await paidOrder(m.memberId, hours);
    }, AFTERNOON);
    expect(screen.protect.flagged).toBe(true);
    expect(screen.protect.reasons).toContain('purchases');
    expect(screen.disclosure_text).toContain(screen.profile.name);
  });

  it('flags a member who spent more than EUR 100 in 24 hours in one purchase', async () => {
    const screen = await answerScreen((m) => paidOrder(m.memberId, 3, 10_001), AFTERNOON);
    expect(screen.protect.reasons).toContain('amount');
  });

  it('does not flag a member under the thresholds, nor one whose purchases are older than 24 hours', async () => {
    const under = await answerScreen(async (m) => {
      await paidOrder(m.memberId, 5);
      for (const hours of [30, 40, 50]) await paidOrder(m.memberId, hours);
    }, AFTERNOON);
    expect(under.protect).toEqual({ flagged: false, reasons: [] });
  });

  it('flags a member who paused their own spending', async () => {
    const screen = await answerScreen(async (m) => {
      const res = await api(BRAND, 'PUT', '/api/spending-pause.php', { cookie: m.cookie, body: { pause: '7d' } });
      expect(res.status).toBe(200);
    });
    expect(screen.protect).toEqual({ flagged: true, reasons: ['paused'] });
  });

  it('flags a member who set a limit of their own', async () => {
    const screen = await answerScreen(async (m) => {
      const res = await api(BRAND, 'PUT', '/api/spending-limits.php', { cookie: m.cookie, body: { day: 2000 } });
      expect(res.status).toBe(200);
    });
    expect(screen.protect).toEqual({ flagged: true, reasons: ['own_limits'] });
  });

  it('still never opens a conversation between two members', async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    for (const hours of [3, 2, 1, 0.5]) await paidOrder(a.memberId, hours);
    const sent = (await (await send(a, textTo(b.profileId))).json()) as { conversation: { id: number } };
    const op = await createStaff([{ brand: BRAND, role: 'operator' }]);
    const res = await staffApi(BRAND, 'GET', `conversation.php?brand=${BRAND}&id=${sent.conversation.id}`, { cookie: op.cookie });
    expect(res.status).toBe(404);
  });
});
