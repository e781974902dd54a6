import { DurableObject } from 'cloudflare:workers';
import { LOG_COLUMNS, summarize, type LogMessage } from './log-rows';

/** A page of history as the object answers it, with what the caller compares against D1 (count and newest id). */
export interface LogPage {
  rows: LogMessage[];
  count: number;
  maxId: number;
}

export interface PageQuery {
  /** Only messages with an id above this (the member's cleared_upto). */
  after: number;
  /** Only messages with an id below this (paging back), or none. */
  before?: number;
  limit: number;
  /** A sender whose messages the viewer must not see yet (held: unconfirmed e-mail, invisible). */
  hideSender?: number | null;
  /** Only this sender's messages (the newest message from the peer: what a read mark becomes). */
  onlySender?: number;
}

/**
 * One SQLite-backed Durable Object per conversation (name "<tenant>:<conversation id>", worker/chat/log-rows.ts):
 * the conversation's messages (docs/decisions/016-messages-in-durable-objects.md). It is reached only by the Worker,
 * after D1 said the caller may see the conversation; it trusts its caller and checks nothing about members. Appends
 * are idempotent twice over: on the id D1 gave the message and on (sender, key), the send's idempotency key.
 */
export class ConversationLog extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.ensureTable();
  }

  private ensureTable(): void {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      id INTEGER PRIMARY KEY,
      sender_profile_id INTEGER NOT NULL,
      sender_member_id INTEGER,
      recipient_profile_id INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('text', 'photo', 'gift')),
      body TEXT,
      gift TEXT,
      photo_id INTEGER,
      cost INTEGER NOT NULL,
      client_key TEXT NOT NULL,
      created_at TEXT NOT NULL,
      UNIQUE (sender_profile_id, client_key)
    )`);
  }

  /** Appends messages (a send, or a page of the move from D1); one already here is left as it is. Answers how many were new. */
  append(messages: readonly LogMessage[]): number {
    let added = 0;
    this.ctx.storage.transactionSync(() => {
      for (const m of messages) {
        const cursor = this.sql.exec(
          `INSERT INTO messages (${LOG_COLUMNS.join(', ')}) VALUES (${LOG_COLUMNS.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`,
          ...LOG_COLUMNS.map((c) => m[c] ?? null),
        );
        added += cursor.rowsWritten > 0 ? 1 : 0;
      }
    });
    return added;
  }

  /** A page of history, newest first (the caller reverses it), with the whole log's count and newest id. */
  page(q: PageQuery): LogPage {
    const rows = this.sql
      .exec<Record<string, SqlStorageValue>>(
        `SELECT ${LOG_COLUMNS.join(', ')} FROM messages
          WHERE id > ? AND id < ? AND sender_profile_id != ? AND (? IS NULL OR sender_profile_id = ?) ORDER BY id DESC LIMIT ?`,
        q.after,
        q.before ?? Number.MAX_SAFE_INTEGER,
        q.hideSender ?? -1,
        q.onlySender ?? null,
        q.onlySender ?? null,
        q.limit,
      )
      .toArray() as unknown as LogMessage[];
    return { rows, ...this.counts() };
  }

  /** The message a sender stored under a key, if any (a send's retry asks whether its append happened). */
  byKey(senderProfileId: number, key: string): LogMessage | null {
    const [row] = this.sql
      .exec(`SELECT ${LOG_COLUMNS.join(', ')} FROM messages WHERE sender_profile_id = ? AND client_key = ?`, senderProfileId, key)
      .toArray();
    return (row as unknown as LogMessage | undefined) ?? null;
  }

  /** One message by the id D1 gave it, if this conversation holds it (a complaint quoting a message). */
  byId(id: number): LogMessage | null {
    const [row] = this.sql.exec(`SELECT ${LOG_COLUMNS.join(', ')} FROM messages WHERE id = ?`, id).toArray();
    return (row as unknown as LogMessage | undefined) ?? null;
  }

  /**
   * Count, newest id and checksum of what is held after `after` (everything by default): what the move compares with
   * D1's rows (D1 keeps only the rows after those it dropped).
   */
  async summary(after = 0): Promise<{ count: number; maxId: number; checksum: string }> {
    const rows = this.sql
      .exec(`SELECT ${LOG_COLUMNS.join(', ')} FROM messages WHERE id > ? ORDER BY id`, after)
      .toArray() as unknown as LogMessage[];
    return summarize(rows);
  }

  /** Every message, oldest first, from `after` on (the way back to D1, the data export). */
  all(after = 0, limit = 500): LogMessage[] {
    return this.sql
      .exec(`SELECT ${LOG_COLUMNS.join(', ')} FROM messages WHERE id > ? ORDER BY id LIMIT ?`, after, limit)
      .toArray() as unknown as LogMessage[];
  }

  /** Removes the messages a profile sent (account purge); answers how many. */
  forgetSender(profileId: number): number {
    return this.sql.exec('DELETE FROM messages WHERE sender_profile_id = ?', profileId).rowsWritten;
  }

  /** Drops everything (the way back, after the messages were verified in D1 again). */
  async clear(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.ensureTable();
  }

  private counts(): { count: number; maxId: number } {
    const [row] = this.sql
      .exec<{ count: number; maxId: number }>('SELECT COUNT(*) AS count, COALESCE(MAX(id), 0) AS maxId FROM messages')
      .toArray();
    return row ?? { count: 0, maxId: 0 };
  }
}
