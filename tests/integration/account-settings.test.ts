import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { purgeExpired } from '../../worker/account/purge';
import { PASSWORD, call, mailedLink, pathOf, signUp } from './account-helpers';

type Settings = { email: Record<string, boolean>; push: Record<string, boolean>; email_disabled_reason: string | null; invisible: boolean };

async function activate(member: { email: string }) {
  await call('flirtlokaal', 'GET', pathOf(await mailedLink('flirtlokaal', member.email, '/api/activate.php')));
}
const searchable = async (id: number) =>
  (await env.DB.prepare('SELECT searchable FROM profiles WHERE id = ?').bind(id).first<{ searchable: number }>())!.searchable;

describe('notification settings', () => {
  it('has every type but marketing (news: opt-in) on by default, saves changes and validates them', async () => {
    const member = await signUp();
    const initial = await (await call('flirtlokaal', 'GET', '/api/notifications.php', undefined, member.cookie)).json<Settings>();
    const { news, ...others } = initial.email;
    expect(news).toBe(false);
    expect(Object.values(others).every(Boolean)).toBe(true);
    const saved = await (
      await call('flirtlokaal', 'PUT', '/api/notifications.php', { email: { news: true }, push: { likes: false } }, member.cookie)
    ).json<Settings>();
    expect(saved.email.news).toBe(true);
    expect(saved.push.likes).toBe(false);
    expect(saved.email.messages).toBe(true);
    expect((await call('flirtlokaal', 'PUT', '/api/notifications.php', { email: { news: 'no' } }, member.cookie)).status).toBe(400);
    expect((await call('flirtlokaal', 'GET', '/api/notifications.php')).status).toBe(403);
  });

  it('invisible mode takes the member out of search and back', async () => {
    const member = await signUp();
    await activate(member);
    expect(await searchable(member.user.id)).toBe(1);
    await call('flirtlokaal', 'PUT', '/api/notifications.php', { invisible: true }, member.cookie);
    expect(await searchable(member.user.id)).toBe(0);
    await call('flirtlokaal', 'PUT', '/api/notifications.php', { invisible: false }, member.cookie);
    expect(await searchable(member.user.id)).toBe(1);
  });

  it("switches e-mail off after the provider's bounce or complaint, with the reason, and only with its secret", async () => {
    const member = await signUp();
    const forged = await call('flirtlokaal', 'POST', '/api/mail-events.php', { type: 'bounce', email: member.email });
    expect(forged.status).toBe(401);
    const res = await call('flirtlokaal', 'POST', '/api/mail-events.php', { type: 'complaint', email: member.email }, undefined, {
      'X-Mail-Events-Secret': 'test-mail-events-secret',
    });
    expect(res.status).toBe(200);
    const settings = await (await call('flirtlokaal', 'GET', '/api/notifications.php', undefined, member.cookie)).json<Settings>();
    expect(settings.email_disabled_reason).toBe('fbl');
    const user = await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, member.cookie)).json<{
      user: { notifications_disabled: string[] };
    }>();
    expect(user.user.notifications_disabled).toContain('email');
    // The member may switch it on again.
    const on = await (
      await call('flirtlokaal', 'PUT', '/api/notifications.php', { email: { messages: true } }, member.cookie)
    ).json<Settings>();
    expect(on.email_disabled_reason).toBeNull();
  });
});

describe('deleting and recovering an account', () => {
  it('needs the password, ends the session, hides the profile and mails a recovery link that restores it', async () => {
    const member = await signUp();
    await activate(member);
    const wrong = await call('flirtlokaal', 'POST', '/api/delete-account.php', { password: 'x', reason: 'privacy' }, member.cookie);
    expect(wrong.status).toBe(400);
    const res = await call(
      'flirtlokaal',
      'POST',
      '/api/delete-account.php',
      { password: PASSWORD, reason: 'found_partner' },
      member.cookie,
    );
    expect(res.status).toBe(200);
    expect(await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, member.cookie)).json()).toEqual({ user: null });
    expect(await searchable(member.user.id)).toBe(0);
    // The right password says the account is deleted (and mails the recovery link again): issue 18 item 7.
    const login = await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD });
    expect(login.status).toBe(409);
    expect((await login.json<{ error: { code: string } }>()).error.code).toBe('account_deleted');

    // Signing up again within 14 days gives the reactivation hint.
    const again = await call('flirtlokaal', 'POST', '/api/signup.php', { ...member, name: 'Sanne' });
    expect(again.status).toBe(409);
    expect((await again.json<{ error: { code: string } }>()).error.code).toBe('account_deleted');

    const recover = await call('flirtlokaal', 'GET', pathOf(await mailedLink('flirtlokaal', member.email, '/api/recover-account.php')));
    expect(recover.status).toBe(303);
    expect(recover.headers.get('location')).toBe('/members');
    expect(await searchable(member.user.id)).toBe(1);
    expect((await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD })).status).toBe(200);
  });

  it('purges an account 14 days after deletion; its recovery link then fails', async () => {
    const member = await signUp();
    await call(
      'flirtlokaal',
      'POST',
      '/api/delete-account.php',
      { password: PASSWORD, reason: 'other', reason_text: 'bye' },
      member.cookie,
    );
    const link = await mailedLink('flirtlokaal', member.email, '/api/recover-account.php');
    expect(await purgeExpired(env, new Date(Date.now() + 13 * 86_400_000))).toBe(0);
    expect(await purgeExpired(env, new Date(Date.now() + 15 * 86_400_000))).toBe(1);
    const gone = await env.DB.prepare('SELECT COUNT(*) AS n FROM profiles WHERE id = ?').bind(member.user.id).first<{ n: number }>();
    expect(gone!.n).toBe(0);
    expect((await call('flirtlokaal', 'GET', pathOf(link))).headers.get('location')).toBe('/activate/error');
    // The address is free again.
    expect((await call('flirtlokaal', 'POST', '/api/signup.php', { ...member, name: 'Sanne' })).status).toBe(201);
  });
});
