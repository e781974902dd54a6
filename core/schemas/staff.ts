import { z } from 'zod';
import { ABOUT_MAX_LENGTH } from '../constants';
import { isOneLine } from '../rules/one-line';
import { PasswordSchema } from './account';

/**
 * The staff workspace's contract (issue 14, docs/api/staff.md): JSON under /api/staff/*.php. Staff are not members:
 * their own accounts, session cookie and roles per brand. Errors as everywhere: `{ error: { code, message } }`.
 */

export const STAFF_ROLES = ['operator', 'moderator', 'admin', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** The brand of a deployment-wide role (owner). */
export const EVERY_BRAND = '*';

/** A claim expires this long after the operator's last activity on it (claim, reply, note). */
export const CLAIM_MINUTES = 5;
/** A staff session lasts 12 hours from login. */
export const STAFF_SESSION_HOURS = 12;

const email = z.string().trim().toLowerCase().email('validation.email_invalid').max(254);
const otp = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'validation.otp_invalid');

export const StaffLoginSchema = z.object({ email, password: z.string().min(1, 'validation.field_required').max(200), otp });
/** First login through the one-time setup link: a password of the members' rules, then the TOTP code of the QR. */
export const StaffSetupSchema = z.object({ token: z.string().min(20).max(200), password: PasswordSchema, otp });
export const StaffSetupQuerySchema = z.object({ token: z.string().min(20).max(200) });

/** DELETE sessions.php: end one session by its id, or every other session of this staff member. */
export const StaffSessionEndSchema = z.union([
  z.object({ id: z.string().min(1).max(40) }).strict(),
  z.object({ all_others: z.literal(true) }).strict(),
]);

export const BrandQuerySchema = z.object({ brand: z.string().max(40).optional() });

/** Waiting counts stop here: more is shown as "200+" (counting a larger backlog would cost every queue refetch). */
export const WAITING_COUNT_CAP = 200;
/** Conversation ids are unique per brand database only (decision 009): every call names the brand with the id. */
const conversationBrand = z.string().min(1, 'validation.field_required').max(40);
export const ConversationIdSchema = z.object({ brand: conversationBrand, conversation_id: z.coerce.number().int().positive() });
export const ConversationQuerySchema = z.object({ brand: conversationBrand, id: z.coerce.number().int().positive() });

export const StaffReplySchema = z
  .object({
    brand: conversationBrand,
    conversation_id: z.number().int().positive(),
    text: z.string().trim().min(1, 'validation.field_required').max(2000).optional(),
    photo_id: z.number().int().positive().optional(),
  })
  .refine((v) => (v.text === undefined) !== (v.photo_id === undefined), { message: 'validation.text_or_photo', path: ['text'] });

export const StaffNoteSchema = z.object({
  subject_type: z.enum(['member', 'profile']),
  /** A member's id (members and their profiles share ids), or a fictional profile's id. */
  subject_id: z.number().int().positive(),
  body: z.string().trim().min(1, 'validation.field_required').max(2000),
  brand: z.string().max(40),
  /** The conversation the note was written from: the caller's live claim on it is extended (activity). */
  conversation_id: z.number().int().positive().optional(),
});

/**
 * What a brand's StaffQueue Durable Object sends to open workspaces over /api/staff/live.php: only that something
 * changed; the workspace refetches GET /api/staff/queue.php.
 */
export type StaffQueueChange = 'message' | 'claim' | 'release' | 'reply' | 'first_message';
export type StaffLiveEvent =
  | { type: 'hello'; brand: string }
  | { type: 'queue'; brand: string; change: StaffQueueChange; conversation_id: number };

/** A fictional profile as operators create and edit it; the fictional flag is not a field: it cannot be removed. */
export const FictionalProfileSchema = z.object({
  brand: z.string().max(40),
  // Shown in members' notification mails' subjects: one line (issue 42).
  name: z.string().trim().min(2, 'validation.field_required').max(40).refine(isOneLine, 'validation.name_control_chars'),
  gender: z.enum(['male', 'female']),
  sexuality: z.enum(['hetero', 'gay', 'lesbian', 'bi']),
  birthdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date_invalid'),
  country: z.string().length(2),
  region: z.string().max(10).nullable().optional(),
  city: z.string().trim().max(60).nullable().optional(),
  hair_colour: z.string().max(20).nullable().optional(),
  eye_colour: z.string().max(20).nullable().optional(),
  body_type: z.enum(['slim', 'normal', 'fat']).nullable().optional(),
  relationship_status: z.enum(['divorced', 'living_together', 'married', 'unmarried', 'single', 'widowed']).nullable().optional(),
  about: z.string().trim().max(ABOUT_MAX_LENGTH).nullable().optional(),
  interests: z.array(z.number().int().positive()).max(30).optional(),
  active: z.boolean(),
});
export type FictionalProfileInput = z.infer<typeof FictionalProfileSchema>;
/** PUT /api/staff/profiles.php: the whole profile again with its id. */
export const FictionalProfileUpdateSchema = FictionalProfileSchema.extend({ id: z.number().int().positive() });
/** GET /api/staff/profiles.php?brand= lists the brand's fictional profiles; ?id= gives one. */
export const ProfilesQuerySchema = z.object({ brand: z.string().max(40).optional(), id: z.coerce.number().int().positive().optional() });

/** POST profile-photo.php, multipart: the brand, the profile and the photo. */
export const ProfilePhotoFieldsSchema = z.object({ brand: z.string().max(40), profile_id: z.coerce.number().int().positive() });
export const FirstMessageSchema = z.object({
  brand: z.string().max(40),
  profile_id: z.number().int().positive(),
  member_id: z.number().int().positive(),
  text: z.string().trim().min(1, 'validation.field_required').max(2000),
});

/** GET /api/staff/first-message-candidates.php: members a fictional profile may write to first (name or city filter). */
export const FirstMessageCandidatesQuerySchema = z.object({
  brand: z.string().max(40),
  profile_id: z.coerce.number().int().positive(),
  q: z.string().trim().max(60).optional(),
});
export const FIRST_MESSAGE_CANDIDATES = 30;
export const AuditQuerySchema = z.object({
  brand: z.string().max(40).optional(),
  staff_id: z.coerce.number().int().positive().optional(),
  action: z.string().max(40).optional(),
  before: z.coerce.number().int().positive().optional(),
});
/** GET audit.php: newest first, AUDIT_PAGE_SIZE per page; `next_before` asks for the next (older) page. */
export const AUDIT_PAGE_SIZE = 50;
