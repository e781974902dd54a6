import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StaffMe, StaffSetupInfo } from '../../core/schemas/staff-answers';
import { auditRows, codeAt, createSetupLink, staffCookieOf, staffLogin, stepTime } from './staff-auth-helpers';
import { staffApi } from './staff-helpers';

type Failure = { error: { code: string; fields?: Record<string, string> } };

const PASSWORD = 'Lantern-orchard-77';
const view = (token: string) => staffApi('flirtlokaal', 'GET', `setup.php?token=${encodeURIComponent(token)}`);
const finish = (token: string, password: string, otp: string, at: Date) =>
  staffApi('flirtlokaal', 'POST', 'setup.php', { body: { token, password, otp }, headers: { 'X-Debug-Now': at.toISOString() } });

describe('the one-time setup link', () => {
  it('shows the QR code and the secret while valid; a password and a first code finish it, sign in and kill the link', async () => {
    const link = await createSetupLink([{ brand: 'flirtlokaal', role: 'operator' }]);
    const res = await view(link.token);
    expect(res.status).toBe(200);
    const info = (await res.json()) as StaffSetupInfo;
    expect(info.email).toBe(link.email);
    expect(info.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(info.qr_svg).toMatch(/^<svg [^>]*viewBox/);
    expect(info.otpauth_uri).toContain(`secret=${info.secret}`);
    expect(info.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    // A reload shows the same secret (the app may already have it).
    expect(((await (await view(link.token)).json()) as StaffSetupInfo).secret).toBe(info.secret);
    // Stored encrypted, never in clear.
    const stored = await env.DB.prepare('SELECT totp_secret FROM staff WHERE id = ?').bind(link.id).first<{ totp_secret: string }>();
    expect(stored!.totp_secret).not.toContain(info.secret);
    expect(stored!.totp_secret).toMatch(/^v1\./);

    const at = stepTime(0);
    const wrong = await finish(link.token, PASSWORD, String((Number(codeAt(info.secret, at)) + 1) % 1_000_000).padStart(6, '0'), at);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Failure).error.code).toBe('staff_otp_wrong');
    const common = await finish(link.token, 'password123', codeAt(info.secret, at), at);
    expect(common.status).toBe(400);
    expect(((await common.json()) as Failure).error.fields).toHaveProperty('password');
    const short = await finish(link.token, 'short-1', codeAt(info.secret, at), at);
    expect(((await short.json()) as Failure).error.fields).toHaveProperty('password');

    const done = await finish(link.token, PASSWORD, codeAt(info.secret, at), at);
    expect(done.status).toBe(200);
    expect(((await done.json()) as { staff: StaffMe }).staff.email).toBe(link.email);
    const cookie = staffCookieOf(done);
    expect((await staffApi('flirtlokaal', 'GET', 'me.php', { cookie })).status).toBe(200);
    expect((await auditRows(link.id, 'setup_completed')).length).toBe(1);

    // The link is dead: no QR, no second setup.
    expect((await view(link.token)).status).toBe(404);
    const again = await finish(link.token, 'Another-password-9', codeAt(info.secret, stepTime(1)), stepTime(1));
    expect(again.status).toBe(404);
    expect(((await again.json()) as Failure).error.code).toBe('staff_setup_invalid');
    // The confirming code was used; the next one logs in with the new password.
    const staff = { email: link.email, password: PASSWORD, secret: info.secret };
    expect((await staffLogin(staff, { at })).status).toBe(401);
    expect((await staffLogin(staff, { at: stepTime(1) })).status).toBe(200);
  });

  it('two parallel finishes of one link: one wins', async () => {
    const link = await createSetupLink([{ brand: 'flirtlokaal', role: 'operator' }]);
    const { secret } = (await (await view(link.token)).json()) as StaffSetupInfo;
    const at = stepTime(0);
    const results = await Promise.all([
      finish(link.token, PASSWORD, codeAt(secret, at), at),
      finish(link.token, 'Other-password-55', codeAt(secret, at), at),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    const { n } = (await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_sessions WHERE staff_id = ?')
      .bind(link.id)
      .first<{ n: number }>())!;
    expect(n).toBe(1);
    expect((await auditRows(link.id, 'setup_completed')).length).toBe(1);
  });

  it('an expired link, an unknown one and a disabled account show nothing', async () => {
    const expired = await createSetupLink([{ brand: 'flirtlokaal', role: 'operator' }], -1);
    expect((await view(expired.token)).status).toBe(404);
    expect((await view('A'.repeat(43))).status).toBe(404);
    expect((await staffApi('flirtlokaal', 'GET', 'setup.php')).status).toBe(400);
    const disabled = await createSetupLink([{ brand: 'flirtlokaal', role: 'operator' }]);
    await env.DB.prepare("UPDATE staff SET status = 'disabled' WHERE id = ?").bind(disabled.id).run();
    expect((await view(disabled.token)).status).toBe(404);
  });

  it('a link expires after 72 hours even once viewed', async () => {
    const link = await createSetupLink([{ brand: 'flirtlokaal', role: 'operator' }]);
    const { secret } = (await (await view(link.token)).json()) as StaffSetupInfo;
    const later = new Date(Date.now() + 72 * 3_600_000 + 60_000);
    const res = await finish(link.token, PASSWORD, codeAt(secret, later), later);
    expect(res.status).toBe(404);
  });

  it('wrong codes on one link are limited', async () => {
    const link = await createSetupLink([{ brand: 'flirtlokaal', role: 'operator' }]);
    await view(link.token);
    const at = stepTime(0);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await finish(link.token, PASSWORD, '000000', at)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400 || s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
