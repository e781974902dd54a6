import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PASSWORD, call, freshIp, login, mailCount, mailedLink, pathOf, sessionCookie, signUp, tokenOf } from './account-helpers';

// Issue 46 item 5: an e-mail change tells the old address, which can undo it for 7 days; a password change that ended
// a pending change link says so on the link's page.
type ErrorBody = { error: { code: string; message: string } };

async function changeEmail(member: Awaited<ReturnType<typeof signUp>>, newEmail: string) {
  expect(
    (await call('flirtlokaal', 'POST', '/api/mail-change.php', { new_email: newEmail, password: PASSWORD }, member.cookie)).status,
  ).toBe(200);
  const token = tokenOf(await mailedLink('flirtlokaal', newEmail, '/mail-change/do'));
  expect((await call('flirtlokaal', 'PUT', '/api/mail-change.php', { token }, member.cookie)).status).toBe(200);
}

const emailOf = async (id: number) => env.DB.prepare('SELECT email FROM members WHERE id = ?').bind(id).first<string>('email');

describe('undoing an e-mail change', () => {
  it('mails the old address a link that restores it, ends every session and asks for a new password', async () => {
    const member = await signUp();
    const newEmail = `taken-over-${member.email}`;
    await changeEmail(member, newEmail);
    expect(await emailOf(member.user.id)).toBe(newEmail);
    // Whoever changed it logs in with the new address.
    const intruder = sessionCookie(await login(newEmail, PASSWORD, freshIp()));

    expect(await mailCount('flirtlokaal', member.email, 'mail_changed')).toBe(1);
    const undo = await mailedLink('flirtlokaal', member.email, '/api/mail-change-undo.php');
    const res = await call('flirtlokaal', 'GET', pathOf(undo));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/reset-password?mail_restored=1');
    expect(await emailOf(member.user.id)).toBe(member.email);
    for (const cookie of [member.cookie, intruder]) {
      expect(await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, cookie)).json()).toEqual({ user: null });
    }
    expect(await mailCount('flirtlokaal', member.email, 'mail_restored')).toBe(1);
    // The new address no longer logs in; the old one does.
    expect((await login(newEmail, PASSWORD, freshIp())).status).not.toBe(200);
    expect((await login(member.email, PASSWORD, freshIp())).status).toBe(200);
    // Once only.
    const again = await call('flirtlokaal', 'GET', pathOf(undo));
    expect(again.headers.get('Location')).toBe('/activate/error');
    const page = await (await call('flirtlokaal', 'GET', '/reset-password?mail_restored=1')).text();
    expect(page).toContain('Je oude e-mailadres is teruggezet en iedereen is uitgelogd.');
  });

  it('does not overwrite a later change, and works for 7 days only', async () => {
    const member = await signUp();
    await changeEmail(member, `first-${member.email}`);
    const undo = await mailedLink('flirtlokaal', member.email, '/api/mail-change-undo.php');
    const cookie = sessionCookie(await login(`first-${member.email}`, PASSWORD, freshIp()));
    await changeEmail({ ...member, cookie }, `second-${member.email}`);
    expect((await call('flirtlokaal', 'GET', pathOf(undo))).headers.get('Location')).toBe('/activate/error');
    expect(await emailOf(member.user.id)).toBe(`second-${member.email}`);

    const late = await signUp();
    await changeEmail(late, `late-${late.email}`);
    const link = await mailedLink('flirtlokaal', late.email, '/api/mail-change-undo.php');
    await env.DB.prepare(
      "UPDATE one_time_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE purpose = 'mail_change_undo' AND member_id = ?",
    )
      .bind(late.user.id)
      .run();
    expect((await call('flirtlokaal', 'GET', pathOf(link))).headers.get('Location')).toBe('/activate/error');
    expect(await emailOf(late.user.id)).toBe(`late-${late.email}`);
  });
});

describe('a change link ended by a password change', () => {
  it('says so instead of "Link verlopen of invalide"', async () => {
    const member = await signUp();
    const newEmail = `pending-${member.email}`;
    expect(
      (await call('flirtlokaal', 'POST', '/api/mail-change.php', { new_email: newEmail, password: PASSWORD }, member.cookie)).status,
    ).toBe(200);
    const token = tokenOf(await mailedLink('flirtlokaal', newEmail, '/mail-change/do'));
    const changed = await call(
      'flirtlokaal',
      'PUT',
      '/api/password.php',
      { old_password: PASSWORD, password: 'Nieuw-wachtwoord-2', password_confirm: 'Nieuw-wachtwoord-2' },
      member.cookie,
    );
    expect(changed.status).toBe(200);
    const res = await call('flirtlokaal', 'PUT', '/api/mail-change.php', { token }, member.cookie);
    expect(res.status).toBe(400);
    const body = await res.json<ErrorBody>();
    expect(body.error.code).toBe('link_ended_by_password');
    expect(body.error.message).toContain('beëindigd door je wachtwoordwijziging');
    expect(await emailOf(member.user.id)).toBe(member.email);
    // A link that is simply unknown still gets the generic answer.
    const bogus = await call('flirtlokaal', 'PUT', '/api/mail-change.php', { token: `${token.slice(0, -4)}AAAA` }, member.cookie);
    expect((await bogus.json<ErrorBody>()).error.code).toBe('link_invalid');
  });
});
