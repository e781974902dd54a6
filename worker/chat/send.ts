import type { SendMessage, SendResponse } from '../../core/schemas/chat';
import type { Tenant } from '../../core/schemas/tenant';
import { FREE_CONVERSATIONS } from '../../core/constants';
import { ApiFailure } from '../errors';
import { isInsufficientCredits, ledgerEntry } from '../services/ledger';
import type { SessionMember } from '../services/sessions';
import { findSide } from './conversations';
import { MESSAGE_COLUMNS, MESSAGE_JOINS, toMessage, type MessageRow } from './messages';
import { PEER_COLUMNS, PEER_JOINS, toPeer, type Peer, type PeerRow } from './peers';
import { namedBatch } from '../services/batch';

export interface SendContext {
  db: D1Database;
  tenant: Tenant;
  member: SessionMember;
  now: Date;
  /** The client's idempotency key: the same key is the same send, however often it arrives. */
  key: string;
}

export interface SendResult {
  created: boolean;
  response: SendResponse;
  peer: Peer;
  row: MessageRow;
  /** The sender as the recipient's chat shows them (read in the send's batch; null for a replay). */
  sender: Peer | null;
}

const COST_OF = { text: 'message_credits', photo: 'photo_credits', gift: 'gift_credits' } as const;

/**
 * Sends a text, photo or gift (SPEC.md §5-6). The charge, the conversation (if new), the message and both sides'
 * list entries are ONE batch: the ledger's CHECK aborts all of it when credits run short, the message's unique
 * (sender, key) and the ledger's unique ref make a retry a no-op, and a free member's third conversation fails
 * the NOT NULL of messages.conversation_id (the conditional conversation insert wrote nothing). So credits never
 * go below zero and a message is never charged twice, however many tabs send at once.
 */
