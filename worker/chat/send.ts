import type { SendMessage, SendResponse } from '../../core/schemas/chat';
import type { Tenant } from '../../core/schemas/tenant';
import { FREE_CONVERSATIONS } from '../../core/constants';
import { asksIfReal } from '../../core/rules/asks-if-real';
import { ApiFailure } from '../errors';
import { isInsufficientCredits, ledgerEntryIf } from '../db/ledger';
import { liveSession, type SessionMember } from '../auth/sessions';
import { isHeld, SIDES, toSide, type Side, type SideRow } from './conversations';
import { MESSAGE_COLUMNS, MESSAGE_JOINS, toMessage, type MessageRow } from './messages';
import { PEER_COLUMNS, PEER_JOINS, toPeer, type Peer, type PeerRow } from './peers';
import { namedBatch, rows } from '../db/batch';
import { previewJson } from './side-preview';

/**
 * Who sends: the member of a session. Whether the session is still live, and the member's status and premium,
 * are read in the send's own batch, so a send over a socket opened hours ago obeys them as they are now.
 */
export type Sender = Pick<SessionMember, 'id' | 'tenantId' | 'profileId' | 'tokenHash'>;

export interface SendContext {
  db: D1Database;
  tenant: Tenant;
  member: Sender;
  now: Date;
  /** The client's idempotency key: the same key is the same send, however often it arrives. */
  key: string;
}

export interface SendResult {
  created: boolean;
  response: SendResponse;
  peer: Peer;
  row: StoredRow;
  /** The sender as the recipient's chat shows them (read in the send's batch). */
  sender: Peer | null;
  /** The sender's messages wait (unconfirmed e-mail, invisible mode): nobody is told of this one yet. */
  held: boolean;
}

const COST_OF = { text: 'message_credits', photo: 'photo_credits', gift: 'gift_credits' } as const;

/**
 * Sends a text, photo or gift (SPEC.md §5-6) in ONE round trip to the database: the checks, the charge, the
 * conversation (if new), the message and both sides' list entries are one batch, and its last statements read back
 * what the answer needs and why nothing was written, if nothing was. Each write is conditional: the conversation and
 * the message only when the target may be written to (`SENDABLE`), everything else only when this send's message
 * row was just written. The ledger's CHECK aborts all of it when credits run short, the message's unique (sender,
 * key) and the ledger's unique ref make a retry a no-op, and a free member's third conversation fails the NOT NULL
 * of messages.conversation_id (the conditional conversation insert wrote nothing). So credits never go below zero
 * and a message is never charged twice, however many tabs send at once. At the edge each round trip is a trip to
 * the primary database; locally it is most of a message's CPU (docs/decisions/005).
 */
export async function sendMessage(ctx: SendContext, input: SendMessage): Promise<SendResult> {
  const { member, now } = ctx;
  const results = await sendBatch(ctx, input);
  const senderRow = results.sender.results[0];
  if (senderRow?.live !== 1) throw new ApiFailure(403, 'authentication_required', 'errors.login_required');
  const me = {
    status: senderRow.member_status === 'confirmed' ? 'confirmed' : 'not_confirmed',
    invisible: senderRow.invisible === 1,
  } as const;
  const row = results.target.results[0];
  if (!row || row.peer_id === null) throw new ApiFailure(404, 'conversation_not_found', 'chat.errors.conversation_not_found');
  if (row.id === null) throw new ApiFailure(404, 'profile_unavailable', 'chat.errors.profile_unavailable');
  const peer = toPeer(row as PeerRow, now);
  const stored = results.stored.results[0];
  if (results.insert.meta.changes === 1) {
    const message = toMessage(stored, member.profileId, null);
    return {
      created: true,
      response: { message, conversation: { id: stored.conversation_id }, credits: stored.credits },
      peer,
      row: stored,
      sender: toPeer(senderRow, now),
      held: isHeld(me),
    };
  }
  // A repeated key (or a concurrent request with the same key that won the race): the stored message again.
  const side = results.side.results[0];
  // With the sender and their state as for a new message: a retry that completes a failed append delivers it.
  if (stored)
    return {
      ...answerReplay(ctx, input, stored, peer, side ? toSide(side, me, now) : null),
      sender: toPeer(senderRow, now),
      held: isHeld(me),
    };
  throw whyNothingWritten(ctx, input, me, row, peer);
}

