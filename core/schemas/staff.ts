import { z } from 'zod';
import { ABOUT_MAX_LENGTH } from '../constants';
import { isOneLine } from '../rules/one-line';
import { PasswordSchema } from './account';
import type { ImageSchema } from './user';

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

/** GET setup.php?token=: what the setup page shows, only while the link is valid (72 hours, until it is used). */
export interface StaffSetupInfo {
  email: string;
  name: string;
  /** The QR code of `otpauth_uri`, an SVG made on the server. */
  qr_svg: string;
  /** The TOTP secret in base32, for typing into an authenticator app by hand. */
  secret: string;
  otpauth_uri: string;
}

/** A staff member's live session as GET sessions.php lists it: named by a public id, never by its token. */
export interface StaffSessionInfo {
  id: string;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
  /** The session of this request. */
  current: boolean;
}
export interface StaffSessionsResponse {
  sessions: StaffSessionInfo[];
}

/** DELETE sessions.php: end one session by its id, or every other session of this staff member. */
export const StaffSessionEndSchema = z.union([
  z.object({ id: z.string().min(1).max(40) }).strict(),
  z.object({ all_others: z.literal(true) }).strict(),
]);

export interface StaffRoleGrant {
  brand: string;
  role: StaffRole;
}
export interface StaffMe {
  id: number;
  email: string;
  name: string;
  roles: StaffRoleGrant[];
  /** The brands this staff member may work on (every brand for an owner), with their display names. */
  brands: { id: string; name: string }[];
}

export const BrandQuerySchema = z.object({ brand: z.string().max(40).optional() });

/** A member as the answer screen and the queue show them: never e-mail or payment data. */
export interface StaffMemberCard {
  id: number;
  profile_id: number;
  name: string;
  age: number;
  city: string | null;
  country: string;
  main_image: z.infer<typeof ImageSchema> | null;
}

export interface StaffFictionalRef {
  id: number;
  name: string;
  fictional: true;
}

export interface QueueItem {
  conversation_id: number;
  brand: string;
  waiting_since: string;
  /** How long the member has been waiting when the queue was read. */
  waiting_ms: number;
  member: StaffMemberCard;
  profile: StaffFictionalRef;
  /** Set while an operator holds the conversation. */
  claimed_by: { id: number; name: string; expires_at: string } | null;
  /** The member asked whether the profile is real (e.g. "ben je echt?"): answer honestly. */
  asks_if_real: boolean;
}
/** Waiting counts stop here: more is shown as "200+" (counting a larger backlog would cost every queue refetch). */
export const WAITING_COUNT_CAP = 200;
export interface QueueResponse {
  items: QueueItem[];
  /** Waiting conversations per brand, at most WAITING_COUNT_CAP. */
  waiting_per_brand: Record<string, number>;
}

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

export interface StaffNote {
  id: number;
  subject_type: 'member' | 'profile';
  subject_id: number;
  body: string;
  author: string;
  created_at: string;
}

export interface StaffChatMessage {
  id: number;
  /** Who wrote it: the member, or the fictional profile (staff). */
  from: 'member' | 'profile';
  kind: 'text' | 'photo' | 'gift';
  text: string | null;
  gift: string | null;
  photo: z.infer<typeof ImageSchema> | null;
  created_at: string;
}

export interface StaffConversation {
  conversation_id: number;
  brand: string;
  waiting_since: string | null;
  claimed_by: { id: number; name: string; expires_at: string } | null;
  member: StaffMemberCard & { about: string | null; interests: string[]; photos: z.infer<typeof ImageSchema>[]; language: string };
  profile: StaffFictionalRef & {
    age: number;
    city: string | null;
    about: string | null;
    photos: (z.infer<typeof ImageSchema> & { id: number })[];
  };
  messages: StaffChatMessage[];
  notes: { member: StaffNote[]; profile: StaffNote[] };
  /** The brand's honest answer to "are you real?", in the member's language, ready to send. */
  disclosure_text: string;
  asks_if_real: boolean;
}

/** POST /api/staff/claim.php (and the answer of a claim that is extended): the caller holds it until expires_at. */
export interface ClaimResponse {
  conversation_id: number;
  claimed_by: { id: number; name: string; expires_at: string };
}

/** POST /api/staff/reply.php: the stored message as the answer screen shows it; waited_ms null when nobody waited. */
export interface StaffReplyResponse {
  message: StaffChatMessage;
  conversation_id: number;
  waited_ms: number | null;
  claimed_by: { id: number; name: string; expires_at: string };
}

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

/** A fictional profile as the workspace shows it: always fictional, with the brand's label beside it. */
export interface FictionalProfile extends Omit<FictionalProfileInput, 'interests'> {
  id: number;
  fictional: true;
  /** The brand's label (fictional_icon + fictional_singular), shown wherever the profile is. */
  label: string;
  age: number;
  interests: number[];
  main_image: z.infer<typeof ImageSchema> | null;
  photos: (z.infer<typeof ImageSchema> & { id: number })[];
}
export interface FictionalProfilesResponse {
  profiles: FictionalProfile[];
}

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
export interface FirstMessageCandidate extends StaffMemberCard {
  last_active: string;
}
export interface FirstMessageCandidatesResponse {
  items: FirstMessageCandidate[];
}

/** POST /api/staff/first-message.php answer. */
export interface FirstMessageResponse {
  conversation_id: number;
  message: StaffChatMessage;
}

export const AuditQuerySchema = z.object({
  brand: z.string().max(40).optional(),
  staff_id: z.coerce.number().int().positive().optional(),
  action: z.string().max(40).optional(),
  before: z.coerce.number().int().positive().optional(),
});
/** GET audit.php: newest first, AUDIT_PAGE_SIZE per page; `next_before` asks for the next (older) page. */
export const AUDIT_PAGE_SIZE = 50;
export interface AuditPage {
  entries: AuditEntry[];
  next_before: number | null;
}
export interface AuditEntry {
  id: number;
  staff: { id: number; name: string } | null;
  brand: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: Record<string, unknown> | null;
  created_at: string;
}

export interface StaffFigures {
  brand: string | null;
  waiting_now: number;
  answered_today: number;
  answer_ms: { median: number | null; p90: number | null };
  per_brand: { brand: string; waiting_now: number; answered_today: number; median_ms: number | null; p90_ms: number | null }[];
  per_operator: { staff_id: number; name: string; answered_today: number; median_ms: number | null; p90_ms: number | null }[];
}
