import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AuditPage } from '../../core/schemas/staff-answers';
import { chatMember, fictionalProfile, send, textTo } from './chat-helpers';
import { dbOf } from './helpers';
import { createStaff, staffApi } from './staff-helpers';

type Failure = { error: { code: string } };

// A brand's entries live in its database (velvetnights: DB_VELVET), the deployment-wide ones in DB.
async function write(rows: { staffId: number | null; brand: string | null; action: string }[]) {
  const now = new Date().toISOString();
  for (const r of rows) {
    await (r.brand ? dbOf(r.brand) : env.DB)
      .prepare('INSERT INTO staff_audit (staff_id, brand, action, detail, created_at) VALUES (?, ?, ?, ?, ?)')
      .bind(r.staffId, r.brand, r.action, '{"k":1}', now)
      .run();
  }
}

const read = async (cookie: string, query = '') => {
  const res = await staffApi('flirtlokaal', 'GET', `audit.php${query}`, { cookie });
  return { status: res.status, body: (await res.json()) as AuditPage & Failure };
};

describe('reading the audit log', () => {
  it('an admin of a brand sees that brand only; operators are refused; owners see everything', async () => {
    const operatorA = await createStaff([{ brand: 'flirtlokaal', role: 'operator' }], 'Operator A');
    await write([
      { staffId: operatorA.staffId, brand: 'flirtlokaal', action: 'reply' },
      { staffId: operatorA.staffId, brand: 'velvetnights', action: 'reply' },
      { staffId: operatorA.staffId, brand: null, action: 'login' },
      { staffId: null, brand: 'flirtlokaal', action: 'note' },
    ]);
    const adminA = await createStaff([
      { brand: 'flirtlokaal', role: 'admin' },
      { brand: 'velvetnights', role: 'operator' },
    ]);
    const own = await read(adminA.cookie);
    expect(own.status).toBe(200);
    expect(own.body.entries.length).toBeGreaterThan(0);
    expect(own.body.entries.every((e) => e.brand === 'flirtlokaal')).toBe(true);
    const reply = own.body.entries.find((e) => e.action === 'reply')!;
    expect(reply.staff).toEqual({ id: operatorA.staffId, name: 'Operator A' });
    expect(reply.detail).toEqual({ k: 1 });
    // Newest first.
    expect(own.body.entries.map((e) => e.id)).toEqual([...own.body.entries.map((e) => e.id)].sort((a, b) => b - a));
    // A brand where the admin is only an operator: 403; one without any role: 404.
    expect((await read(adminA.cookie, '?brand=velvetnights')).status).toBe(403);
    const none = await read(adminA.cookie, '?brand=reifekontakte');
    expect(none.status).toBe(404);

    const operator = await read(operatorA.cookie);
    expect(operator.status).toBe(403);
    expect(operator.body.error.code).toBe('staff_forbidden');

    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    const all = await read(owner.cookie);
    const brands = new Set(all.body.entries.map((e) => e.brand));
    // Without a brand: the default database's entries (docs/decisions/009); a brand on its own database by name.
    expect(brands).toEqual(new Set(['flirtlokaal', null]));
    const velvet = await read(owner.cookie, '?brand=velvetnights');
    expect(velvet.body.entries.map((e) => e.brand)).toEqual(['velvetnights']);
    expect(velvet.body.entries[0].staff).toEqual({ id: operatorA.staffId, name: 'Operator A' });
  });

  it('filters by staff member and action, 50 per page, older pages by `before`', async () => {
    const admin = await createStaff([{ brand: 'reifekontakte', role: 'admin' }]);
    const worker = await createStaff([{ brand: 'reifekontakte', role: 'operator' }]);
    await write(
      Array.from({ length: 60 }, (_, i) => ({ staffId: worker.staffId, brand: 'reifekontakte', action: i % 2 ? 'reply' : 'claim' })),
    );
    await write([{ staffId: admin.staffId, brand: 'reifekontakte', action: 'reply' }]);

    const first = await read(admin.cookie, `?staff_id=${worker.staffId}`);
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.next_before).toBe(first.body.entries[49].id);
    const second = await read(admin.cookie, `?staff_id=${worker.staffId}&before=${first.body.next_before}`);
    expect(second.body.entries).toHaveLength(10);
    expect(second.body.next_before).toBeNull();
    expect([...first.body.entries, ...second.body.entries].every((e) => e.staff?.id === worker.staffId)).toBe(true);

    const replies = await read(admin.cookie, `?action=reply&brand=reifekontakte`);
    expect(replies.body.entries).toHaveLength(31);
    expect(replies.body.entries.every((e) => e.action === 'reply')).toBe(true);
    expect((await read(admin.cookie, '?staff_id=abc')).status).toBe(400);
  });
});