/** The batch of a send: its conditional writes, then what the answer reads back, in one round trip. */
function sendBatch(ctx: SendContext, input: SendMessage) {
  const binds = sendBinds(ctx, input);
  return namedBatch(ctx.db, [...sendWrites(ctx, input, binds), ...readBack(ctx, binds)]).catch((error: unknown) => {
    throw batchFailure(error);
  });
}

/** The values a send's statements bind. */
interface SendBinds {
  /** ?1-?10 of SENDABLE (TARGET reads ?1-?8); the statements that use them add their own from ?11 on. */
  sendable: unknown[];
  /** This send's own message row, written by this batch (a replay's row has an earlier created_at): binds `mine`. */
  ownRow: readonly [string, number, string, string];
}

function sendBinds(ctx: SendContext, input: SendMessage): SendBinds {
  const { tenant, member, key } = ctx;
  const at = ctx.now.toISOString();
  const sendable = [
    tenant.id,
    member.profileId,
    member.id,
    'profile_id' in input.to ? input.to.profile_id : null,
    'conversation_id' in input.to ? input.to.conversation_id : null,
    member.tokenHash,
    input.kind,
    input.kind === 'photo' ? input.photo_id : null,
    key,
    at,
  ];
  return { sendable, ownRow: [tenant.id, member.profileId, key, at] };
}

/** This send's own message row (`ownRow`'s ?1-?4) as `alias`. */
const mine = (alias: string) =>
  `${alias}.tenant_id = ?1 AND ${alias}.sender_profile_id = ?2 AND ${alias}.client_key = ?3 AND ${alias}.created_at = ?4`;

/**
 * The writes: the conversation (for a send that names a profile) and the message only where SENDABLE allows, the
 * charge, both sides' list entries and the staff queue's mark only where this send's message row was just written.
 */
function sendWrites(ctx: SendContext, input: SendMessage, { sendable, ownRow }: SendBinds) {
  const { db, tenant, member, now, key } = ctx;
  const cost = tenant.settings[COST_OF[input.kind]];
  // A new conversation only for a send that names a profile: a conversation id names one of the sender's own.
  const newConversation = [
    null,
    db
      .prepare(
        `INSERT INTO conversations (tenant_id, profile_lo, profile_hi, started_by, created_at)
       SELECT ?1, t.lo, t.hi, ?2, ?10 FROM (${SENDABLE}) t
        WHERE t.paid = 1 OR (SELECT COUNT(*) FROM conversations WHERE tenant_id = ?1 AND started_by = ?2) < ?11
       ON CONFLICT (tenant_id, profile_lo, profile_hi) DO NOTHING`,
      )
      .bind(...sendable, FREE_CONVERSATIONS),
  ] as const;
  return [
    ...('profile_id' in input.to ? [newConversation] : []),
    [
      'insert',
      db
        .prepare(
          `INSERT INTO messages (tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, gift, photo_id, cost, client_key, created_at)
       SELECT ?1, (SELECT id FROM conversations WHERE tenant_id = ?1 AND profile_lo = t.lo AND profile_hi = t.hi), ?2, ?3, t.peer, ?7, ?11, ?12, ?8, ?13, ?9, ?10
         FROM (${SENDABLE}) t WHERE true
       ON CONFLICT (tenant_id, sender_profile_id, client_key) DO NOTHING`,
        )
        .bind(...sendable, input.kind === 'text' ? input.text : null, input.kind === 'gift' ? input.gift : null, cost),
    ],
    [
      null,
      ledgerEntryIf(
        db,
        {
          tenantId: tenant.id,
          memberId: member.id,
          delta: -cost,
          reason: input.kind === 'text' ? 'message' : input.kind,
          ref: `message:${member.id}:${key}`,
          now,
        },
        `EXISTS (SELECT 1 FROM messages m WHERE ${mine('m')})`,
        ...ownRow,
      ),
    ],
    // Both sides' list entries: the sender's, and the recipient's when a member is behind the profile.
    [
      null,
      db
        .prepare(
          `${SIDE_UPSERT} SELECT m.tenant_id, m.conversation_id, m.sender_member_id, m.recipient_profile_id, m.created_at,
              ${previewJson('m')}, 0 FROM messages m
        WHERE ${mine('m')} ${SIDE_CONFLICT}`,
        )
        .bind(...ownRow),
    ],
    [
      null,
      db
        .prepare(
          `${SIDE_UPSERT} SELECT m.tenant_id, m.conversation_id, p.member_id, m.sender_profile_id, m.created_at, ${previewJson('m')}, 1
         FROM messages m JOIN profiles p ON p.id = m.recipient_profile_id
        WHERE ${mine('m')} AND p.member_id IS NOT NULL ${SIDE_CONFLICT}, unread = chat_sides.unread + 1`,
        )
        .bind(...ownRow),
    ],
    // A photo message lets its recipient see the photo (worker/photos/access.ts reads photo_grants, not messages).
    [
      null,
      db
        .prepare(
          `INSERT INTO photo_grants (tenant_id, photo_id, recipient_profile_id) SELECT m.tenant_id, m.photo_id, m.recipient_profile_id
             FROM messages m WHERE ${mine('m')} AND m.photo_id IS NOT NULL ON CONFLICT DO NOTHING`,
        )
        .bind(...ownRow),
    ],
    ...bookkeepingWrites(db, input, ownRow),
  ] as const;
}

