import { z } from 'zod';
import { ABOUT_MAX_LENGTH } from '../constants';
import { isOneLine } from '../rules/one-line';
import { PasswordSchema } from './account';
import { ImageSchema } from './user';

/**
 * The staff workspace's contract (issue 14, docs/api/staff.md): JSON under /api/staff/*.php. Staff are not members:
 * their own accounts, session cookie and roles per brand. Errors as everywhere: `{ error: { code, message } }`.
 */

export const STAFF_ROLES = ['operator', 'moderator', 'admin', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRoleSchema = z.enum(STAFF_ROLES);
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
export const StaffSetupInfoSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** The QR code of `otpauth_uri`, an SVG made on the server. */
  qr_svg: z.string(),
  /** The TOTP secret in base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
});
export type StaffSetupInfo = z.infer<typeof StaffSetupInfoSchema>;

/** A staff member's live session as GET sessions.php lists it: named by a public id, never by its token. */
export const StaffSessionInfoSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type StaffSessionInfo = z.infer<typeof StaffSessionInfoSchema>;
export const StaffSessionsResponseSchema = z.object({ sessions: z.array(StaffSessionInfoSchema) });
export type StaffSessionsResponse = z.infer<typeof StaffSessionsResponseSchema>;
/** DELETE sessions.php: how many sessions were ended. */
export const StaffSessionsEndedSchema = z.object({ ended: z.number().int() });

/** DELETE sessions.php: end one session by its id, or every other session of this staff member. */
export const StaffSessionEndSchema = z.union([
  z.object({ id: z.string().min(1).max(40) }).strict(),
  z.object({ all_others: z.literal(true) }).strict(),
]);

export const StaffRoleGrantSchema = z.object({ brand: z.string(), role: StaffRoleSchema });
export type StaffRoleGrant = z.infer<typeof StaffRoleGrantSchema>;
export const StaffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleGrantSchema),
  /** The brands this staff member may work on (every brand for an owner), with their display names. */
  brands: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;
/** POST login.php and setup.php: the staff member now signed in. */
export const StaffSignedInSchema = z.object({ staff: StaffMeSchema });

export const BrandQuerySchema = z.object({ brand: z.string().max(40).optional() });

/** A member as the answer screen and the queue show them: never e-mail or payment data. */
export const StaffMemberCardSchema = z.object({
  id: z.number().int(),
  profile_id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  city: z.string().nullable(),
  country: z.string(),
  main_image: ImageSchema.nullable(),
});
export type StaffMemberCard = z.infer<typeof StaffMemberCardSchema>;

const StaffFictionalRefSchema = z.object({ id: z.number().int(), name: z.string(), fictional: z.literal(true) });
/** The operator holding a conversation, until when. */
const ClaimedBySchema = z.object({ id: z.number().int(), name: z.string(), expires_at: z.string() });

