import { logEvent } from '../log';
import { syncConversation } from './log';
import { conversationLog, LOG_COLUMNS } from './log-rows';

export interface MoveRun {
  /** Conversations verified in this run (count and checksum equal in D1 and the log). */
  moved: number;
  /** The conversation the run stopped at because the stores still differed after its tries, if any. */
  mismatch: number | null;
  /** The newest conversation verified so far: the next run starts after it. */
  after: number;
  /** Whether conversations after `after` are left. */
  more: boolean;
}

/** A conversation that keeps differing (a send between the copy and the comparison) is compared this often. */
const TRIES = 3;

/**
 * D1 keeps a message row at least this long after it was written, moved or not: until the send writes no row
 * (decision 016, step 3), the row's unique (sender, key) is what turns a client's retry of a send into a replay. A
 * client retries within a minute (client/api/fetch-client.ts); a day leaves room for any clock or queue.
 */
export const REPLAY_HORIZON_MS = 24 * 3600 * 1000;

/**
 * The move of issue 49 item 4, one brand at a time and `limit` conversations per run: each conversation's D1
 * messages are copied into its log (idempotent appends), both stores' count and checksum compared, a verified
 * conversation noted in conversation_log_moves, and then its D1 rows up to the verified newest id dropped (those
 * older than REPLAY_HORIZON_MS). A run resumes after the newest noted conversation, so an interrupted move loses
 * nothing and repeats nothing; `after` starts it elsewhere (0: again from the start, to drop what the horizon kept).
 * It runs while the site serves: a send during the move writes D1 and appends to the log itself, and a comparison
 * that a send overtook is tried again. It stops at a conversation that still differs (reported, not noted, nothing
 * dropped) rather than skip past it. A dropped row is never needed again: the log holds it, verified, and its id is
 * never handed out again (migration 0048). `moveMessagesBack` is the way back.
 */
export async function moveMessages(env: Env, db: D1Database, tenantId: string, now: Date, limit = 100, from?: number): Promise<MoveRun> {
  let after = from ?? (await newestNoted(db, tenantId));
  const { results } = await db
    .prepare(
      `SELECT c.id, COALESCE(m.dropped_upto, 0) AS droppedUpto FROM conversations c
        LEFT JOIN conversation_log_moves m ON m.tenant_id = c.tenant_id AND m.conversation_id = c.id
        WHERE c.tenant_id = ? AND c.id > ? ORDER BY c.id LIMIT ?`,
    )
    .bind(tenantId, after, limit + 1)
    .all<{ id: number; droppedUpto: number }>();
  const keepFrom = horizon(now);
  let moved = 0;
  for (const { id, droppedUpto } of results.slice(0, limit)) {
    if (!(await moveConversation(env, db, tenantId, id, droppedUpto, keepFrom, now))) {
      logEvent('warn', 'message move: log and D1 differ', { tenant: tenantId, conversationId: id });
      return { moved, mismatch: id, after, more: true };
    }
    moved++;
    after = id;
  }
  return { moved, mismatch: null, after, more: results.length > limit };
}

const horizon = (now: Date) => new Date(now.getTime() - REPLAY_HORIZON_MS).toISOString();

/**
 * One conversation of the move: copied into its log, compared (D1's rows with the log's messages after the ids
 * dropped before), noted, and its rows past the horizon dropped. False when the stores still differ (nothing noted,
 * nothing dropped).
 */
async function moveConversation(
  env: Env,
  db: D1Database,
  tenantId: string,
  id: number,
  droppedUpto: number,
  keepFrom: string,
  now: Date,
): Promise<boolean> {
  const verified = await verifiedCopy(env, db, tenantId, id, droppedUpto);
  if (!verified) return false;
  // The rows to drop: every id up to the newest verified row past the horizon (a prefix, so one id records it).
  const drop = await db
    .prepare('SELECT COALESCE(MAX(id), 0) AS upto FROM messages WHERE conversation_id = ? AND tenant_id = ? AND id <= ? AND created_at < ?')
    .bind(id, tenantId, verified.maxId, keepFrom)
    .first<{ upto: number }>();
  const upto = Math.max(drop?.upto ?? 0, droppedUpto);
  // Noted and dropped in one batch: a dropped row always belongs to a noted conversation, which the way back finds.
  // The note never goes back: a slower run that verified a shorter prefix (an overlapping sweep, a move by hand)
  // must not lower it below rows another run already dropped.
  await db.batch([
    db
      .prepare(
        `INSERT INTO conversation_log_moves (tenant_id, conversation_id, messages, checksum, verified_at, dropped_upto)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id, conversation_id) DO UPDATE SET messages = excluded.messages, checksum = excluded.checksum,
           verified_at = excluded.verified_at, dropped_upto = MAX(conversation_log_moves.dropped_upto, excluded.dropped_upto)`,
      )
      .bind(tenantId, id, verified.count, verified.checksum, now.toISOString(), upto),
    db.prepare('DELETE FROM messages WHERE conversation_id = ? AND tenant_id = ? AND id <= ?').bind(id, tenantId, upto),
  ]);
  return true;
}

/** Conversations the hourly sweep moves per database and run (each one a few object calls and D1 statements). */
export const SWEEP_LIMIT = 200;