/**
 * What the staff side keeps of this send's message, written only with it: the answer queue's mark and flag for a
 * message to a fictional profile, and the members' messages of the hour for the figures.
 */
function bookkeepingWrites(db: D1Database, input: SendMessage, ownRow: SendBinds['ownRow']) {
  return [
    // To a fictional profile: the conversation waits for an operator from its oldest unanswered message on (the
    // staff queue reads conversations_waiting), and whether the member asked if the profile is real since then
    // (asks_real, migration 0051: the queue's flag, so the queue reads no message).
    [
      null,
      db
        .prepare(
          `UPDATE conversations SET waiting_since = COALESCE(waiting_since, ?4),
              asks_real = CASE WHEN waiting_since IS NULL THEN ?5 ELSE MAX(asks_real, ?5) END,
              fictional_profile_id = CASE WHEN profile_lo = ?2 THEN profile_hi ELSE profile_lo END
        WHERE id = (SELECT m.conversation_id FROM messages m JOIN profiles p ON p.id = m.recipient_profile_id
                     WHERE ${mine('m')} AND p.member_id IS NULL AND p.fictional = 1)`,
        )
        .bind(...ownRow, input.kind === 'text' && asksIfReal(input.text) ? 1 : 0),
    ],
    // The figures' members' messages of the hour (migration 0051; worker/staff/dashboard/compute.ts).
    [
      null,
      db
        .prepare(
          `INSERT INTO member_message_hours (tenant_id, hour, n) SELECT m.tenant_id, substr(m.created_at, 1, 13), 1 FROM messages m
        WHERE ${mine('m')} AND m.sender_member_id IS NOT NULL ON CONFLICT (tenant_id, hour) DO UPDATE SET n = n + 1`,
        )
        .bind(...ownRow),
    ],
  ] as const;
}

/**
 * Read back in the same round trip: the sender as the recipient sees them (with whether the session is still live,
 * and the member's state now), the target and what stands in the way of writing to it, the stored message with the
 * balance, and (for a replay) the sender's side.
 */