export async function sendMessage(ctx: SendContext, input: SendMessage): Promise<SendResult> {
  const { db, tenant, member, now, key } = ctx;
  const target = await resolveTarget(ctx, input);
  if (target.replayed) return answerReplay(ctx, input, (await findByKey(db, tenant.id, member, key))!, target.peer);

  const { peer } = target;
  if (peer.gone || target.blocked || peer.profile.id === member.profileId)
    throw new ApiFailure(404, 'profile_unavailable', 'chat.errors.profile_unavailable');
  // SPEC.md §5: an unconfirmed e-mail blocks replies (a first message is kept and delivered once confirmed).
  if (member.status !== 'confirmed' && target.startedBy !== null && target.startedBy !== member.profileId) {
    throw new ApiFailure(403, 'email_unconfirmed', 'chat.errors.email_unconfirmed');
  }
  if (input.kind === 'photo') await requireOwnPhoto(db, tenant.id, member.profileId, input.photo_id);

  const [lo, hi] = member.profileId < peer.profile.id ? [member.profileId, peer.profile.id] : [peer.profile.id, member.profileId];
  const cost = tenant.settings[COST_OF[input.kind]];
  const at = now.toISOString();
  // Tenant ids are validated by the tenant schema (^[a-z][a-z0-9-]+$), so inlining one is safe.
  // The conversation by its key; every value bound, the tenant id too (?1 is the tenant in each statement below).
  const conv = (lo: string, hi: string) =>
    `(SELECT id FROM conversations WHERE tenant_id = ?1 AND profile_lo = ${lo} AND profile_hi = ${hi})`;
  const side = (memberId: number, peerId: number) =>
    db
      .prepare(
        `INSERT INTO chat_sides (tenant_id, conversation_id, member_id, peer_profile_id, last_activity) VALUES (?1, ${conv('?5', '?6')}, ?2, ?3, ?4)
       ON CONFLICT (member_id, conversation_id) DO UPDATE SET hidden = 0, last_activity = excluded.last_activity`,
      )
      .bind(tenant.id, memberId, peerId, at, lo, hi);
  const steps = [
    [
      null,
      db
        .prepare(
          `INSERT INTO conversations (tenant_id, profile_lo, profile_hi, started_by, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5 WHERE ?6 = 1 OR (SELECT COUNT(*) FROM conversations WHERE tenant_id = ?1 AND started_by = ?4) < ?7
       ON CONFLICT (tenant_id, profile_lo, profile_hi) DO NOTHING`,
        )
        .bind(tenant.id, lo, hi, member.profileId, at, member.paidUser ? 1 : 0, FREE_CONVERSATIONS),
    ],
    [
      null,
      ledgerEntry(db, {
        tenantId: tenant.id,
        memberId: member.id,
        delta: -cost,
        reason: input.kind === 'text' ? 'message' : input.kind,
        ref: `message:${member.id}:${key}`,
        now,
      }),
    ],
    [
      'insert',
      db
        .prepare(
          `INSERT INTO messages (tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, gift, photo_id, cost, client_key, created_at)
       VALUES (?1, ${conv('?12', '?13')}, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (tenant_id, sender_profile_id, client_key) DO NOTHING`,
        )
        .bind(
          tenant.id,
          member.profileId,
          member.id,
          peer.profile.id,
          input.kind,
          input.kind === 'text' ? input.text : null,
          input.kind === 'gift' ? input.gift : null,
          input.kind === 'photo' ? input.photo_id : null,
          cost,
          key,
          at,
          lo,
          hi,
        ),
    ],
    [null, side(member.id, peer.profile.id)],
    ...(peer.memberId !== null ? [[null, side(peer.memberId, member.profileId)] as const] : []),
    // To a fictional profile: the conversation waits for an operator from its oldest unanswered message on (the
    // staff queue reads conversations_waiting). Keyed on this send's own row, so a replayed key changes nothing.
    ...(peer.memberId === null && peer.profile.fictional
      ? [
          [
            null,
            db
              .prepare(
                `UPDATE conversations SET waiting_since = COALESCE(waiting_since, ?1), fictional_profile_id = ?2
            WHERE tenant_id = ?3 AND profile_lo = ?4 AND profile_hi = ?5
              AND EXISTS (SELECT 1 FROM messages WHERE tenant_id = ?3 AND sender_profile_id = ?6 AND client_key = ?7 AND created_at = ?1)`,
              )
              .bind(at, peer.profile.id, tenant.id, lo, hi, member.profileId, key),
          ] as const,
        ]
      : []),
    // Read back in the same round trip: the sender as the recipient sees them, the stored message and the balance.
    [
      'sender',
      db
        .prepare(`SELECT ${PEER_COLUMNS} FROM profiles p ${PEER_JOINS} WHERE p.id = ? AND p.tenant_id = ?`)
        .bind(member.profileId, tenant.id),
    ],
    [
      'stored',
      db
        .prepare(`SELECT ${MESSAGE_COLUMNS}, m.recipient_profile_id, m.photo_id, (SELECT credits FROM members WHERE id = ?) AS credits
                FROM messages m ${MESSAGE_JOINS} WHERE m.tenant_id = ? AND m.sender_profile_id = ? AND m.client_key = ?`)
        .bind(member.id, tenant.id, member.profileId, key),
    ],
  ] as const;
  let results: Record<'insert' | 'sender' | 'stored', D1Result>;
  try {
    results = await namedBatch(db, steps);
  } catch (error) {
    if (isInsufficientCredits(error)) throw new ApiFailure(402, 'insufficient_credits', 'errors.insufficient_credits');
    if (/NOT NULL constraint failed: messages\.conversation_id/i.test(String(error)))
      throw new ApiFailure(403, 'conversation_limit', 'chat.errors.conversation_limit', undefined, { max: FREE_CONVERSATIONS });
    throw error;
  }
  const row = results.stored.results[0] as StoredRow;
  // A concurrent request with the same key won the race: answer as a replay would.
  if (results.insert.meta.changes !== 1) return answerReplay(ctx, input, row, peer);
  const message = toMessage(row, member.profileId, null);
  const sender = toPeer(results.sender.results[0] as PeerRow, now);
  return { created: true, response: { message, conversation: { id: row.conversation_id }, credits: row.credits }, peer, row, sender };
}

/** A stored message as a send reads it back, with the sender's balance at that moment. */
type StoredRow = MessageRow & { recipient_profile_id: number; photo_id: number | null; credits: number };

interface Target {
  peer: Peer;
  /** A message with this idempotency key exists already. */
  replayed: boolean;
  blocked: boolean;
  /** Who started the conversation with this peer, or null when there is none yet. */
  startedBy: number | null;
}

