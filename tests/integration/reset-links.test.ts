import { describe, expect, it } from 'vitest';
import { PASSWORD, call, freshIp, login, mailedLink, signUp, tokenOf } from './account-helpers';

// Pen test item 5: a completed reset clears the lockout and ends every other reset link; a password or e-mail
// change ends them too.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const statuses = (responses: Response[]) => responses.map((r) => r.status);

describe('a completed reset or change', () => {
  const requestReset = async (email: string) => {
    expect((await call('flirtlokaal', 'POST', '/api/reset-password.php', { email }, undefined, freshIp())).status).toBe(200);
    return tokenOf(await mailedLink('flirtlokaal', email, '/reset-password/do'));
  };
  const reset = (token: string, password: string) =>
    call('flirtlokaal', 'PUT', '/api/reset-password.php', { token, password, password_confirm: password }, undefined, freshIp());

  it('clears the lockout and ends every other reset link', async () => {
    const member = await signUp();
    const first = await requestReset(member.email);
    const second = await requestReset(member.email);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login(member.email, 'wrong-password-1', ip);
    expect((await login(member.email, PASSWORD, ip)).status).toBe(429);

    const done = await reset(second, 'Nieuw-wachtwoord-2');
    expect(done.status).toBe(200);
    expect((await login(member.email, 'Nieuw-wachtwoord-2', freshIp())).status).toBe(200);
    const older = await reset(first, 'Ander-wachtwoord-3');
    expect(older.status).toBe(400);
    expect((await older.json<ErrorBody>()).error.code).toBe('link_invalid');
  });

  it('lets one of two links used in parallel set the password, never both', async () => {
    const member = await signUp();
    const links = [await requestReset(member.email), await requestReset(member.email)];
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => reset(links[i % 2], `Parallel-wachtwoord-${i}`)));
    expect(statuses(responses).filter((s) => s === 200)).toHaveLength(1);
    expect(
      statuses(responses)
        .filter((s) => s !== 200)
        .every((s) => s === 400),
    ).toBe(true);
    const winner = responses.findIndex((r) => r.status === 200);
    expect((await login(member.email, `Parallel-wachtwoord-${winner}`, freshIp())).status).toBe(200);
  }, 60_000);

  it('a password change ends the reset links and clears the lockout', async () => {
    const member = await signUp();
    const link = await requestReset(member.email);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login(member.email, 'wrong-password-1', ip);
    const changed = await call(
      'flirtlokaal',
      'PUT',
      '/api/password.php',
      { old_password: PASSWORD, password: 'Nieuw-wachtwoord-2', password_confirm: 'Nieuw-wachtwoord-2' },
      member.cookie,
    );
    expect(changed.status).toBe(200);
    expect((await login(member.email, 'Nieuw-wachtwoord-2', freshIp())).status).toBe(200);
    expect((await reset(link, 'Ander-wachtwoord-3')).status).toBe(400);
  });

  it('an e-mail change ends the reset links', async () => {
    const member = await signUp();
    const link = await requestReset(member.email);
    const newEmail = `changed-${member.email}`;
    expect(
      (await call('flirtlokaal', 'POST', '/api/mail-change.php', { new_email: newEmail, password: PASSWORD }, member.cookie)).status,
    ).toBe(200);
    const token = tokenOf(await mailedLink('flirtlokaal', newEmail, '/mail-change/do'));
    expect((await call('flirtlokaal', 'PUT', '/api/mail-change.php', { token }, member.cookie)).status).toBe(200);
    expect((await reset(link, 'Ander-wachtwoord-3')).status).toBe(400);
  });
});
