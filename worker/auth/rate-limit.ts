import type { Tables } from '../db/tables';

// Fixed-window counters in D1, one conditional upsert per hit (no read-then-write race).

export interface Limit {
  limit: number;
  windowSeconds: number;
}

export interface HitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/** Counts one hit for `key` and says whether it is within the limit. */
export async function hit(db: D1Database, key: string, { limit, windowSeconds }: Limit, now: Date): Promise<HitResult> {
  const nowIso = now.toISOString();
  const expired = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start <= ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start <= ?3 THEN ?2 ELSE window_start END
       RETURNING count, window_start`,
    )
    .bind(key, nowIso, expired)
    .first<Pick<Tables['rate_limits'], 'count' | 'window_start'>>();
  const count = row?.count ?? 1;
  const resetsAt = new Date(row?.window_start ?? nowIso).getTime() + windowSeconds * 1000;
  return { allowed: count <= limit, count, retryAfter: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)) };
}

export interface ReserveRule extends Limit {
  /** The attempt that brings the count to this number also blocks the key until `lockUntil` (the login lockout). */
  lockAt?: number;
  lockUntil?: Date;
}

export type Reservation =
  | { allowed: true; count: number; windowStart: string; blockedUntil: Date | null }
  | { allowed: false; retryAfter: number; blockedUntil: Date | null };

/**
 * Takes one slot for an attempt before the attempt is made: the upsert counts it only when the window still has
 * room and the key is not blocked, so of any number of parallel attempts at most `limit` are allowed. A window
 * starts afresh once it has passed and no block is running. Refused attempts are not counted.
 */
export async function reserve(db: D1Database, key: string, rule: ReserveRule, now: Date): Promise<Reservation> {
  const nowIso = now.toISOString();
  const expired = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
  const fresh = '(window_start <= ?3 AND (blocked_until IS NULL OR blocked_until <= ?2))';
  const lockAt = rule.lockAt ?? null;
  const lockUntil = rule.lockUntil?.toISOString() ?? null;
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count, blocked_until) VALUES (?1, ?2, 1, CASE WHEN ?5 <= 1 THEN ?6 END)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN ${fresh} THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN ${fresh} THEN ?2 ELSE window_start END,
         blocked_until = CASE WHEN ?5 IS NOT NULL AND (CASE WHEN ${fresh} THEN 1 ELSE count + 1 END) >= ?5 THEN ?6
                              WHEN ${fresh} THEN NULL ELSE blocked_until END
       WHERE ${fresh} OR (count < ?4 AND (blocked_until IS NULL OR blocked_until <= ?2))
       RETURNING count, window_start, blocked_until`,
    )
    .bind(key, nowIso, expired, rule.limit, lockAt, lockUntil)
    .first<Pick<Tables['rate_limits'], 'count' | 'window_start' | 'blocked_until'>>();
  if (row)
    return {
      allowed: true,
      count: row.count,
      windowStart: row.window_start,
      blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null,
    };

  // Refused: read when it frees up, only to say so in the answer.
  const state = await db
    .prepare('SELECT window_start, blocked_until FROM rate_limits WHERE key = ?')
    .bind(key)
    .first<Pick<Tables['rate_limits'], 'window_start' | 'blocked_until'>>();
  const blockedUntil = state?.blocked_until && new Date(state.blocked_until) > now ? new Date(state.blocked_until) : null;
  const windowEnds = state ? new Date(state.window_start).getTime() + rule.windowSeconds * 1000 : now.getTime();
  const freeAt = Math.max(windowEnds, blockedUntil?.getTime() ?? 0);
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)), blockedUntil };
}

/**
 * Gives back a slot taken by `reserve` whose attempt turned out not to count (a successful login, or one refused
 * for another reason before it was tried). Only within the same window, so it never frees a slot of a later one.
 */
export function releaseStatement(db: D1Database, key: string, windowStart: string): D1PreparedStatement {
  return db.prepare('UPDATE rate_limits SET count = count - 1 WHERE key = ? AND window_start = ? AND count > 0').bind(key, windowStart);
}

export function clearStatement(db: D1Database, key: string): D1PreparedStatement {
  return db.prepare('DELETE FROM rate_limits WHERE key = ?').bind(key);
}