/**
 * The peer of a send with what the rules need (blocked either way, who started the conversation) in one query.
 * A conversation id must be one of the member's own; a profile id must exist in this brand.
 */
async function resolveTarget(ctx: SendContext, input: SendMessage): Promise<Target> {
  let profileId: number;
  if ('conversation_id' in input.to) {
    const side = await ctx.db
      .prepare('SELECT peer_profile_id FROM chat_sides WHERE tenant_id = ? AND member_id = ? AND conversation_id = ?')
      .bind(ctx.tenant.id, ctx.member.id, input.to.conversation_id)
      .first<{ peer_profile_id: number }>();
    if (!side) throw new ApiFailure(404, 'conversation_not_found', 'chat.errors.conversation_not_found');
    profileId = side.peer_profile_id;
  } else {
    profileId = input.to.profile_id;
  }
  const row = await ctx.db
    .prepare(
      `SELECT ${PEER_COLUMNS},
          EXISTS (SELECT 1 FROM blocks b WHERE b.tenant_id = ?1
            AND ((b.blocker_id = ?2 AND b.blocked_profile_id = p.id) OR (b.blocker_id = p.id AND b.blocked_profile_id = ?2))) AS blocked,
          (SELECT started_by FROM conversations c WHERE c.tenant_id = ?1 AND c.profile_lo = MIN(?2, p.id) AND c.profile_hi = MAX(?2, p.id)) AS started_by,
          EXISTS (SELECT 1 FROM messages m WHERE m.tenant_id = ?1 AND m.sender_profile_id = ?2 AND m.client_key = ?4) AS replayed
        FROM profiles p ${PEER_JOINS} WHERE p.id = ?3 AND p.tenant_id = ?1`,
    )
    .bind(ctx.tenant.id, ctx.member.profileId, profileId, ctx.key)
    .first<PeerRow & { blocked: number; started_by: number | null; replayed: number }>();
  if (!row) throw new ApiFailure(404, 'profile_unavailable', 'chat.errors.profile_unavailable');
  return { peer: toPeer(row, ctx.now), replayed: row.replayed === 1, blocked: row.blocked === 1, startedBy: row.started_by };
}

/** A repeated key: the same send answers the stored message again; a different send under the key is refused. */
async function answerReplay(ctx: SendContext, input: SendMessage, row: StoredRow, peer: Peer): Promise<SendResult> {
  const same =
    row.kind === input.kind &&
    row.recipient_profile_id === peer.profile.id &&
    (input.kind !== 'text' || row.body === input.text) &&
    (input.kind !== 'gift' || row.gift === input.gift) &&
    (input.kind !== 'photo' || row.photo_id === input.photo_id);
  if (!same) throw new ApiFailure(409, 'idempotency_conflict', 'chat.errors.idempotency_conflict');
  return { created: false, response: await responseFor(ctx, row), peer, row, sender: null };
}

async function responseFor(ctx: SendContext, row: StoredRow): Promise<SendResponse> {
  const side = await findSide(ctx.db, ctx.member, row.conversation_id, ctx.now);
  return {
    message: toMessage(row, ctx.member.profileId, side?.receipts ?? null),
    conversation: { id: row.conversation_id },
    credits: row.credits,
  };
}

/** The message sent under the key, with the sender's balance now (as the send's own batch reads it back). */
function findByKey(db: D1Database, tenantId: string, member: SessionMember, key: string) {
  return db
    .prepare(
      `SELECT ${MESSAGE_COLUMNS}, m.recipient_profile_id, m.photo_id, (SELECT credits FROM members WHERE id = ?) AS credits
       FROM messages m ${MESSAGE_JOINS} WHERE m.tenant_id = ? AND m.sender_profile_id = ? AND m.client_key = ?`,
    )
    .bind(member.id, tenantId, member.profileId, key)
    .first<StoredRow>();
}

async function requireOwnPhoto(db: D1Database, tenantId: string, profileId: number, photoId: number): Promise<void> {
  const row = await db
    .prepare("SELECT 1 AS x FROM photos WHERE id = ? AND tenant_id = ? AND profile_id = ? AND status = 'active'")
    .bind(photoId, tenantId, profileId)
    .first();
  if (!row) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { photo_id: 'validation.chat_photo' });
}
