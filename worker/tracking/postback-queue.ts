import { postbackRetryDelay } from '../../core/rules/postback-template';
import type { Tables } from '../db/tables';
import { logEvent } from '../log';
import type { PostbackMessage } from './postbacks';
import { DEMO_NETWORK_HOST, testPostbackHosts } from './postback-hosts';
import { markLocalUpstream } from '../upstream/local-upstream';

/**
 * The POSTBACKS queue's consumer (issue 47 item 4). Each message names one postback row. A delivery first claims the
 * row (one conditional UPDATE: queued, or a claim whose lease ran out), so the network is called once however often
 * Queues delivers the message; each attempt is logged with the network's status code. A 2xx is sent; anything
 * else is tried again with backoff (30 s doubling, at most an hour: msg.retry), up to MAX_ATTEMPTS, then failed.
 * Redirects are not followed (the host was checked, its redirect target was not).
 */
export const MAX_ATTEMPTS = 10;
const TIMEOUT_MS = 10_000;
const LEASE_MS = 60_000;

type Claimed = Pick<Tables['postbacks'], 'url' | 'attempts'>;

export async function deliverPostbacks(
  batch: MessageBatch<PostbackMessage>,
  env: Env,
  dbFor: (tenant: string) => D1Database | null,
  now: () => Date = () => new Date(),
): Promise<void> {
  for (const message of batch.messages) {
    const { tenant, postback } = message.body ?? ({} as PostbackMessage);
    const db = typeof tenant === 'string' && Number.isInteger(postback) ? dbFor(tenant) : null;
    if (!db) {
      message.ack();
      continue;
    }
    const outcome = await deliverOne(env, db, tenant, postback, now());
    if (outcome.retryIn !== null) message.retry({ delaySeconds: outcome.retryIn });
    else message.ack();
  }
}

async function deliverOne(env: Env, db: D1Database, tenant: string, id: number, now: Date): Promise<{ retryIn: number | null }> {
  const at = now.toISOString();
  const claimed = await db
    .prepare(
      `UPDATE postbacks SET status = 'sending', attempts = attempts + 1, lease_until = ?3
        WHERE id = ?1 AND tenant_id = ?2 AND (status = 'queued' OR (status = 'sending' AND lease_until < ?4))
        RETURNING url, attempts`,
    )
    .bind(id, tenant, new Date(now.getTime() + LEASE_MS).toISOString(), at)
    .first<Claimed>();
  if (!claimed) return { retryIn: null };
  let status: number | null = null;
  let error: string | null = null;
  try {
    const { url, headers } = await target(env, tenant, claimed.url);
    const response = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      headers,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (e) {
    error = e instanceof Error ? e.message.slice(0, 200) : 'fetch failed';
  }
  const ok = status !== null && status >= 200 && status < 300;
  const final = ok ? 'sent' : claimed.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
  await db.batch([
    db
      .prepare('INSERT INTO postback_attempts (tenant_id, postback_id, attempt, status_code, error, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(tenant, id, claimed.attempts, status, error, at),
    db
      .prepare(
        `UPDATE postbacks SET status = ?3, last_status_code = ?4, lease_until = NULL, sent_at = CASE WHEN ?3 = 'sent' THEN ?5 ELSE sent_at END
          WHERE id = ?1 AND tenant_id = ?2`,
      )
      .bind(id, tenant, final, status, at),
  ]);
  if (final === 'failed') logEvent('warn', 'postback failed', { tenant, postback: id, status, error });
  return { retryIn: final === 'queued' ? postbackRetryDelay(claimed.attempts) : null };
}

/**
 * Where the request goes: the URL itself; in tests the stand-in network's host speaks plain http. Locally the demo
 * network is this very server's /dev/network/ on the brand's host: 127.0.0.1 on LOCAL_PORT with the engine's proof
 * of a call to itself (worker/upstream/local-upstream.ts), as `.localhost` names do not resolve inside workerd.
 */
async function target(env: Env, tenant: string, url: string): Promise<{ url: string; headers: Headers }> {
  const parsed = new URL(url);
  const headers = new Headers({ 'User-Agent': 'edge-dating-engine postback' });
  if (!testPostbackHosts(env).includes(parsed.host)) return { url, headers };
  if (parsed.host !== DEMO_NETWORK_HOST) {
    parsed.protocol = 'http:';
    return { url: parsed.toString(), headers };
  }
  const brandHost = `${tenant}.localhost:${env.LOCAL_PORT}`;
  headers.set('X-Forwarded-Host', brandHost);
  await markLocalUpstream(env, headers, brandHost);
  return { url: `http://127.0.0.1:${env.LOCAL_PORT}/dev/network${parsed.pathname}${parsed.search}`, headers };
}

/**
 * Rows left queued with no delivery in flight for 15 minutes (the queue's send failed after the row was written, or
 * a message was lost): queued again, from the hourly cron. The claim above keeps a second message harmless.
 */
export async function requeueStale(env: Env, db: D1Database, tenantIds: readonly string[], now: Date): Promise<number> {
  if (tenantIds.length === 0) return 0;
  const before = new Date(now.getTime() - 15 * 60_000).toISOString();
  const { results } = await db
    .prepare(
      `SELECT p.id, p.tenant_id FROM postbacks p
        WHERE p.tenant_id IN (${tenantIds.map(() => '?').join(', ')}) AND p.status = 'queued' AND p.created_at < ?
          AND NOT EXISTS (SELECT 1 FROM postback_attempts a WHERE a.postback_id = p.id AND a.created_at >= ?)
        LIMIT 500`,
    )
    .bind(...tenantIds, before, before)
    .all<Pick<Tables['postbacks'], 'id' | 'tenant_id'>>();
  if (results.length > 0)
    await env.POSTBACKS.sendBatch(
      results.map((r) => ({ body: { tenant: r.tenant_id, postback: r.id } satisfies PostbackMessage, contentType: 'json' as const })),
    );
  return results.length;
}
