import { publishToMember } from '../live/events';
import { MESSAGE_COLUMNS, MESSAGE_JOINS, toMessage, type MessageRow } from './messages';
import { findPeer } from './peers';
import { logEvent } from '../log';
import { appendToLog } from './log';
import { previewJson } from './side-preview';

/**
 * A message from a fictional profile (no member behind it) to a member: what an operator sends from the staff
 * workspace (reply, first message) and what the local /dev/chat-reply.json sends. One place builds the statements
 * and one place delivers, so the member receives it exactly like any message: the conversation (created when
 * missing, marked with its fictional side), the member's list entry shown again, the live event or a push. It
 * costs nobody credits (cost 0, no ledger row).
 */
export interface FictionalMessage {
  tenantId: string;
  /** The fictional profile that speaks. */
  profileId: number;
  memberId: number;
  /** The member's profile id (members and their profiles share ids, but say which one is meant). */
  memberProfileId: number;
  kind: 'text' | 'photo';
  text: string | null;
  photoId: number | null;
  /** Unique per send: the message's client_key, read back and tested by the caller's own statements. */
  key: string;
  now: Date;
  /**
   * An SQL condition (with its parameters) the message insert depends on, e.g. "the caller's claim is live": when
   * false nothing is inserted, and the statements keyed on `key` (exists) do nothing either.
   */
  guard?: { sql: string; params: unknown[] };
  /** Create the conversation when there is none (a first message); a reply needs an existing one. */
  create?: boolean;
}

/** SQL condition: the message of this send was stored (bind tenant, fictional profile id, key). */
export const SENT = 'EXISTS (SELECT 1 FROM messages WHERE tenant_id = ? AND sender_profile_id = ? AND client_key = ?)';
export const sentParams = (m: FictionalMessage) => [m.tenantId, m.profileId, m.key];

const pair = (m: FictionalMessage) =>
  m.profileId < m.memberProfileId ? [m.profileId, m.memberProfileId] : [m.memberProfileId, m.profileId];

/** The statements of the send, to be run in ONE batch with the caller's own (claim, audit, cap...). */
export function fictionalMessageStatements(db: D1Database, m: FictionalMessage): D1PreparedStatement[] {
  const [lo, hi] = pair(m);
  const at = m.now.toISOString();
  const conv = '(SELECT id FROM conversations WHERE tenant_id = ? AND profile_lo = ? AND profile_hi = ?)';
  const guard = m.guard ?? { sql: '1', params: [] };
  return [
    ...(m.create
      ? [
          db
            .prepare(
              `INSERT INTO conversations (tenant_id, profile_lo, profile_hi, started_by, created_at, fictional_profile_id) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (tenant_id, profile_lo, profile_hi) DO NOTHING`,
            )
            .bind(m.tenantId, lo, hi, m.profileId, at, m.profileId),
        ]
      : []),
    db
      .prepare(
        `INSERT INTO messages (tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, photo_id, cost, client_key, created_at)
       SELECT ?, ${conv}, ?, NULL, ?, ?, ?, ?, 0, ?, ? WHERE ${guard.sql}`,
      )
      .bind(m.tenantId, m.tenantId, lo, hi, m.profileId, m.memberProfileId, m.kind, m.text, m.photoId, m.key, at, ...guard.params),
    // A photo it carries may be seen by the member (photo_grants, read by worker/photos/access.ts).
    db
      .prepare(
        `INSERT INTO photo_grants (tenant_id, photo_id, recipient_profile_id)
         SELECT m.tenant_id, m.photo_id, m.recipient_profile_id FROM messages m
          WHERE m.tenant_id = ? AND m.sender_profile_id = ? AND m.client_key = ? AND m.photo_id IS NOT NULL ON CONFLICT DO NOTHING`,
      )
      .bind(...sentParams(m)),
    // The member's side: created for a first message, shown again (un-hidden) for a reply, with the message's
    // preview and one more unread, only by the batch that stored it (a replay's row has an earlier created_at).
    db
      .prepare(
        `INSERT INTO chat_sides (tenant_id, conversation_id, member_id, peer_profile_id, last_activity, last_message, unread)
       SELECT ?, m.conversation_id, ?, ?, ?, ${previewJson('m')}, 1 FROM messages m WHERE m.tenant_id = ? AND m.sender_profile_id = ? AND m.client_key = ? AND m.created_at = ?
       ON CONFLICT (member_id, conversation_id) DO UPDATE SET hidden = 0, last_activity = excluded.last_activity,
         last_message = excluded.last_message, unread = chat_sides.unread + 1`,
      )
      .bind(m.tenantId, m.memberId, m.profileId, at, ...sentParams(m), at),
  ];
}

/** Reads the stored message back (the last statement of the caller's batch); its result is `MessageRow | undefined`. */
export function readBackStatement(db: D1Database, m: FictionalMessage): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${MESSAGE_COLUMNS} FROM messages m ${MESSAGE_JOINS} WHERE m.tenant_id = ? AND m.sender_profile_id = ? AND m.client_key = ?`,
    )
    .bind(...sentParams(m));
}

/**
 * After the batch: the conversation's log appends the message, and the member's tabs get it (or a push when none is
 * open), with the fictional profile as the chat shows it. Never throws; run it in waitUntil.
 */
export async function deliverFictionalMessage(
  env: Env,
  m: Pick<FictionalMessage, 'tenantId' | 'profileId' | 'memberId' | 'memberProfileId' | 'now' | 'photoId'>,
  row: MessageRow,
): Promise<void> {
  try {
    // The conversation's log gets it first (docs/decisions/016); if this fails, the next reader copies it from D1.
    await appendToLog(env, m.tenantId, row.conversation_id, {
      id: row.id,
      sender_profile_id: m.profileId,
      sender_member_id: null,
      recipient_profile_id: m.memberProfileId,
      kind: row.kind,
      body: row.body,
      gift: row.gift,
      photo_id: m.photoId,
      cost: 0,
      client_key: row.client_key,
      created_at: row.created_at,
    }).catch((error: unknown) => logEvent('warn', 'conversation log append failed', { tenant: m.tenantId, error: String(error) }));
    const peer = await findPeer(env.DB, m.tenantId, m.profileId, m.now);
    if (!peer) return;
    await publishToMember(env, m.tenantId, m.memberId, {
      type: 'message',
      conversation_id: row.conversation_id,
      message: toMessage(row, m.memberProfileId, null),
      profile: peer.profile,
    });
  } catch (error) {
    logEvent('warn', 'fictional delivery failed', { tenant: m.tenantId, memberId: m.memberId, error: String(error) });
  }
}
