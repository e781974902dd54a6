import type { ChatListItem, ChatMessage } from '../../core/schemas/chat';
import { MESSAGE_PAGE } from '../../core/schemas/chat';
import type { SessionMember } from '../auth/sessions';
import { logToMessageRow, toMessage, type PeerReceipts } from './messages';
import { PEER_COLUMNS, PEER_JOINS, toPeer, type Peer, type PeerRow } from './peers';
import { ownNewest, photoFiles, readLogPage } from './log';
import { logToPreview, parsePreview, previewToMessageRow } from './side-preview';

/** A member's side of one conversation with the peer and what the peer has seen. */
export interface Side {
  conversationId: number;
  readUpto: number;
  deliveredUpto: number;
  clearedUpto: number;
  peer: Peer;
  receipts: PeerReceipts | null;
  /** The member sees the peer's messages: an operator profile's always, a member's once confirmed and not invisible. */
  peerVisible: boolean;
}

export interface SideRow extends PeerRow {
  conversation_id: number;
  read_upto: number;
  delivered_upto: number;
  cleared_upto: number;
  last_activity: string;
  /** The list's previews and unread count (migration 0044, worker/chat/side-preview.ts). */
  last_message?: string | null;
  unread?: number;
  peer_read: number | null;
  peer_delivered: number | null;
  peer_invisible: number | null;
}

// The member's sides with their peers; a peer whose member blocked this member is left out (SPEC.md §6: the
// blocked member cannot see the blocker).
export const SIDES = `SELECT s.conversation_id, s.read_upto, s.delivered_upto, s.cleared_upto, s.last_activity, s.last_message, s.unread,
    ps.read_upto AS peer_read, ps.delivered_upto AS peer_delivered, pm.invisible AS peer_invisible, ${PEER_COLUMNS}
  FROM chat_sides s
  JOIN profiles p ON p.id = s.peer_profile_id AND p.tenant_id = s.tenant_id
  ${PEER_JOINS}
  LEFT JOIN chat_sides ps ON ps.conversation_id = s.conversation_id AND ps.member_id = p.member_id
  WHERE s.tenant_id = ?1 AND s.member_id = ?2
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p.member_id AND b.blocked_profile_id = ?3)`;

/** The member's messages wait (unconfirmed e-mail, invisible mode): the other side is not told of them yet. */
export const isHeld = (member: SenderState) => member.status !== 'confirmed' || member.invisible;
type SenderState = Pick<SessionMember, 'status' | 'invisible'>;

export function toSide(row: SideRow, member: SenderState, now: Date): Side {
  const peer = toPeer(row, now);
  return {
    conversationId: row.conversation_id,
    readUpto: row.read_upto,
    deliveredUpto: row.delivered_upto,
    clearedUpto: row.cleared_upto,
    peer,
    receipts:
      peer.memberId === null ? null : { readUpto: row.peer_read ?? 0, deliveredUpto: row.peer_delivered ?? 0, held: isHeld(member) },
    peerVisible: peer.memberId === null || (row.member_status === 'confirmed' && row.peer_invisible === 0),
  };
}

/** The member's side of a conversation, or null when it is not theirs (unknown and foreign ids look the same). */
export async function findSide(db: D1Database, member: SessionMember, conversationId: number, now: Date): Promise<Side | null> {
  const row = await db
    .prepare(`${SIDES} AND s.conversation_id = ?4`)
    .bind(member.tenantId, member.id, member.profileId, conversationId)
    .first<SideRow>();
  return row ? toSide(row, member, now) : null;
}

export async function findSideWith(db: D1Database, member: SessionMember, profileId: number, now: Date): Promise<Side | null> {
  const row = await db
    .prepare(`${SIDES} AND s.peer_profile_id = ?4`)
    .bind(member.tenantId, member.id, member.profileId, profileId)
    .first<SideRow>();
  return row ? toSide(row, member, now) : null;
}

/**
 * GET /api/chats.php: conversations with something the member can see, most recent first. Read from the member's
 * sides (migration 0044): the newest message's preview and the unread count the send's batch keeps. Only where the
 * peer's messages are held from the member does the list show the member's own newest, read from the log.
 */
export async function listChats(env: Env, member: SessionMember, now: Date): Promise<ChatListItem[]> {
  const { results } = await env.DB.prepare(`${SIDES} AND s.hidden = 0 ORDER BY s.last_activity DESC LIMIT 200`)
    .bind(member.tenantId, member.id, member.profileId)
    .all<SideRow>();
  const shown = await Promise.all(
    results.map(async (row) => {
      const side = toSide(row, member, now);
      const own = side.peerVisible ? null : await ownNewest(env, member.tenantId, row.conversation_id, member.profileId);
      const preview = side.peerVisible ? parsePreview(row.last_message) : own && logToPreview(own);
      return { row, side, preview };
    }),
  );
  const listed = shown.flatMap(({ row, side, preview }) => (preview && preview.id > row.cleared_upto ? [{ row, side, preview }] : []));
  const files = await photoFiles(
    env.DB,
    member.tenantId,
    listed.map((l) => l.preview),
  );
  return listed.map(({ row, side, preview }) => ({
    conversation: {
      id: row.conversation_id,
      last_message: toMessage(previewToMessageRow(preview, row.conversation_id, files), member.profileId, side.receipts),
      updated_at: preview.created_at,
    },
    profile: side.peer.profile,
    num_unread_messages: side.peerVisible ? (row.unread ?? 0) : 0,
  }));
}

/**
 * A page of history, newest last; `before` pages back in time. Read from the conversation's log (one Durable Object
 * per conversation, docs/decisions/016-messages-in-durable-objects.md), named from the side D1 found for this member.
 */
export async function history(
  env: Env,
  member: SessionMember,
  side: Side,
  before?: number,
): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  const page = await readLogPage(env, env.DB, member.tenantId, side.conversationId, {
    after: side.clearedUpto,
    before,
    limit: MESSAGE_PAGE + 1,
    hideSender: side.peerVisible ? null : side.peer.profile.id,
  });
  const rows = page.rows.slice(0, MESSAGE_PAGE).reverse();
  const files = await photoFiles(env.DB, member.tenantId, rows);
  return {
    messages: rows.map((r) => toMessage(logToMessageRow(r, side.conversationId, files), member.profileId, side.receipts)),
    hasMore: page.rows.length > MESSAGE_PAGE,
  };
}

/**
 * The newest message from the peer that the member can see (what "read up to" and "delivered up to" become), from the
 * conversation's log; 0 while the peer's messages are held from the member.
 */
export async function newestFromPeer(env: Env, member: SessionMember, side: Side): Promise<number> {
  if (!side.peerVisible) return 0;
  const page = await readLogPage(env, env.DB, member.tenantId, side.conversationId, {
    after: 0,
    limit: 1,
    onlySender: side.peer.profile.id,
  });
  return page.rows[0]?.id ?? 0;
}
