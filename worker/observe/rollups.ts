import { latencyColumn, rollupBucket } from '../../core/rules/latency';
import { logEvent } from '../log';

export interface Counted {
  tenant: string;
  route: string;
  status: number;
  ms: number;
  at: Date;
}

/**
 * Counts one request (or one push sent, route 'push') in its brand's 15-minute bucket: one UPSERT, which adds to the
 * bucket's row whatever other requests do at the same moment (no read-then-write).
 *
 * The request path calls this in ctx.waitUntil, after the answer has gone out: the member never waits for it. One
 * small write per request is acceptable here because D1 takes it on the primary after the response (off the member's
 * path), each is a single-row upsert on a primary key, and the counts are figures for an operations screen rather than
 * money: a write lost with a crashed isolate costs one request in a sum. Should the volume grow past what D1 takes
 * comfortably, this is the one place to batch per isolate or to send to Analytics Engine instead.
 */
export async function countRequest(db: D1Database, r: Counted): Promise<void> {
  const column = latencyColumn(r.ms);
  const errors = r.status >= 500 ? 1 : 0;
  const refused = r.status >= 400 && r.status < 500 ? 1 : 0;
  await db
    .prepare(
      `INSERT INTO request_rollups (tenant_id, bucket, route, requests, errors, refused, ms_total, ${column})
       VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, 1)
       ON CONFLICT (tenant_id, bucket, route) DO UPDATE SET requests = requests + 1, errors = errors + ?4,
         refused = refused + ?5, ms_total = ms_total + ?6, ${column} = ${column} + 1`,
    )
    .bind(r.tenant, rollupBucket(r.at), r.route, errors, refused, Math.max(0, Math.round(r.ms)))
    .run();
}

/** countRequest for work that must not fail because of it (a push, a request's waitUntil): a failure is logged. */
export function countQuietly(db: D1Database, r: Counted): Promise<void> {
  return countRequest(db, r).catch((error) =>
    logEvent('warn', 'rollup write failed', { tenant: r.tenant, route: r.route, errorClass: errorClass(error) }),
  );
}

/** The class of an error (its constructor's name), the one thing a log line says of an unexpected failure here. */
export function errorClass(error: unknown): string {
  // An own `name` first: the minified production build renames classes (ApiFailure names itself, worker/errors.ts).
  if (error instanceof Error) return (error.name !== 'Error' && error.name) || error.constructor?.name || 'Error';
  return typeof error;
}