// Issue 42 item 8: staff reads of members' data leave a row like the writes do (who, what, when, brand).
describe('reading members data is audited', () => {
  type Row = {
    staff_id: number;
    brand: string;
    action: string;
    target_type: string | null;
    target_id: string | null;
    detail: string | null;
  };
  const rowsOf = async (brand: string, staffId: number, action: string) =>
    (
      await dbOf(brand)
        .prepare(
          'SELECT staff_id, brand, action, target_type, target_id, detail FROM staff_audit WHERE staff_id = ? AND action = ? ORDER BY id',
        )
        .bind(staffId, action)
        .all<Row>()
    ).results;

  it('a member page, a conversation on the answer screen and a member search each write a row; owners filter them', async () => {
    const admin = await createStaff([{ brand: 'flirtlokaal', role: 'admin' }]);
    const member = await chatMember({ credits: 20 });
    const page = await staffApi('flirtlokaal', 'GET', `member.php?brand=flirtlokaal&id=${member.memberId}`, { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(await rowsOf('flirtlokaal', admin.staffId, 'member_view')).toEqual([
      {
        staff_id: admin.staffId,
        brand: 'flirtlokaal',
        action: 'member_view',
        target_type: 'member',
        target_id: String(member.memberId),
        detail: null,
      },
    ]);
    // A read is not something done to the account: the member page's history of actions leaves it out.
    const again = (await (
      await staffApi('flirtlokaal', 'GET', `member.php?brand=flirtlokaal&id=${member.memberId}`, { cookie: admin.cookie })
    ).json()) as { audit: { action: string }[] };
    expect(again.audit.map((e) => e.action)).not.toContain('member_view');
    expect(await rowsOf('flirtlokaal', admin.staffId, 'member_view')).toHaveLength(2);

    const operator = await createStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const sent = await send(member, textTo(await fictionalProfile()));
    const conversationId = ((await sent.json()) as { conversation: { id: number } }).conversation.id;
    const screen = await staffApi('flirtlokaal', 'GET', `conversation.php?brand=flirtlokaal&id=${conversationId}`, {
      cookie: operator.cookie,
    });
    expect(screen.status).toBe(200);
    expect(await rowsOf('flirtlokaal', operator.staffId, 'conversation_view')).toEqual([
      {
        staff_id: operator.staffId,
        brand: 'flirtlokaal',
        action: 'conversation_view',
        target_type: 'conversation',
        target_id: String(conversationId),
        detail: JSON.stringify({ member_id: member.memberId }),
      },
    ]);

    const search = await staffApi('flirtlokaal', 'GET', `members.php?brand=flirtlokaal&q=${member.memberId}`, { cookie: admin.cookie });
    expect(search.status).toBe(200);
    expect(await rowsOf('flirtlokaal', admin.staffId, 'member_search')).toEqual([
      {
        staff_id: admin.staffId,
        brand: 'flirtlokaal',
        action: 'member_search',
        target_type: null,
        target_id: null,
        detail: JSON.stringify({ q: String(member.memberId) }),
      },
    ]);
    // A search over every brand of an owner leaves its row in each brand searched (velvetnights: its own database).
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    expect((await staffApi('flirtlokaal', 'GET', 'members.php?q=someone%40', { cookie: owner.cookie })).status).toBe(200);
    expect((await rowsOf('velvetnights', owner.staffId, 'member_search')).map((r) => r.brand)).toContain('velvetnights');
    expect((await rowsOf('flirtlokaal', owner.staffId, 'member_search')).map((r) => r.brand)).toContain('flirtlokaal');

    for (const [action, staffId] of [
      ['member_view', admin.staffId],
      ['conversation_view', operator.staffId],
      ['member_search', admin.staffId],
    ] as const) {
      const found = await read(owner.cookie, `?brand=flirtlokaal&action=${action}&staff_id=${staffId}`);
      expect(found.status).toBe(200);
      expect(found.body.entries.length, action).toBeGreaterThan(0);
      expect(found.body.entries.every((e) => e.action === action && e.brand === 'flirtlokaal' && e.staff?.id === staffId)).toBe(true);
    }
  });
});
