import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createMember } from './helpers';
import { createStaff, staffApi } from './staff-helpers';

describe('staff sessions are not member sessions', () => {
  it('a staff cookie shows the staff member and the brands of their roles; an owner sees every brand', async () => {
    const operator = await createStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const me = await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: operator.cookie });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { brands: { id: string }[]; roles: unknown[] };
    expect(body.brands.map((b) => b.id)).toEqual(['flirtlokaal']);
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    const all = (await (await staffApi('velvetnights', 'GET', 'me.php', { cookie: owner.cookie })).json()) as { brands: { id: string }[] };
    expect(all.brands.map((b) => b.id).sort()).toEqual(expect.arrayContaining(['flirtlokaal', 'reifekontakte', 'velvetnights']));
  });

  it('a member cookie on a staff call is refused, and a staff cookie makes no member', async () => {
    const member = await createMember('flirtlokaal');
    const refused = await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: member.cookie });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('staff_login_required');
    const staff = await createStaff([{ brand: 'flirtlokaal', role: 'admin' }]);
    const user = await staffApi('flirtlokaal', 'GET', '../user.php', { cookie: staff.cookie });
    expect(((await user.json()) as { user: unknown }).user).toBeNull();
  });

  it('an ended or disabled staff session is no session', async () => {
    const staff = await createStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    await env.DB.prepare("UPDATE staff SET status = 'disabled' WHERE id = ?").bind(staff.staffId).run();
    expect((await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: staff.cookie })).status).toBe(401);
  });

  it('the audit log is append-only', async () => {
    await env.DB.prepare("INSERT INTO staff_audit (staff_id, brand, action, created_at) VALUES (NULL, 'flirtlokaal', 'login_failed', ?)")
      .bind(new Date().toISOString())
      .run();
    await expect(env.DB.prepare('UPDATE staff_audit SET action = ?').bind('x').run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare('DELETE FROM staff_audit').run()).rejects.toThrow(/append-only/);
  });
});