function readBack(ctx: SendContext, { sendable }: SendBinds) {
  const { db, tenant, member, key } = ctx;
  return [
    [
      'sender',
      rows<SenderRow>(
        db
          .prepare(
            `SELECT ${PEER_COLUMNS}, pm.invisible, EXISTS (SELECT 1 FROM ${SENDER_SESSION}) AS live
               FROM profiles p ${PEER_JOINS} WHERE p.id = ?2 AND p.tenant_id = ?1`,
          )
          .bind(...sendable),
      ),
    ],
    ['target', rows<TargetRow>(db.prepare(TARGET).bind(...sendable.slice(0, 8)))],
    [
      'stored',
      rows<StoredRow>(
        db
          .prepare(`SELECT ${MESSAGE_COLUMNS}, m.recipient_profile_id, m.photo_id, m.sender_member_id, m.cost, (SELECT credits FROM members WHERE id = ?) AS credits
                FROM messages m ${MESSAGE_JOINS} WHERE m.tenant_id = ? AND m.sender_profile_id = ? AND m.client_key = ?`)
          .bind(member.id, tenant.id, member.profileId, key),
      ),
    ],
    [
      'side',
      rows<SideRow>(
        db
          .prepare(
            `${SIDES} AND s.conversation_id = (SELECT conversation_id FROM messages WHERE tenant_id = ?1 AND sender_profile_id = ?3 AND client_key = ?4)`,
          )
          .bind(tenant.id, member.id, member.profileId, key),
      ),
    ],
  ] as const;
}

/** Nothing was written and nothing was stored before under the key: why, in the order a member would want to hear it. */
function whyNothingWritten(
  ctx: SendContext,
  input: SendMessage,
  me: { status: 'confirmed' | 'not_confirmed' },
  row: TargetRow,
  peer: Peer,
): Error {
  if (peer.gone || row.blocked === 1 || peer.profile.id === ctx.member.profileId)
    return new ApiFailure(404, 'profile_unavailable', 'chat.errors.profile_unavailable');
  // SPEC.md §5: an unconfirmed e-mail blocks replies (a first message is kept and delivered once confirmed).
  if (me.status !== 'confirmed' && row.started_by !== null && row.started_by !== ctx.member.profileId)
    return new ApiFailure(403, 'email_unconfirmed', 'chat.errors.email_unconfirmed');
  if (input.kind === 'photo' && row.own_photo !== 1)
    return new ApiFailure(400, 'validation_failed', 'validation.failed', { photo_id: 'validation.chat_photo' });
  return new Error('chat send: the batch wrote nothing and no rule explains why');
}

/** What a member hears when the batch aborted: the ledger's CHECK (credits) or a free member's conversation limit. */
function batchFailure(error: unknown): unknown {
  if (isInsufficientCredits(error)) return new ApiFailure(402, 'insufficient_credits', 'errors.insufficient_credits');
  if (/NOT NULL constraint failed: messages\.conversation_id/i.test(String(error)))
    return new ApiFailure(403, 'conversation_limit', 'chat.errors.conversation_limit', undefined, { max: FREE_CONVERSATIONS });
  return error;
}

/** The peer id a send names: the profile itself, or the peer of one of the sender's own conversations. */
const PEER_ID = `COALESCE(?4, (SELECT peer_profile_id FROM chat_sides WHERE tenant_id = ?1 AND member_id = ?3 AND conversation_id = ?5))`;
const BLOCKED = `EXISTS (SELECT 1 FROM blocks b WHERE b.tenant_id = ?1
  AND ((b.blocker_id = ?2 AND b.blocked_profile_id = p.id) OR (b.blocker_id = p.id AND b.blocked_profile_id = ?2)))`;
const STARTED_BY = `(SELECT started_by FROM conversations c WHERE c.tenant_id = ?1 AND c.profile_lo = MIN(?2, p.id) AND c.profile_hi = MAX(?2, p.id))`;
const OWN_PHOTO = `EXISTS (SELECT 1 FROM photos ph WHERE ph.id = ?8 AND ph.tenant_id = ?1 AND ph.profile_id = ?2 AND ph.status = 'active')`;

/** The sender's live session (?6 its token's hash, ?10 now) joined to the sender as `m`, in this brand. */
const SENDER_SESSION = `sessions s JOIN members m ON m.id = s.member_id AND m.tenant_id = s.tenant_id
  WHERE s.token_hash = ?6 AND s.tenant_id = ?1 AND s.member_id = ?3 AND ${liveSession('?10')}`;

