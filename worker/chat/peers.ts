import type { ChatProfile } from '../../core/schemas/chat';
import { ageOn } from '../../core/rules/age';

/** The other side of a conversation as the chat needs it: who, whether they can be written to, their member. */
export interface Peer {
  profile: ChatProfile;
  /** Null for fictional (operator-made) profiles. */
  memberId: number | null;
  /** The member left (deleted or purged): nothing can be sent to them any more. */
  gone: boolean;
}

interface PeerRow {
  id: number;
  name: string;
  birthdate: string;
  city: string | null;
  fictional: number;
  member_id: number | null;
  member_status: string | null;
  filename: string | null;
  thumb_filename: string | null;
}

export const PEER_COLUMNS = `p.id, p.name, p.birthdate, p.city, p.fictional, p.member_id, pm.status AS member_status,
  ph.filename, ph.thumb_filename`;
/** Joins for PEER_COLUMNS over profiles `p`: the profile's member and its visible main photo. */
export const PEER_JOINS = `LEFT JOIN members pm ON pm.id = p.member_id
  LEFT JOIN photos ph ON ph.id = p.main_photo_id AND ph.status = 'active'`;

export function toPeer(row: PeerRow, now: Date): Peer {
  return {
    profile: {
      id: row.id,
      name: row.name,
      age: ageOn(row.birthdate, now),
      city: row.city,
      fictional: row.fictional === 1,
      main_image: row.filename && row.thumb_filename ? { filename: row.filename, thumb_filename: row.thumb_filename } : null,
    },
    memberId: row.member_id,
    gone: row.member_id !== null && (row.member_status === 'deleted' || row.member_status === 'purged' || row.member_status === null),
  };
}

export async function findPeer(db: D1Database, tenantId: string, profileId: number, now: Date): Promise<Peer | null> {
  const row = await db
    .prepare(`SELECT ${PEER_COLUMNS} FROM profiles p ${PEER_JOINS} WHERE p.id = ? AND p.tenant_id = ?`)
    .bind(profileId, tenantId)
    .first<PeerRow>();
  return row ? toPeer(row, now) : null;
}

export type { PeerRow };
