import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { touchLastActive } from '../../worker/auth/last-active';
import { findSessionMember } from '../../worker/auth/sessions';
import worker from '../../worker/index';
import { createMember } from './helpers';

// Issue 17, item 3: profiles.last_active follows the member's requests, at most one write per 5 minutes.
const lastActive = async (profileId: number) =>
  (await env.DB.prepare('SELECT last_active FROM profiles WHERE id = ?').bind(profileId).first<{ last_active: string }>())!.last_active;

/** A request of the member, through the Worker, returning once the work it left for after the answer (waitUntil) is done. */
async function request(cookie: string, now: string): Promise<void> {
  const ctx = createExecutionContext();
  const request = new Request('https://flirtlokaal.localhost/api/user.php', { headers: { Cookie: cookie, 'X-Debug-Now': now } });
  const res = await worker.fetch(request as never, env, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
}

describe('last activity', () => {
  it('is written by a request of the member, then not again within 5 minutes', async () => {
    const { profileId, cookie } = await createMember('flirtlokaal');
    const start = new Date(Date.now() + 60 * 60_000);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();
    await request(cookie, at(0));
    expect(await lastActive(profileId)).toBe(at(0));
    // Its background work finished: nothing was written 4 minutes later.
    await request(cookie, at(4));
    expect(await lastActive(profileId)).toBe(at(0));
    await request(cookie, at(6));
    expect(await lastActive(profileId)).toBe(at(6));
  });

  it('is written once by requests that all found it stale at the same time', async () => {
    const { profileId, token } = await createMember('flirtlokaal');
    const now = new Date(Date.now() + 2 * 60 * 60_000);
    const member = (await findSessionMember(env.DB, 'flirtlokaal', token, new Date()))!;
    const writes = await Promise.all([1, 2, 3, 4].map(() => touchLastActive(env.DB, member, now)));
    expect(writes.filter(Boolean)).toHaveLength(1);
    expect(await lastActive(profileId)).toBe(now.toISOString());
  });

  it('is not written for an invisible member', async () => {
    const { memberId, profileId, token } = await createMember('flirtlokaal');
    await env.DB.prepare('UPDATE members SET invisible = 1 WHERE id = ?').bind(memberId).run();
    const before = await lastActive(profileId);
    const member = (await findSessionMember(env.DB, 'flirtlokaal', token, new Date()))!;
    expect(await touchLastActive(env.DB, member, new Date(Date.now() + 3 * 60 * 60_000))).toBe(false);
    expect(await lastActive(profileId)).toBe(before);
  });
});
