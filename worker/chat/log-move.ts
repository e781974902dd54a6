import { logEvent } from '../log';
import { syncConversation } from './log';

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
 * The move of issue 49 item 4, one brand at a time and `limit` conversations per run: each conversation's D1
 * messages are copied into its log (idempotent appends), both stores' count and checksum compared, and a verified
 * conversation noted in conversation_log_moves. A run resumes after the newest noted conversation, so an interrupted
 * move loses nothing and repeats nothing. It runs while the site serves: a send during the move writes D1 and
 * appends to the log itself, and a comparison that a send overtook is tried again. It stops at a conversation that
 * still differs (reported, not noted) rather than skip past it. D1's rows stay: they are dropped only once every
 * reader has moved (docs/decisions/016-messages-in-durable-objects.md, "The way there").
 */
export async function moveMessages(env: Env, db: D1Database, tenantId: string, now: Date, limit = 100): Promise<MoveRun> {
  const start = await db
    .prepare('SELECT COALESCE(MAX(conversation_id), 0) AS after FROM conversation_log_moves WHERE tenant_id = ?')
    .bind(tenantId)
    .first<{ after: number }>();
  let after = start?.after ?? 0;
  const { results } = await db
    .prepare('SELECT id FROM conversations WHERE tenant_id = ? AND id > ? ORDER BY id LIMIT ?')
    .bind(tenantId, after, limit + 1)
    .all<{ id: number }>();
  let moved = 0;
  for (const { id } of results.slice(0, limit)) {
    const verified = await verifiedCopy(env, db, tenantId, id);
    if (!verified) {
      logEvent('warn', 'message move: log and D1 differ', { tenant: tenantId, conversationId: id });
      return { moved, mismatch: id, after, more: true };
    }
    await db
      .prepare(
        `INSERT INTO conversation_log_moves (tenant_id, conversation_id, messages, checksum, verified_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id, conversation_id) DO UPDATE SET messages = excluded.messages, checksum = excluded.checksum,
           verified_at = excluded.verified_at`,
      )
      .bind(tenantId, id, verified.count, verified.checksum, now.toISOString())
      .run();
    moved++;
    after = id;
  }
  return { moved, mismatch: null, after, more: results.length > limit };
}

async function verifiedCopy(env: Env, db: D1Database, tenantId: string, conversationId: number) {
  for (let i = 0; i < TRIES; i++) {
    const { d1, log } = await syncConversation(env, db, tenantId, conversationId);
    if (d1.count === log.count && d1.checksum === log.checksum) return d1;
  }
  return null;
}
