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
    .first<{ count: number; window_start: string }>();
  const count = row?.count ?? 1;
  const resetsAt = new Date(row?.window_start ?? nowIso).getTime() + windowSeconds * 1000;
  return { allowed: count <= limit, count, retryAfter: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)) };
}

/** The time until which `key` is blocked, if it is. */
export async function blockedUntil(db: D1Database, key: string, now: Date): Promise<Date | null> {
  const row = await db.prepare('SELECT blocked_until FROM rate_limits WHERE key = ?').bind(key).first<{ blocked_until: string | null }>();
  if (!row?.blocked_until) return null;
  const until = new Date(row.blocked_until);
  return until > now ? until : null;
}

export async function block(db: D1Database, key: string, until: Date): Promise<void> {
  await db.prepare('UPDATE rate_limits SET blocked_until = ? WHERE key = ?').bind(until.toISOString(), key).run();
}

export async function clear(db: D1Database, key: string): Promise<void> {
  await db.prepare('DELETE FROM rate_limits WHERE key = ?').bind(key).run();
}
