import { z } from 'zod';
import { REJECT_REASONS, type RejectReason } from './photos';

/**
 * Back office: moderation (issue 15 item 4, docs/api/staff.md "Back office: moderation"). One queue per brand for
 * moderators (and admins, owners): members' pending photos, and complaints with a state and a reply by mail.
 */

/** The brand the call is about; without it, the brand of the host the workspace runs on. */
const brand = z.string().min(1).max(40).optional();
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ModerationQuerySchema = z.object({ brand });

/** POST moderation-photos.php: the decision on a pending photo (the member sees it on their photos page). */
export const PhotoDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ brand, photo_id: id, decision: z.literal('approve') }),
  z.object({ brand, photo_id: id, decision: z.literal('reject'), reason: z.enum(REJECT_REASONS).default('other') }),
]);

export interface ModerationPhoto {
  id: number;
  profile_id: number;
  /** The member's profile name, as others would see it. */
  name: string;
  filename: string;
  thumb_filename: string;
  width: number | null;
  height: number | null;
  created_at: string;
}
export interface ModerationPhotosResponse {
  photos: ModerationPhoto[];
  /** Pending photos of the brand in all (the list shows the oldest 60). */
  total: number;
}
export interface PhotoDecisionResponse {
  photo_id: number;
  status: 'active' | 'rejected';
  reject_reason: RejectReason | null;
}

export const COMPLAINT_STATES = ['new', 'in_progress', 'closed'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

export const ComplaintsQuerySchema = z.object({ brand, state: z.enum(COMPLAINT_STATES).optional() });
/** PUT complaints.php: move a complaint to another state. */
export const ComplaintStateSchema = z.object({ brand, id, state: z.enum(COMPLAINT_STATES, 'validation.invalid') });
/** POST complaint-reply.php: a reply mailed to the complainant in their language; `close` closes it in the same step. */
export const ComplaintReplySchema = z.object({
  brand,
  id,
  text: z.string().trim().min(2, 'validation.field_required').max(5000, 'validation.too_long'),
  close: z.boolean().default(false),
});

export interface StaffComplaint {
  id: number;
  /** What the complainant was told: C-<id>. */
  reference: string;
  state: ComplaintState;
  subject: string;
  concerns: string | null;
  text: string;
  contact_name: string | null;
  contact_email: string;
  /** The sender's address is proven (a logged-in member's own, or the mailed link was followed): only then can we reply. */
  confirmed: boolean;
  /** The language a reply is written in: the sender's member account's, else the one the complaint was sent in. */
  language: string;
  created_at: string;
  /** The sender when logged in: a member of the brand. */
  member: { id: number; profile_id: number | null; name: string | null } | null;
  /** The profile the complaint names in `concerns` when that is a profile id of the brand (a link to it). */
  profile: { id: number; name: string; fictional: boolean } | null;
  replies: { id: number; text: string; staff: string; created_at: string }[];
}
export interface StaffComplaintsResponse {
  complaints: StaffComplaint[];
  /** Complaints per state, for the tabs. */
  counts: Record<ComplaintState, number>;
}

/** A word of the brand's list: matched case-insensitively anywhere in a member's profile name or about. */
export const ModerationWordSchema = z.object({
  brand,
  word: z.string().trim().toLowerCase().min(2, 'validation.invalid').max(60, 'validation.too_long'),
});
export interface ModerationWordsResponse {
  words: { word: string; created_at: string }[];
}

/**
 * POST moderation-texts.php: approve a profile's texts as shown (`name`, `about`: what the moderator saw; a text
 * changed since answers 409), or clear one of them (the about is emptied, the name replaced by the profile number).
 */
export const TextDecisionSchema = z.object({
  brand,
  profile_id: id,
  decision: z.enum(['approve', 'clear']),
  field: z.enum(['name', 'about']).optional(),
  name: z.string().max(200),
  about: z.string().max(10_000).nullable(),
});

export interface ModerationText {
  profile_id: number;
  member_id: number;
  name: string;
  about: string | null;
  /** The brand's words found in the texts. */
  words: string[];
  /** Open complaints that name this profile (their ids). */
  complaints: number[];
}
export interface ModerationTextsResponse {
  texts: ModerationText[];
}
