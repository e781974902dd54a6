import { describe, expect, it } from 'vitest';
import { call, freshIp, signUp, signupBody } from './account-helpers';
import { createStaff, staffApi } from './staff-helpers';

// Issue 42 item 9: a name reaches mail headers (the notification mails' subjects name who wrote), so a name with a
// line break or another control character is refused wherever it is set, in the member's language.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const NL = 'Een naam mag geen regeleinden of andere stuurtekens bevatten.';
const EN = 'A name must not contain line breaks or other control characters.';
const INJECTED = ['Sanne\r\nBcc: x@evil.test', 'Sanne\nBcc', 'San\rne', 'San\u0000ne', 'San\u2028ne', 'San\tne', 'San\u0085ne'];

describe('names with line breaks or control characters', () => {
  it.each(INJECTED)('signup refuses %j with a field message', async (name) => {
    const res = await call('flirtlokaal', 'POST', '/api/signup.php', signupBody({ name }), undefined, freshIp());
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.fields?.name).toBe(NL);
  });

  it('signup answers in the member language', async () => {
    const res = await call(
      'velvetnights',
      'POST',
      '/api/signup.php',
      signupBody({ name: 'Sam\r\nBcc: x@evil.test' }),
      undefined,
      freshIp(),
    );
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.fields?.name).toBe(EN);
  });

  it('the profile edit refuses them and keeps the name', async () => {
    const member = await signUp();
    const { profile } = await (await call('flirtlokaal', 'GET', '/api/my-profile.php', undefined, member.cookie)).json<{
      profile: Record<string, unknown>;
    }>();
    for (const name of INJECTED) {
      const res = await call('flirtlokaal', 'PUT', '/api/my-profile.php', { ...profile, name }, member.cookie);
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect((await res.json<ErrorBody>()).error.fields?.name).toBe(NL);
    }
    const ok = await call('flirtlokaal', 'PUT', '/api/my-profile.php', { ...profile, name: 'Sanne B' }, member.cookie);
    expect(ok.status).toBe(200);
  });

  it('a fictional profile made or edited by staff refuses them too', async () => {
    const op = await createStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const base = {
      brand: 'flirtlokaal',
      name: 'Fenna',
      gender: 'female',
      sexuality: 'hetero',
      birthdate: '1995-06-15',
      country: 'NL',
      active: true,
    };
    const refused = await staffApi('flirtlokaal', 'POST', 'profiles.php', {
      cookie: op.cookie,
      body: { ...base, name: 'Fenna\r\nBcc: x' },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json<ErrorBody>()).error.fields?.name).toBe(NL);
    const created = await staffApi('flirtlokaal', 'POST', 'profiles.php', { cookie: op.cookie, body: base });
    expect(created.status).toBe(201);
    const { profile } = await created.json<{ profile: { id: number } }>();
    const edit = await staffApi('flirtlokaal', 'PUT', 'profiles.php', {
      cookie: op.cookie,
      body: { ...base, id: profile.id, name: 'Fenna\nX' },
    });
    expect(edit.status).toBe(400);
    expect((await edit.json<ErrorBody>()).error.fields?.name).toBe(NL);
  });
});
