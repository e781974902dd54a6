import { describe, expect, it } from 'vitest';
import { PASSWORD, freshIp, login, signUp } from './account-helpers';

// Pen test item 4: the login lockout (5 per account) and the per-address limit (20) hold under parallel requests.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const statuses = (responses: Response[]) => responses.map((r) => r.status);

async function codes(responses: Response[]): Promise<string[]> {
  return Promise.all(responses.map(async (r) => (r.status === 200 ? 'ok' : (await r.json<ErrorBody>()).error.code)));
}

describe('login lockout under parallel requests', () => {
  it('checks at most 5 passwords of a burst on one account; the right one at the end of the burst is refused', async () => {
    // Three bursts, each on an account of its own: today's check-then-count let the right password through in most.
    for (let burst = 0; burst < 3; burst++) {
      const member = await signUp();
      const ip = freshIp();
      const attempts = Array.from({ length: 49 }, () => login(member.email, 'wrong-password-1', ip));
      attempts.push(login(member.email, PASSWORD, ip));
      const responses = await Promise.all(attempts);
      const answered = await codes(responses);
      expect(answered.filter((c) => c === 'ok')).toEqual([]);
      expect(answered.filter((c) => c === 'login_failed').length).toBeLessThanOrEqual(5);
      // The rest is refused unchecked: by the account's lockout, or by the address's limit while 20 are in flight.
      expect(answered.filter((c) => c !== 'login_failed').every((c) => c === 'login_blocked' || c === 'rate_limited')).toBe(true);
      expect(answered).toContain('login_blocked');
      expect(
        statuses(responses)
          .filter((s) => s !== 401)
          .every((s) => s === 429),
      ).toBe(true);
      // Still locked afterwards, for the right password too.
      const after = await login(member.email, PASSWORD, freshIp());
      expect(after.status).toBe(429);
      expect((await after.json<ErrorBody>()).error.message).toMatch(/^Te veel foute pogingen, account voor 1[45] min geblokkeerd\.$/);
    }
  }, 60_000);

  it('checks at most 20 passwords of a burst from one address; the right one at the end of the burst is refused', async () => {
    const member = await signUp();
    const ip = freshIp();
    const attempts = Array.from({ length: 49 }, (_, i) => login(`burst${i}-${Math.random()}@example.com`, 'wrong-password-1', ip));
    attempts.push(login(member.email, PASSWORD, ip));
    const responses = await Promise.all(attempts);
    const answered = await codes(responses);
    expect(answered.at(-1)).toBe('rate_limited');
    expect(answered.filter((c) => c === 'login_failed').length).toBeLessThanOrEqual(20);
    expect(answered.filter((c) => c !== 'login_failed').every((c) => c === 'rate_limited')).toBe(true);
    // Another address is not affected.
    expect((await login(member.email, PASSWORD, freshIp())).status).toBe(200);
  }, 60_000);

  it('does not count a successful login against the address, and a success resets the account count', async () => {
    const member = await signUp();
    const ip = freshIp();
    // 25 successes from one address: none uses up the per-address limit of 20 failures.
    for (let i = 0; i < 25; i++) expect((await login(member.email, PASSWORD, ip)).status).toBe(200);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await login(member.email, 'wrong-password-1', ip)).status).toBe(401);
      expect((await login(member.email, PASSWORD, ip)).status).toBe(200);
    }
  }, 60_000);
});
