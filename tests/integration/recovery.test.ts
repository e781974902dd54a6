import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PASSWORD, call, deviceCookie, mailCount, mailedLink, sessionCookie, signUp, tokenOf } from './account-helpers';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('password reset', () => {
  it('mails a link that sets a new password once, ends the other sessions and logs in', async () => {
    const member = await signUp();
    expect((await call('flirtlokaal', 'POST', '/api/reset-password.php', { email: member.email })).status).toBe(200);
    const token = tokenOf(await mailedLink('flirtlokaal', member.email, '/reset-password/do'));
    const res = await call('flirtlokaal', 'PUT', '/api/reset-password.php', {
      token,
      password: 'Nieuw-wachtwoord-2',
      password_confirm: 'Nieuw-wachtwoord-2',
    });
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toBeTruthy();
    expect(await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, member.cookie)).json()).toEqual({ user: null });
    // The browser that set the password is known to the account: others' failed logins do not lock it out.
    const device = deviceCookie(res);
    for (let i = 0; i < 5; i++) await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: 'nope-nope' });
    expect((await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: 'Nieuw-wachtwoord-2' })).status).toBe(429);
    expect(
      (await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: 'Nieuw-wachtwoord-2' }, device)).status,
    ).toBe(200);
    const reuse = await call('flirtlokaal', 'PUT', '/api/reset-password.php', {
      token,
      password: 'Ander-wachtwoord-3',
      password_confirm: 'Ander-wachtwoord-3',
    });
    expect(reuse.status).toBe(400);
    expect((await reuse.json<ErrorBody>()).error.message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
  });

  it('refuses an expired link and mismatching passwords', async () => {
    const member = await signUp();
    await call('flirtlokaal', 'POST', '/api/reset-password.php', { email: member.email });
    const token = tokenOf(await mailedLink('flirtlokaal', member.email, '/reset-password/do'));
    const mismatch = await call('flirtlokaal', 'PUT', '/api/reset-password.php', {
      token,
      password: 'Nieuw-wachtwoord-2',
      password_confirm: 'Anders-2',
    });
    expect((await mismatch.json<ErrorBody>()).error.fields?.password_confirm).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    const late = await call(
      'flirtlokaal',
      'PUT',
      '/api/reset-password.php',
      { token, password: 'Nieuw-wachtwoord-2', password_confirm: 'Nieuw-wachtwoord-2' },
      undefined,
      {
        'X-Debug-Now': new Date(Date.now() + 3 * 3_600_000).toISOString(),
      },
    );
    expect((await late.json<ErrorBody>()).error.code).toBe('link_invalid');
  });

  it("answers an unknown address with 'E-mailadres niet gevonden' and caps reset mails per day", async () => {
    const unknown = await call('flirtlokaal', 'POST', '/api/reset-password.php', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json<ErrorBody>()).error.message).toBe('E-mailadres niet gevonden');
    const member = await signUp();
    for (let i = 0; i < 3; i++)
      expect((await call('flirtlokaal', 'POST', '/api/reset-password.php', { email: member.email })).status).toBe(200);
    const fourth = await call('flirtlokaal', 'POST', '/api/reset-password.php', { email: member.email });
    expect(fourth.status).toBe(429);
    expect((await fourth.json<ErrorBody>()).error.message).toBe('Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.');
    expect(await mailCount('flirtlokaal', member.email, 'password_reset')).toBe(3);
  });

  it('sends at most three reset mails a day however many requests run at once (issue 42)', async () => {
    const member = await signUp();
    // Each from an address of its own, so the per-address limit does not hide the per-account cap.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('flirtlokaal', 'POST', '/api/reset-password.php', { email: member.email }, undefined, {
          'CF-Connecting-IP': `198.51.100.${i + 1}`,
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
    const refused = answers.find((res) => res.status === 429)!;
    expect((await refused.json<ErrorBody>()).error.code).toBe('reset_limit');
    expect(await mailCount('flirtlokaal', member.email, 'password_reset')).toBe(3);
  });
});

describe('password change', () => {
  it('needs the old password and matching new ones; keeps this session and ends the others', async () => {
    const member = await signUp();
    const other = sessionCookie(await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD }));
    const wrong = await call(
      'flirtlokaal',
      'PUT',
      '/api/password.php',
      { old_password: 'x', password: 'Nieuw-wachtwoord-2', password_confirm: 'Nieuw-wachtwoord-2' },
      member.cookie,
    );
    expect((await wrong.json<ErrorBody>()).error.message).toBe('Controleer je oude wachtwoord.');
    const mismatch = await call(
      'flirtlokaal',
      'PUT',
      '/api/password.php',
      { old_password: PASSWORD, password: 'Nieuw-wachtwoord-2', password_confirm: 'x' },
      member.cookie,
    );
    expect((await mismatch.json<ErrorBody>()).error.fields?.password_confirm).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    const ok = await call(
      'flirtlokaal',
      'PUT',
      '/api/password.php',
      { old_password: PASSWORD, password: 'Nieuw-wachtwoord-2', password_confirm: 'Nieuw-wachtwoord-2' },
      member.cookie,
    );
    expect(ok.status).toBe(200);
    expect(
      ((await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, member.cookie)).json()) as { user: unknown }).user,
    ).not.toBeNull();
    expect(await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, other)).json()).toEqual({ user: null });
  });
});

describe('e-mail change', () => {
  it('sends a link to the new address; confirming changes the address and ends other sessions', async () => {
    const member = await signUp();
    const other = sessionCookie(await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD }));
    const invalid = await call('flirtlokaal', 'POST', '/api/mail-change.php', { new_email: 'kapot', password: PASSWORD }, member.cookie);
    expect((await invalid.json<ErrorBody>()).error.fields?.new_email).toBe('Nieuw e-mailadres invalide.');
    const newEmail = `changed-${member.email}`;
    expect(
      (await call('flirtlokaal', 'POST', '/api/mail-change.php', { new_email: newEmail, password: PASSWORD }, member.cookie)).status,
    ).toBe(200);
    const token = tokenOf(await mailedLink('flirtlokaal', newEmail, '/mail-change/do'));
    const done = await call('flirtlokaal', 'PUT', '/api/mail-change.php', { token }, member.cookie);
    expect(done.status).toBe(200);
    expect((await done.json<{ user: { email: string } }>()).user.email).toBe(newEmail);
    expect(await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, other)).json()).toEqual({ user: null });
    expect((await call('flirtlokaal', 'PUT', '/api/mail-change.php', { token }, member.cookie)).status).toBe(400);
  });

  it('refuses an address that already has an account', async () => {
    const a = await signUp();
    const b = await signUp();
    const res = await call('flirtlokaal', 'POST', '/api/mail-change.php', { new_email: b.email, password: PASSWORD }, a.cookie);
    expect(res.status).toBe(409);
    const row = await env.DB.prepare('SELECT email FROM members WHERE id = ?').bind(a.user.id).first('email');
    expect(row).toBe(a.email);
  });
});
