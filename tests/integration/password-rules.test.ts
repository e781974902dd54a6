import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../worker/auth/passwords';
import { PASSWORD, call, freshIp, login, mailedLink, signUp, signupBody, tokenOf } from './account-helpers';
import { createMember } from './helpers';

// Pen test item 6: new passwords have at least 10 characters and are not among the most common ones.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('password rules', () => {
  const signup = (password: string) => call('flirtlokaal', 'POST', '/api/signup.php', signupBody({ password }), undefined, freshIp());

  it('needs at least 10 characters', async () => {
    const res = await signup('Kort-ww-9');
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.fields?.password).toBe('Je wachtwoord moet minstens 10 tekens hebben.');
    expect((await signup('Lang-genoeg')).status).toBe(201);
  });

  it('refuses a common password on signup, reset and change, whatever its case', async () => {
    for (const common of ['qwertyuiop', 'QwertyUiop', '1234567890']) {
      const res = await signup(common);
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.fields?.password).toBe(
        'Dit wachtwoord is te bekend en makkelijk te raden. Kies een ander.',
      );
    }
    const member = await signUp();
    const change = await call(
      'flirtlokaal',
      'PUT',
      '/api/password.php',
      { old_password: PASSWORD, password: 'iloveyou12', password_confirm: 'iloveyou12' },
      member.cookie,
    );
    expect(change.status).toBe(400);
    expect((await change.json<ErrorBody>()).error.code).toBe('validation_failed');
    await call('flirtlokaal', 'POST', '/api/reset-password.php', { email: member.email }, undefined, freshIp());
    const token = tokenOf(await mailedLink('flirtlokaal', member.email, '/reset-password/do'));
    const reset = await call('flirtlokaal', 'PUT', '/api/reset-password.php', {
      token,
      password: 'qwertyuiop',
      password_confirm: 'qwertyuiop',
    });
    expect(reset.status).toBe(400);
    expect((await reset.json<ErrorBody>()).error.fields?.password).toBe(
      'Dit wachtwoord is te bekend en makkelijk te raden. Kies een ander.',
    );
    // The refused attempt did not use the link up.
    expect(
      (
        await call('flirtlokaal', 'PUT', '/api/reset-password.php', {
          token,
          password: 'Nieuw-wachtwoord-2',
          password_confirm: 'Nieuw-wachtwoord-2',
        })
      ).status,
    ).toBe(200);
  });

  it('lets a member with an older, shorter password log in until they change it', async () => {
    const { memberId } = await createMember('flirtlokaal');
    await env.DB.prepare('UPDATE members SET password_hash = ? WHERE id = ?')
      .bind(await hashPassword('kort1'), memberId)
      .run();
    expect((await login(`m${memberId}@test.example`, 'kort1', freshIp())).status).toBe(200);
  });
});
