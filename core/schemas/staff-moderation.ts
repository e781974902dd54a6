import { z } from 'zod';
import { REJECT_REASONS } from './photos';

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

export const ModerationPhotoSchema = z.object({
  id: z.number().int(),
  profile_id: z.number().int(),
  /** The member's profile name, as others would see it. */
  name: z.string(),
  filename: z.string(),
  thumb_filename: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
});
export type ModerationPhoto = z.infer<typeof ModerationPhotoSchema>;
export const ModerationPhotosResponseSchema = z.object({
  photos: z.array(ModerationPhotoSchema),
  /** Pending photos of the brand in all (the list shows the oldest 60). */
  total: z.number().int(),
});
export type ModerationPhotosResponse = z.infer<typeof ModerationPhotosResponseSchema>;
export const PhotoDecisionResponseSchema = z.object({
  photo_id: z.number().int(),
  status: z.enum(['active', 'rejected']),
  reject_reason: z.enum(REJECT_REASONS).nullable(),
});
export type PhotoDecisionResponse = z.infer<typeof PhotoDecisionResponseSchema>;

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

export const StaffComplaintSchema = z.object({
  id: z.number().int(),
  /** What the complainant was told: C-<id>. */
  reference: z.string(),
  state: z.enum(COMPLAINT_STATES),
  subject: z.string(),
  concerns: z.string().nullable(),
  text: z.string(),
  contact_name: z.string().nullable(),
  contact_email: z.string(),
  /** The sender's address is proven (a logged-in member's own, or the mailed link was followed): only then can we reply. */
  confirmed: z.boolean(),
  /** The language a reply is written in: the sender's member account's, else the one the complaint was sent in. */
  language: z.string(),
  created_at: z.string(),
  /** The sender when logged in: a member of the brand. */
  member: z.object({ id: z.number().int(), profile_id: z.number().int().nullable(), name: z.string().nullable() }).nullable(),
  /** The profile the complaint names in `concerns` when that is a profile id of the brand (a link to it). */
  profile: z.object({ id: z.number().int(), name: z.string(), fictional: z.boolean() }).nullable(),
  replies: z.array(z.object({ id: z.number().int(), text: z.string(), staff: z.string(), created_at: z.string() })),
});
export type StaffComplaint = z.infer<typeof StaffComplaintSchema>;
export const StaffComplaintsResponseSchema = z.object({
  complaints: z.array(StaffComplaintSchema),
  /** Complaints per state, for the tabs. */
  counts: z.object({ new: z.number().int(), in_progress: z.number().int(), closed: z.number().int() }) satisfies z.ZodType<
    Record<ComplaintState, number>
  >,
});
export type StaffComplaintsResponse = z.infer<typeof StaffComplaintsResponseSchema>;
/** PUT complaints.php and POST complaint-reply.php: the complaint as it is now. */
export const StaffComplaintResponseSchema = z.object({ complaint: StaffComplaintSchema });

/** A word of the brand's list: matched case-insensitively anywhere in a member's profile name or about. */
export const ModerationWordSchema = z.object({
  brand,
  word: z.string().trim().toLowerCase().min(2, 'validation.invalid').max(60, 'validation.too_long'),
});
export const ModerationWordsResponseSchema = z.object({ words: z.array(z.object({ word: z.string(), created_at: z.string() })) });
export type ModerationWordsResponse = z.infer<typeof ModerationWordsResponseSchema>;

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

export const ModerationTextSchema = z.object({
  profile_id: z.number().int(),
  member_id: z.number().int(),
  name: z.string(),
  about: z.string().nullable(),
  /** The brand's words found in the texts. */
  words: z.array(z.string()),
  /** Open complaints that name this profile (their ids). */
  complaints: z.array(z.number().int()),
});
export type ModerationText = z.infer<typeof ModerationTextSchema>;
export const ModerationTextsResponseSchema = z.object({ texts: z.array(ModerationTextSchema) });
export type ModerationTextsResponse = z.infer<typeof ModerationTextsResponseSchema>;