/**
 * One row when the send may be written (?1 tenant, ?2 sender's profile, ?3 sender's member id, ?4 profile id or
 * ?5 conversation id, ?6 the session token's hash, ?7 kind, ?8 photo id, ?9 key, ?10 now): the sender's session
 * is live, the peer exists in this brand and is not the sender, its member has not left, neither blocked the
 * other, an unconfirmed sender only writes conversations they started (SPEC.md §5), a photo is the sender's own,
 * and the key is new. TARGET below reads the same rules back, so the answer can say which one held the send up.
 */
const SENDABLE = `SELECT p.id AS peer, MIN(?2, p.id) AS lo, MAX(?2, p.id) AS hi, me.paid_user AS paid
  FROM (SELECT m.status, m.paid_user FROM ${SENDER_SESSION}) me, profiles p LEFT JOIN members pm ON pm.id = p.member_id
  WHERE p.tenant_id = ?1 AND p.id = ${PEER_ID} AND p.id != ?2
    AND (p.member_id IS NULL OR pm.status NOT IN ('deleted', 'purged'))
    AND NOT ${BLOCKED}
    AND (me.status = 'confirmed' OR COALESCE(${STARTED_BY}, ?2) = ?2)
    AND (?7 != 'photo' OR ${OWN_PHOTO})
    AND NOT EXISTS (SELECT 1 FROM messages WHERE tenant_id = ?1 AND sender_profile_id = ?2 AND client_key = ?9)`;

/** The target as the answer needs it: null peer_id for a conversation that is not the sender's, null id for no profile. */
const TARGET = `SELECT x.peer_id, ${PEER_COLUMNS}, ${BLOCKED} AS blocked, ${STARTED_BY} AS started_by,
    (?7 = 'photo' AND ${OWN_PHOTO}) AS own_photo
  FROM (SELECT ${PEER_ID} AS peer_id) x
  LEFT JOIN profiles p ON p.id = x.peer_id AND p.tenant_id = ?1 ${PEER_JOINS}`;

type TargetRow = { [K in keyof PeerRow]: PeerRow[K] | null } & {
  peer_id: number | null;
  blocked: number;
  started_by: number | null;
  own_photo: number;
};

// Each side's list entry carries the newest message's preview (the recipient's unread count goes up by one): the
// chat list reads sides, never messages (migration 0044, docs/decisions/016 step 1).
const SIDE_UPSERT = 'INSERT INTO chat_sides (tenant_id, conversation_id, member_id, peer_profile_id, last_activity, last_message, unread)';
const SIDE_CONFLICT = `ON CONFLICT (member_id, conversation_id) DO UPDATE SET hidden = 0, last_activity = excluded.last_activity,
  last_message = excluded.last_message`;

/** The sender's profile as PEER_COLUMNS reads it, their invisible mode, and whether their session is live (1). */
type SenderRow = PeerRow & { invisible: number; live: number };

/** A stored message as a send reads it back, with the sender's balance at that moment. */
export type StoredRow = MessageRow & {
  recipient_profile_id: number;
  photo_id: number | null;
  sender_member_id: number | null;
  cost: number;
  credits: number;
};

/** A repeated key: the same send answers the stored message again; a different send under the key is refused. */
function answerReplay(ctx: SendContext, input: SendMessage, row: StoredRow, peer: Peer, side: Side | null): SendResult {
  const same =
    row.kind === input.kind &&
    row.recipient_profile_id === peer.profile.id &&
    (input.kind !== 'text' || row.body === input.text) &&
    (input.kind !== 'gift' || row.gift === input.gift) &&
    (input.kind !== 'photo' || row.photo_id === input.photo_id);
  if (!same) throw new ApiFailure(409, 'idempotency_conflict', 'chat.errors.idempotency_conflict');
  const response = {
    message: toMessage(row, ctx.member.profileId, side?.receipts ?? null),
    conversation: { id: row.conversation_id },
    credits: row.credits,
  };
  return { created: false, response, peer, row, sender: null, held: false };
}
