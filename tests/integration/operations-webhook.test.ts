import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { rollupBucket } from '../../core/rules/latency';
import { checkOperations } from '../../worker/observe/alerts';
import { TENANTS } from '../../worker/tenants';
import { dbOf } from './helpers';

// The deployment's alert webhook (issue 48 item 8): each incident is posted once, signed as README "Reading the
// operations screen" says; the receiver (tests/integration/alert-sink.ts, on the upstream test server) verifies it
// the way the README tells a receiver to, and refuses a wrong secret or a changed body.

declare const __TEST_UPSTREAM_PORT__: number;
const SINK = `http://127.0.0.1:${__TEST_UPSTREAM_PORT__}/alerts`;
/** The receiver's secret (ALERT_SINK_SECRET of alert-sink.ts, which runs in Node and is not imported here). */
const SECRET = 'alert-sink-secret-0123456789';

type Post = { body: string; signature: string | null; verified: boolean };

const webhookEnv = (key: string, secret: string): Env => ({
  ...env,
  OPS_ALERT_WEBHOOK_URL: `${SINK}/hook?key=${key}`,
  OPS_ALERT_WEBHOOK_SECRET: secret,
});

async function posts(key: string): Promise<Post[]> {
  return ((await (await fetch(`${SINK}/__seen?key=${key}`)).json()) as { posts: Post[] }).posts;
}

/** 40 errors in 200 requests of `brand` ten minutes before `at`: an error-rate incident. */
async function failing(brand: string, at: Date) {
  await dbOf(brand)
    .prepare(
      `INSERT INTO request_rollups (tenant_id, bucket, route, requests, errors, ms_total, le_100) VALUES (?, ?, '/api/user.php', 200, 40, 9000, 200)
       ON CONFLICT (tenant_id, bucket, route) DO UPDATE SET requests = requests + 200, errors = errors + 40, le_100 = le_100 + 200`,
    )
    .bind(brand, rollupBucket(new Date(at.getTime() - 10 * 60_000)))
    .run();
}

const tenantsOf = (brand: string) => TENANTS.filter((t) => t.id === brand);

describe('the alert webhook', { timeout: 60_000 }, () => {
  it('posts each incident once, signed so that the receiver verifies it; a changed body fails the check', async () => {
    const t0 = new Date(Date.now() + 2 * 3_600_000);
    await failing('flirtlokaal', t0);
    const hooked = webhookEnv('once', SECRET);
    // 20 cron runs at once decide the same incident: one posts it.
    await Promise.all(Array.from({ length: 20 }, () => checkOperations(hooked, env.DB, tenantsOf('flirtlokaal'), t0)));
    // The next run while the incident is open posts nothing.
    await checkOperations(hooked, env.DB, tenantsOf('flirtlokaal'), new Date(t0.getTime() + 5 * 60_000));
    const received = await posts('once');
    expect(received).toHaveLength(1);
    const [post] = received;
    expect(post.verified).toBe(true);
    expect(post.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    const payload = JSON.parse(post.body) as { brand: string; kind: string; key: string; incident: number; detail: Record<string, number> };
    expect(payload).toMatchObject({ brand: 'flirtlokaal', kind: 'error_rate', key: 'error_rate' });
    expect(payload.detail).toMatchObject({ requests: 200, errors: 40 });
    const incident = await env.DB.prepare("SELECT id FROM ops_incidents WHERE tenant_id = 'flirtlokaal' AND closed_at IS NULL").first('id');
    expect(payload.incident).toBe(incident);

    // The same signature over a body changed by one figure: the receiver refuses it.
    const replay = (body: string) =>
      fetch(`${SINK}/hook?key=tampered`, { method: 'POST', headers: { 'X-Ops-Signature': post.signature! }, body });
    expect((await replay(post.body.replace('"errors":40', '"errors":4'))).status).toBe(401);
    expect((await replay(post.body)).status).toBe(200);
    expect((await posts('tampered')).map((p) => p.verified)).toEqual([false, true]);
  });

  it('is refused by the receiver when the deployment signs with another secret, or not at all', async () => {
    const t0 = new Date(Date.now() + 2 * 3_600_000);
    await failing('reifekontakte', t0);
    await checkOperations(webhookEnv('wrong', 'not-the-receivers-secret-0123456789'), env.DB, tenantsOf('reifekontakte'), t0);
    const [wrong] = await posts('wrong');
    expect(wrong).toMatchObject({ verified: false });
    expect(wrong.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(JSON.parse(wrong.body)).toMatchObject({ brand: 'reifekontakte', kind: 'error_rate' });

    // Without a secret the post goes out unsigned, and the receiver refuses it too.
    await failing('velvetnights', t0);
    await checkOperations(
      { ...webhookEnv('unsigned', SECRET), OPS_ALERT_WEBHOOK_SECRET: undefined },
      dbOf('velvetnights'),
      tenantsOf('velvetnights'),
      t0,
    );
    expect(await posts('unsigned')).toEqual([expect.objectContaining({ signature: null, verified: false })]);
  });
});