export const QueueItemSchema = z.object({
  conversation_id: z.number().int(),
  brand: z.string(),
  waiting_since: z.string(),
  /** How long the member has been waiting when the queue was read. */
  waiting_ms: z.number(),
  member: StaffMemberCardSchema,
  profile: StaffFictionalRefSchema,
  /** Set while an operator holds the conversation. */
  claimed_by: ClaimedBySchema.nullable(),
  /** The member asked whether the profile is real (e.g. "ben je echt?"): answer honestly. */
  asks_if_real: z.boolean(),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;
/** Waiting counts stop here: more is shown as "200+" (counting a larger backlog would cost every queue refetch). */
export const WAITING_COUNT_CAP = 200;
export const QueueResponseSchema = z.object({
  items: z.array(QueueItemSchema),
  /** Waiting conversations per brand, at most WAITING_COUNT_CAP. */
  waiting_per_brand: z.record(z.string(), z.number().int()),
});
export type QueueResponse = z.infer<typeof QueueResponseSchema>;

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

export const StaffNoteOutSchema = z.object({
  id: z.number().int(),
  subject_type: z.enum(['member', 'profile']),
  subject_id: z.number().int(),
  body: z.string(),
  author: z.string(),
  created_at: z.string(),
});
export type StaffNote = z.infer<typeof StaffNoteOutSchema>;
/** POST notes.php: the stored note. */
export const StaffNoteResponseSchema = z.object({ note: StaffNoteOutSchema });

export const StaffChatMessageSchema = z.object({
  id: z.number().int(),
  /** Who wrote it: the member, or the fictional profile (staff). */
  from: z.enum(['member', 'profile']),
  kind: z.enum(['text', 'photo', 'gift']),
  text: z.string().nullable(),
  gift: z.string().nullable(),
  photo: ImageSchema.nullable(),
  created_at: z.string(),
});
export type StaffChatMessage = z.infer<typeof StaffChatMessageSchema>;

/** A photo with its id (a fictional profile's: the answer screen sends it by id). */
const NumberedImageSchema = ImageSchema.extend({ id: z.number().int() });

export const StaffConversationSchema = z.object({
  conversation_id: z.number().int(),
  brand: z.string(),
  waiting_since: z.string().nullable(),
  claimed_by: ClaimedBySchema.nullable(),
  member: StaffMemberCardSchema.extend({
    about: z.string().nullable(),
    interests: z.array(z.string()),
    photos: z.array(ImageSchema),
    language: z.string(),
  }),
  profile: StaffFictionalRefSchema.extend({
    age: z.number().int(),
    city: z.string().nullable(),
    about: z.string().nullable(),
    photos: z.array(NumberedImageSchema),
  }),
  messages: z.array(StaffChatMessageSchema),
  notes: z.object({ member: z.array(StaffNoteOutSchema), profile: z.array(StaffNoteOutSchema) }),
  /** The brand's honest answer to "are you real?", in the member's language, ready to send. */
  disclosure_text: z.string(),
  asks_if_real: z.boolean(),
});
export type StaffConversation = z.infer<typeof StaffConversationSchema>;

/** POST /api/staff/claim.php (and the answer of a claim that is extended): the caller holds it until expires_at. */
export const ClaimResponseSchema = z.object({ conversation_id: z.number().int(), claimed_by: ClaimedBySchema });
export type ClaimResponse = z.infer<typeof ClaimResponseSchema>;
/** DELETE claim.php: whether the caller's claim was released (false: it held none). */
export const ReleaseResponseSchema = z.object({ ok: z.literal(true), released: z.boolean() });

/** POST /api/staff/reply.php: the stored message as the answer screen shows it; waited_ms null when nobody waited. */
export const StaffReplyResponseSchema = z.object({
  message: StaffChatMessageSchema,
  conversation_id: z.number().int(),
  waited_ms: z.number().nullable(),
  claimed_by: ClaimedBySchema,
});
export type StaffReplyResponse = z.infer<typeof StaffReplyResponseSchema>;

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
export const FictionalProfileOutSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  name: z.string(),
  gender: FictionalProfileSchema.shape.gender,
  sexuality: FictionalProfileSchema.shape.sexuality,
  birthdate: z.string(),
  country: z.string(),
  region: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  hair_colour: z.string().nullable().optional(),
  eye_colour: z.string().nullable().optional(),
  body_type: FictionalProfileSchema.shape.body_type,
  relationship_status: FictionalProfileSchema.shape.relationship_status,
  about: z.string().nullable().optional(),
  active: z.boolean(),
  fictional: z.literal(true),
  /** The brand's label (fictional_icon + fictional_singular), shown wherever the profile is. */
  label: z.string(),
  age: z.number().int(),
  interests: z.array(z.number().int()),
  main_image: ImageSchema.nullable(),
  photos: z.array(NumberedImageSchema),
});
export type FictionalProfile = z.infer<typeof FictionalProfileOutSchema>;
export const FictionalProfilesResponseSchema = z.object({ profiles: z.array(FictionalProfileOutSchema) });
export type FictionalProfilesResponse = z.infer<typeof FictionalProfilesResponseSchema>;
/** POST and PUT profiles.php: the profile as stored. */
export const FictionalProfileResponseSchema = z.object({ profile: FictionalProfileOutSchema });
/** POST profile-photo.php: the profile with its new photo, and that photo's id. */
export const ProfilePhotoResponseSchema = z.object({ profile: FictionalProfileOutSchema, uploaded: z.number().int() });
/** POST profile-photo.php, multipart: the brand, the profile and the photo. */
export const ProfilePhotoFieldsSchema = z.object({ brand: z.string().max(40), profile_id: z.coerce.number().int().positive() });
/** The upload as the document describes it (the route reads the fields with ProfilePhotoFieldsSchema). */
export const ProfilePhotoUploadSchema = ProfilePhotoFieldsSchema.extend({ photo: z.string().meta({ format: 'binary' }) });

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
export const FirstMessageCandidateSchema = StaffMemberCardSchema.extend({ last_active: z.string() });
export type FirstMessageCandidate = z.infer<typeof FirstMessageCandidateSchema>;
export const FirstMessageCandidatesResponseSchema = z.object({ items: z.array(FirstMessageCandidateSchema) });
export type FirstMessageCandidatesResponse = z.infer<typeof FirstMessageCandidatesResponseSchema>;

/** POST /api/staff/first-message.php answer. */
export const FirstMessageResponseSchema = z.object({ conversation_id: z.number().int(), message: StaffChatMessageSchema });
export type FirstMessageResponse = z.infer<typeof FirstMessageResponseSchema>;

export const AuditQuerySchema = z.object({
  brand: z.string().max(40).optional(),
  staff_id: z.coerce.number().int().positive().optional(),
  action: z.string().max(40).optional(),
  before: z.coerce.number().int().positive().optional(),
});
/** GET audit.php: newest first, AUDIT_PAGE_SIZE per page; `next_before` asks for the next (older) page. */
export const AUDIT_PAGE_SIZE = 50;
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  brand: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), next_before: z.number().int().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;

const timesSchema = { median_ms: z.number().nullable(), p90_ms: z.number().nullable() };
export const StaffFiguresSchema = z.object({
  brand: z.string().nullable(),
  waiting_now: z.number().int(),
  answered_today: z.number().int(),
  answer_ms: z.object({ median: z.number().nullable(), p90: z.number().nullable() }),
  per_brand: z.array(z.object({ brand: z.string(), waiting_now: z.number().int(), answered_today: z.number().int(), ...timesSchema })),
  per_operator: z.array(z.object({ staff_id: z.number().int(), name: z.string(), answered_today: z.number().int(), ...timesSchema })),
});
export type StaffFigures = z.infer<typeof StaffFiguresSchema>;
