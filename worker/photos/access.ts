import type { SessionMember } from '../auth/sessions';
import type { Tables } from '../db/tables';

// Who may see an uploaded photo (docs/api/photos.md "Who sees a photo"). An approved public photo is everyone's and
// keeps its long public cache. Anything else is looked at per request, with the viewer's session:
// - pending: its owner and the brand's staff moderators (who review it in the workspace);
// - approved but private: its owner, the brand's staff moderators, premium members, and whoever received it in a chat;
// - rejected: nobody (its R2 objects are deleted at once anyway).
// Others get the same 404 as a key that does not exist: a URL alone does not say that a photo is there.

/**
 * An uploaded photo's key below the cdn_prefix: `p/<32 hex>.jpg`, its thumbnail `p/<32 hex>-t.jpg` and its middle
 * size `p/<32 hex>-640.jpg` (worker/photos/store.ts): every size of a photo follows that photo's access.
 */
const UPLOADED = /^p\/([0-9a-f]{32})(-t|-640)?\.jpg$/;

export type MediaAccess = 'public' | 'private' | 'refused';

type PhotoRow = Pick<Tables['photos'], 'id' | 'profile_id' | 'status' | 'private'>;

/** Whether `key` is a member's uploaded photo; everything under `p/` is one and is never served unchecked. */
export const isMemberPhotoKey = (key: string) => key.startsWith('p/');

/**
 * `isModerator` says whether the request carries a staff session that may moderate this brand (moderator, admin,
 * owner); it is asked only for a pending or private photo.
 */
export async function mediaAccess(
  db: D1Database,
  tenantId: string,
  key: string,
  viewer: SessionMember | null,
  isModerator: () => Promise<boolean>,
  /** Whether the viewer's market lets them see photos beyond the public ones (worker/age/gate.ts); not their own. */
  ageAllows: () => Promise<boolean> = async () => true,
): Promise<MediaAccess> {
  const match = UPLOADED.exec(key);
  if (!match) return 'refused';
  const photo = await db
    .prepare('SELECT id, profile_id, status, private FROM photos WHERE tenant_id = ? AND filename = ?')
    .bind(tenantId, `p/${match[1]}.jpg`)
    .first<PhotoRow>();
  if (!photo || photo.status === 'rejected') return 'refused';
  if (photo.status === 'active' && !photo.private) return 'public';
  if (await isModerator()) return 'private';
  if (!viewer) return 'refused';
  if (viewer.profileId === photo.profile_id) return 'private';
  if (photo.status !== 'active' || !(await ageAllows())) return 'refused';
  if (viewer.paidUser) return 'private';
  const row = await db
    .prepare('SELECT EXISTS (SELECT 1 FROM photo_grants WHERE tenant_id = ?1 AND photo_id = ?2 AND recipient_profile_id = ?3) AS received')
    .bind(tenantId, photo.id, viewer.profileId)
    .first<{ received: number }>();
  return row?.received ? 'private' : 'refused';
}