/**
 * The hourly sweep (worker/index.ts): until the send stops writing message rows (decision 016, step 3), every row
 * gets past the replay horizon a day after it was written, and the sweep then moves its conversation as the move
 * does (verified, noted, dropped), whether the conversation was moved before or not. So D1 holds about a day of
 * message rows, whatever the brand's size. The rows are found from the (tenant, time) index; a conversation whose
 * stores differ is logged and left for the next run, the others go on. Answers how many conversations moved.
 */
export async function sweepMessagesToLogs(
  env: Env,
  db: D1Database,
  tenantIds: readonly string[],
  now: Date,
  limit = SWEEP_LIMIT,
): Promise<{ moved: number; differ: number }> {
  const keepFrom = horizon(now);
  let moved = 0;
  let differ = 0;
  for (const tenantId of tenantIds) {
    const { results } = await db
      .prepare(
        `SELECT o.conversation_id AS id, COALESCE(n.dropped_upto, 0) AS droppedUpto
           FROM (SELECT DISTINCT conversation_id FROM messages WHERE tenant_id = ?1 AND created_at < ?2 LIMIT ?3) o
           LEFT JOIN conversation_log_moves n ON n.tenant_id = ?1 AND n.conversation_id = o.conversation_id`,
      )
      .bind(tenantId, keepFrom, limit - moved - differ)
      .all<{ id: number; droppedUpto: number }>();
    for (const { id, droppedUpto } of results) {
      if (await moveConversation(env, db, tenantId, id, droppedUpto, keepFrom, now)) moved++;
      else {
        differ++;
        logEvent('warn', 'message sweep: log and D1 differ', { tenant: tenantId, conversationId: id });
      }
    }
    if (moved + differ >= limit) break;
  }
  return { moved, differ };
}

async function newestNoted(db: D1Database, tenantId: string): Promise<number> {
  const row = await db
    .prepare('SELECT COALESCE(MAX(conversation_id), 0) AS after FROM conversation_log_moves WHERE tenant_id = ?')
    .bind(tenantId)
    .first<{ after: number }>();
  return row?.after ?? 0;
}

export interface MoveBackRun {
  /** Conversations whose messages are all in D1 again (verified), their notes removed. */
  restored: number;
  /** The conversation the run stopped at because the stores still differed, if any. */
  mismatch: number | null;
  /** Whether noted conversations are left. */
  more: boolean;
}

/**
 * The way back (decision 016): for each noted conversation, D1's rows are copied into the log and the log's into D1
 * (both idempotent: the log on id and key, D1 on id and (sender, key)), both compared, and only a conversation that
 * compares equal loses its note. Resumable like the move: what is left is what is still noted. The log keeps its
 * copy, so readers that read it go on as before; switching a reader back to D1 is then a code change only.
 */
export async function moveMessagesBack(env: Env, db: D1Database, tenantId: string, limit = 100): Promise<MoveBackRun> {
  const { results } = await db
    .prepare('SELECT conversation_id AS id FROM conversation_log_moves WHERE tenant_id = ? ORDER BY conversation_id LIMIT ?')
    .bind(tenantId, limit + 1)
    .all<{ id: number }>();
  let restored = 0;
  for (const { id } of results.slice(0, limit)) {
    await copyLogToD1(env, db, tenantId, id);
    const { d1, log } = await syncConversation(env, db, tenantId, id);
    if (d1.count !== log.count || d1.checksum !== log.checksum) {
      logEvent('warn', 'message move back: log and D1 differ', { tenant: tenantId, conversationId: id });
      return { restored, mismatch: id, more: true };
    }
    await db.prepare('DELETE FROM conversation_log_moves WHERE tenant_id = ? AND conversation_id = ?').bind(tenantId, id).run();
    restored++;
  }
  return { restored, mismatch: null, more: results.length > limit };
}

/** Writes every message of the conversation's log into D1 where D1 lacks it, a page per batch. */
async function copyLogToD1(env: Env, db: D1Database, tenantId: string, conversationId: number): Promise<void> {
  const log = conversationLog(env, tenantId, conversationId);
  const insert = db.prepare(
    `INSERT INTO messages (tenant_id, conversation_id, ${LOG_COLUMNS.join(', ')})
     VALUES (?, ?, ${LOG_COLUMNS.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`,
  );
  for (let after = 0; ; ) {
    const page = await log.all(after, COPY_BACK_PAGE);
    if (page.length > 0) await db.batch(page.map((m) => insert.bind(tenantId, conversationId, ...LOG_COLUMNS.map((c) => m[c] ?? null))));
    if (page.length < COPY_BACK_PAGE) return;
    after = page[page.length - 1].id;
  }
}

/** Rows per D1 batch on the way back (a batch is one transaction; small ones keep other writes flowing). */
const COPY_BACK_PAGE = 100;

async function verifiedCopy(env: Env, db: D1Database, tenantId: string, conversationId: number, droppedUpto: number) {
  for (let i = 0, from = droppedUpto; i < TRIES; i++) {
    const { d1, log } = await syncConversation(env, db, tenantId, conversationId, from);
    if (d1.count === log.count && d1.checksum === log.checksum) return d1;
    // Another run may have dropped rows meanwhile (an overlapping sweep, a move by hand): compare from its note.
    const note = await db
      .prepare('SELECT dropped_upto FROM conversation_log_moves WHERE tenant_id = ? AND conversation_id = ?')
      .bind(tenantId, conversationId)
      .first<{ dropped_upto: number }>();
    from = Math.max(from, note?.dropped_upto ?? 0);
  }
  return null;
}
