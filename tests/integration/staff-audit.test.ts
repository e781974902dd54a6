import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AuditPage } from '../../core/schemas/staff';
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
