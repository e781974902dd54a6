// The storage section of `npm run bench` for issue 49, `BENCH_ONLY=messages`: what a message costs in D1 and in its
// conversation's Durable Object, measured as decision 009 measured it (SQLite from the real migrations through
// node:sqlite, page-level with dbstat, indexes included, after VACUUM). A brand's conversations are written as the
// send's batch leaves them (the conversation, both members' sides with their previews, the message row, the paying
// member's ledger row), then the move of worker/chat/log-move.ts is applied (the note per conversation, the rows
// dropped). The objects' table is the one ConversationLog creates. Also the history page's SQL time in an object of
// a long conversation (the object's query, without the round trip to it).
// Alone: `node scripts/lib/bench-message-bytes.mjs` (needs Node 22: node_modules/.bin first on PATH).
import { readdirSync, readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';

/** Issue 49's budgets: D1 bytes per message for the conversation and side rows, and a history page's p95. */
export const MESSAGE_BYTES_BUDGET = 40;
export const HISTORY_PAGE_BUDGET_MS = 20;

const CONVERSATIONS = Number(process.env.BENCH_MESSAGES_CONVERSATIONS ?? 25_000);
/** Messages per conversation: decision 009 counted ~20 (a conversation and its side per 20 messages). */
const PER_CONVERSATION = Number(process.env.BENCH_MESSAGES_PER_CONVERSATION ?? 20);
const LONG_CONVERSATION = 10_000;
const BRAND = 'flirtlokaal';
/** About 65 characters, as decision 009's measurement. */
const TEXT = 'Hoi! Zin om vanavond wat te drinken in de stad? Ik ben er om acht.';

const LOG_TABLE = `CREATE TABLE messages (
  id INTEGER PRIMARY KEY, sender_profile_id INTEGER NOT NULL, sender_member_id INTEGER, recipient_profile_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('text', 'photo', 'gift')), body TEXT, gift TEXT, photo_id INTEGER, cost INTEGER NOT NULL,
  client_key TEXT NOT NULL, created_at TEXT NOT NULL, UNIQUE (sender_profile_id, client_key))`;

function migrated(root) {
  const db = new DatabaseSync(':memory:');
  for (const file of readdirSync(`${root}/migrations`)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    db.exec(readFileSync(`${root}/migrations/${file}`, 'utf8'));
  // Only the chat's tables are filled: members and profiles, which the keys point at, are not part of the measure.
  db.exec('PRAGMA foreign_keys = OFF');
  return db;
}

/** Bytes of the named tables and their indexes (pages in use, after VACUUM). */
function bytesOf(db, tables) {
  db.exec('VACUUM');
  const names = db
    .prepare(`SELECT name FROM sqlite_schema WHERE tbl_name IN (${tables.map(() => '?').join(',')})`)
    .all(...tables)
    .map((r) => r.name);
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(pgsize - unused), 0) AS used, COALESCE(SUM(pgsize), 0) AS pages FROM dbstat WHERE name IN (${names.map(() => '?').join(',')})`,
    )
    .get(...names);
  return { used: Number(row.used), pages: Number(row.pages) };
}

/** A message as the send writes it: member A (paying) and member B take turns, a day's spread of times. */
function message(c, i, id) {
  const fromA = i % 2 === 0;
  const a = 2 * c + 1;
  const b = 2 * c + 2;
  return {
    id,
    sender_profile_id: fromA ? a : b,
    sender_member_id: fromA ? a : b,
    recipient_profile_id: fromA ? b : a,
    kind: 'text',
    body: TEXT,
    gift: null,
    photo_id: null,
    cost: 5,
    client_key: `k-${c.toString(36)}-${i.toString(36)}-${id.toString(36)}`,
    created_at: new Date(Date.UTC(2026, 10, 1) + id * 997).toISOString(),
  };
}

/** A message's columns in the order of the object's table (worker/chat/log-rows.ts LOG_COLUMNS). */
const logValues = (m) => [
  m.id,
  m.sender_profile_id,
  m.sender_member_id,
  m.recipient_profile_id,
  m.kind,
  m.body,
  m.gift,
  m.photo_id,
  m.cost,
  m.client_key,
  m.created_at,
];

/** A side's preview as worker/chat/side-preview.ts writes it. */
const preview = (m) => JSON.stringify([m.id, m.sender_profile_id, m.kind, m.body.slice(0, 80), null, null, m.created_at]);

function seed(db) {
  const conversation = db.prepare(
    'INSERT INTO conversations (id, tenant_id, profile_lo, profile_hi, started_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const side = db.prepare(
    `INSERT INTO chat_sides (tenant_id, conversation_id, member_id, peer_profile_id, read_upto, delivered_upto, last_activity, last_message, unread)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const row = db.prepare(
    `INSERT INTO messages (id, tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, gift, photo_id, cost, client_key, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ledger = db.prepare('INSERT INTO credit_ledger (tenant_id, member_id, delta, reason, ref, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  db.exec('DROP TRIGGER IF EXISTS credit_ledger_apply');
  db.exec('BEGIN');
  let id = 0;
  for (let c = 0; c < CONVERSATIONS; c++) {
    const a = 2 * c + 1;
    const b = 2 * c + 2;
    const messages = [];
    for (let i = 0; i < PER_CONVERSATION; i++) messages.push(message(c, i, ++id));
    const first = messages[0];
    const last = messages.at(-1);
    conversation.run(c + 1, BRAND, a, b, a, first.created_at);
    side.run(BRAND, c + 1, a, b, last.id, last.id, last.created_at, preview(last), 0);
    side.run(BRAND, c + 1, b, a, last.id, last.id, last.created_at, preview(last), 0);
    for (const m of messages) {
      row.run(m.id, BRAND, c + 1, ...logValues(m).slice(1));
      if (m.sender_profile_id === a) ledger.run(BRAND, a, -m.cost, 'message', `message:${a}:${m.client_key}`, m.created_at);
    }
  }
  db.exec('COMMIT');
  return id;
}

/** The move's end state: one note per conversation, every message row dropped (all are past the replay horizon). */
function move(db) {
  db.exec(`INSERT INTO conversation_log_moves (tenant_id, conversation_id, messages, checksum, verified_at, dropped_upto)
    SELECT c.tenant_id, c.id, ${PER_CONVERSATION}, lower(hex(randomblob(32))), '2026-11-30T03:00:00.000Z',
      (SELECT MAX(id) FROM messages m WHERE m.conversation_id = c.id) FROM conversations c`);
  db.exec('DELETE FROM messages');
}

/** One conversation's object: its fixed pages and its bytes per message, and the history page's SQL time. */
function conversationObject() {
  const db = new DatabaseSync(':memory:');
  db.exec(LOG_TABLE);
  const empty = bytesOf(db, ['messages']);
  const insert = db.prepare(
    'INSERT INTO messages (id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, gift, photo_id, cost, client_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const fill = (n) => {
    db.exec('BEGIN');
    for (let i = 0; i < n; i++) {
      const m = message(0, i, i + 1);
      insert.run(...logValues(m));
    }
    db.exec('COMMIT');
  };
  fill(PER_CONVERSATION);
  const typical = bytesOf(db, ['messages']);
  db.exec('DELETE FROM messages');
  fill(LONG_CONVERSATION);
  const long = bytesOf(db, ['messages']);
  // The page query of ConversationLog.page: the newest 50 before a point, the other sender's held messages hidden.
  const page = db.prepare(
    `SELECT * FROM messages WHERE id > ? AND id < ? AND sender_profile_id != ? AND (? IS NULL OR sender_profile_id = ?) ORDER BY id DESC LIMIT ?`,
  );
  const times = [];
  for (let i = 0; i < 400; i++) {
    const before = 1 + Math.floor(Math.random() * LONG_CONVERSATION);
    const t0 = performance.now();
    page.all(0, before, -1, null, null, 50);
    times.push(performance.now() - t0);
  }
  return {
    fixedBytes: empty.pages,
    bytesPerMessage: Math.round(long.used / LONG_CONVERSATION),
    typicalConversationBytes: typical.pages,
    pageP95Ms: Number(times.sort((x, y) => x - y)[Math.floor(0.95 * times.length)].toFixed(3)),
  };
}

export async function benchMessageBytes({ root }) {
  const t0 = performance.now();
  const db = migrated(root);
  const messages = seed(db);
  const perMessage = (b) => Number((b.used / messages).toFixed(1));
  const lists = ['conversations', 'chat_sides'];
  const before = {
    lists: perMessage(bytesOf(db, lists)),
    messages: perMessage(bytesOf(db, ['messages'])),
    ledger: perMessage(bytesOf(db, ['credit_ledger'])),
  };
  move(db);
  const after = {
    lists: perMessage(bytesOf(db, lists)),
    // The move's own record (a note per conversation): kept for the way back, droppable once the move is done.
    move_notes: perMessage(bytesOf(db, ['conversation_log_moves'])),
    messages: perMessage(bytesOf(db, ['messages'])),
    ledger: before.ledger,
  };
  const object = conversationObject();
  return {
    conversations: CONVERSATIONS,
    messages,
    d1_bytes_per_message_dual_write: before,
    d1_bytes_per_message_after_move: after,
    object,
    budgets: {
      d1_list_bytes_per_message: { value: after.lists, budget: MESSAGE_BYTES_BUDGET, ok: after.lists <= MESSAGE_BYTES_BUDGET },
      history_page_p95_ms: { value: object.pageP95Ms, budget: HISTORY_PAGE_BUDGET_MS, ok: object.pageP95Ms <= HISTORY_PAGE_BUDGET_MS },
    },
    seconds: Math.round((performance.now() - t0) / 1000),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = new URL('../..', import.meta.url).pathname;
  console.log(JSON.stringify(await benchMessageBytes({ root }), null, 2));
}
