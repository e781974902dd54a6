import { logEvent } from '../log';
import { conversationLog, LOG_COLUMNS, summarize, type LogMessage, type LogSummary } from './log-rows';
import type { LogPage, PageQuery } from './conversation-log';

/**
 * The conversation logs (one Durable Object per conversation, worker/chat/conversation-log.ts) beside D1's messages
 * table, during the move of docs/decisions/016-messages-in-durable-objects.md: D1 still writes every message in the
 * send's batch (the charge and its message stay one atomic write), the log gets it right after, and the chat's
 * history and the staff answer screen read the log. Where the log lacks what D1 has (an append that failed, a
 * conversation from before the move), the reader copies the missing messages first: the log never shows less than
 * D1 holds.
 */

/** D1's messages of a conversation as the log keeps them, oldest first, from `after` on. */
async function d1Messages(db: D1Database, tenantId: string, conversationId: number, after: number, limit: number): Promise<LogMessage[]> {
  const { results } = await db
    .prepare(
      `SELECT ${LOG_COLUMNS.join(', ')} FROM messages WHERE conversation_id = ?1 AND tenant_id = ?2 AND id > ?3 ORDER BY id LIMIT ?4`,
    )
    .bind(conversationId, tenantId, after, limit)
    .all<LogMessage>();
  return results;
}

/** What D1 holds of a conversation: count and newest id, from the (conversation_id, id) index alone. */
async function d1Counts(db: D1Database, tenantId: string, conversationId: number): Promise<{ count: number; maxId: number }> {
  const row = await db
    .prepare('SELECT COUNT(*) AS count, COALESCE(MAX(id), 0) AS maxId FROM messages WHERE conversation_id = ?1 AND tenant_id = ?2')
    .bind(conversationId, tenantId)
    .first<{ count: number; maxId: number }>();
  return row ?? { count: 0, maxId: 0 };
}

/**
 * Appends one stored message to its conversation's log (a send's second step): 1 when this call added it, 0 when it
 * was there already. Throws when the object cannot be reached.
 */
export function appendToLog(env: Env, tenantId: string, conversationId: number, message: LogMessage): Promise<number> {
  return conversationLog(env, tenantId, conversationId).append([message]);
}

const COPY_PAGE = 500;

/**
 * Copies every D1 message of the conversation that its log lacks (appends are idempotent, so copying what is there
 * already changes nothing), then compares both stores' count and checksum. Answers both summaries; the log's counts
 * only its messages after `droppedUpto`, the ids whose D1 rows the move dropped (worker/chat/log-move.ts).
 */
export async function syncConversation(
  env: Env,
  db: D1Database,
  tenantId: string,
  conversationId: number,
  droppedUpto = 0,
): Promise<{ d1: LogSummary; log: LogSummary; copied: number }> {
  const log = conversationLog(env, tenantId, conversationId);
  const all: LogMessage[] = [];
  let copied = 0;
  for (let after = 0; ; ) {
    const page = await d1Messages(db, tenantId, conversationId, after, COPY_PAGE);
    if (page.length === 0) break;
    copied += await log.append(page);
    all.push(...page);
    after = page[page.length - 1].id;
    if (page.length < COPY_PAGE) break;
  }
  const [d1, held] = await Promise.all([summarize(all), log.summary(droppedUpto)]);
  return { d1, log: held, copied };
}

/**
 * A page of a conversation's history from its log, newest first. When the log holds fewer messages or an older
 * newest id than D1 (the append after a charge failed and nobody retried yet, or the conversation predates the
 * move), it is brought up to D1 first and the page read again. A log ahead of D1 is served as it is (the move
 * reports such a conversation; nothing a reader can repair).
 */
export async function readLogPage(env: Env, db: D1Database, tenantId: string, conversationId: number, query: PageQuery): Promise<LogPage> {
  const log = conversationLog(env, tenantId, conversationId);
  const [page, d1] = await Promise.all([log.page(query), d1Counts(db, tenantId, conversationId)]);
  if (page.count >= d1.count && page.maxId >= d1.maxId) return page;
  const { copied } = await syncConversation(env, db, tenantId, conversationId);
  logEvent('warn', 'conversation log behind D1: copied', { tenant: tenantId, conversationId, copied });
  return log.page(query);
}

/** The newest message a profile sent in a conversation, from its log (the list's preview while the peer's are held). */
export async function ownNewest(env: Env, tenantId: string, conversationId: number, profileId: number): Promise<LogMessage | null> {
  const page = await readLogPage(env, env.DB, tenantId, conversationId, { after: 0, limit: 1, onlySender: profileId });
  return page.rows[0] ?? null;
}

/** The photo files of the photo messages on a page (the log keeps the photo's id; the file is the photo's row). */
export async function photoFiles(
  db: D1Database,
  tenantId: string,
  rows: readonly Pick<LogMessage, 'photo_id'>[],
): Promise<Map<number, { filename: string; thumb_filename: string }>> {
  const ids = [...new Set(rows.map((r) => r.photo_id).filter((id): id is number => id !== null))];
  const files = new Map<number, { filename: string; thumb_filename: string }>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const { results } = await db
      .prepare(`SELECT id, filename, thumb_filename FROM photos WHERE tenant_id = ? AND id IN (${chunk.map(() => '?').join(',')})`)
      .bind(tenantId, ...chunk)
      .all<{ id: number; filename: string; thumb_filename: string }>();
    for (const r of results) files.set(r.id, r);
  }
  return files;
}

/**
 * Every message of a conversation from its log, oldest first (the data export), the log brought up to D1 first when
 * it is behind, as for a page.
 */
export async function readAllFromLog(env: Env, db: D1Database, tenantId: string, conversationId: number): Promise<LogMessage[]> {
  await readLogPage(env, db, tenantId, conversationId, { after: 0, limit: 0 });
  const log = conversationLog(env, tenantId, conversationId);
  const all: LogMessage[] = [];
  for (let after = 0; ; ) {
    const page = await log.all(after, COPY_PAGE);
    all.push(...page);
    if (page.length < COPY_PAGE) return all;
    after = page[page.length - 1].id;
  }
}
