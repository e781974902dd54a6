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

/** A word of the brand's list: matched case-insensitively anywhere in a member's profile name or about. */
export const ModerationWordSchema = z.object({
  brand,
  word: z.string().trim().toLowerCase().min(2, 'validation.invalid').max(60, 'validation.too_long'),
});

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
