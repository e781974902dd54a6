import { z } from 'zod';
import { FictionalProfileSchema, ProfilePhotoFieldsSchema, STAFF_ROLES } from './staff';
import { ImageSchema } from './user';
import { PROTECT_REASONS } from '../rules/protect';

/**
 * What the staff API answers (core/contract/staff-ops.ts): the output schemas of the workspace's calls, apart from
 * the input schemas in staff.ts so that the workspace's download, which validates its forms with those, carries
 * none of these (it imports only their types, re-exported by staff.ts).
 */

export const StaffRoleSchema = z.enum(STAFF_ROLES);
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
export const QueueResponseSchema = z.object({
  items: z.array(QueueItemSchema),
  /** Waiting conversations per brand, at most WAITING_COUNT_CAP. */
  waiting_per_brand: z.record(z.string(), z.number().int()),
});
export type QueueResponse = z.infer<typeof QueueResponseSchema>;

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
  /**
   * The member's spending looks like harm by the pause screen's market rule, or they set limits or a pause of their
   * own (issue 45, item 11): the screen shows the flag with the honesty rules; empty reasons: no flag.
   */
  protect: z.object({ flagged: z.boolean(), reasons: z.array(z.enum(PROTECT_REASONS)) }),
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
  /** The brand's label (fictional_singular in its own language, no emoji), shown wherever the profile is. */
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
/** The upload as the document describes it (the route reads the fields with ProfilePhotoFieldsSchema). */
export const ProfilePhotoUploadSchema = ProfilePhotoFieldsSchema.extend({ photo: z.string().meta({ format: 'binary' }) });

export const FirstMessageCandidateSchema = StaffMemberCardSchema.extend({ last_active: z.string() });
export type FirstMessageCandidate = z.infer<typeof FirstMessageCandidateSchema>;
export const FirstMessageCandidatesResponseSchema = z.object({ items: z.array(FirstMessageCandidateSchema) });
export type FirstMessageCandidatesResponse = z.infer<typeof FirstMessageCandidatesResponseSchema>;

/** POST /api/staff/first-message.php answer. */
export const FirstMessageResponseSchema = z.object({ conversation_id: z.number().int(), message: StaffChatMessageSchema });
export type FirstMessageResponse = z.infer<typeof FirstMessageResponseSchema>;

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
