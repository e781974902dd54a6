import { z } from 'zod';
import { BODY_TYPES, RELATIONSHIP_STATUSES, SEXUALITIES } from './my-profile';
import { ProfileCardSchema, SearchAgeSchema, type ProfileCard } from './profile';

// The members area's calls (SPEC.md §7 lists likes.php and auto-like.php; the rest are "not shown" there and
// designed in the same style): profile view, likes, blocks, the swipe game and the match finder.

const profileId = z.coerce
  .number({ message: 'errors.profile_not_found' })
  .int('errors.profile_not_found')
  .positive('errors.profile_not_found')
  .max(999_999_999_999, 'errors.profile_not_found');

export const ProfileIdSchema = z.object({ profile_id: profileId });
export const ProfileQuerySchema = z.object({ id: profileId });

export const PhotoViewSchema = z.object({
  id: z.number(),
  filename: z.string(),
  thumb_filename: z.string(),
  mid_filename: z.string().optional(),
  /** The full photo's pixels, for srcset's w descriptors (docs/decisions/015-sharp-photos.md). */
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  private: z.boolean(),
  /** Only on the owner's own view: the photo waits for review and nobody else sees it yet. */
  pending: z.boolean().optional(),
});

/** GET /api/profile.php?id= -> a profile as the viewer may see it. Fields the brand does not show are left out. */
export const ProfileViewSchema = ProfileCardSchema.extend({
  /** The region's name in its country's language ("Utrecht" for NL's "UT"). */
  region_name: z.string().nullable().optional(),
  sexuality: z.enum(SEXUALITIES).optional(),
  hair_colour: z.string().nullable().optional(),
  eye_colour: z.string().nullable().optional(),
  body_type: z.enum(BODY_TYPES).nullable().optional(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable().optional(),
  about: z.string().nullable().optional(),
  interests: z.array(z.string()),
  /** Photos the viewer may see (visitors: the main photo; free members: no private photos). */
  photos: z.array(PhotoViewSchema),
  /** Photos the viewer's role hides: visitors see how many more there are; free members how many are private. */
  hidden_photos: z.number().int(),
  hidden_private_photos: z.number().int(),
  liked: z.boolean(),
  likes_you: z.boolean(),
  match: z.boolean(),
  blocked: z.boolean(),
  own: z.boolean(),
});
export type ProfileView = z.infer<typeof ProfileViewSchema>;

export const ProfileResponseSchema = z.object({ profile: ProfileViewSchema, related: z.array(ProfileCardSchema) });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

export const LIKE_SOURCES = ['profile', 'swipe', 'match_finder'] as const;
/** POST /api/likes.php */
export const LikeSchema = ProfileIdSchema.extend({ source: z.enum(LIKE_SOURCES, { message: 'validation.invalid' }).default('profile') });
export const LikeResultSchema = z.object({ liked: z.boolean(), match: z.boolean(), swipe_likes_left: z.number().int().nullable() });
export type LikeResult = z.infer<typeof LikeResultSchema>;

/** GET /api/likes.php: `profiles` the member liked, `liked_by` who liked the member (new first). */
export const LikedBySchema = ProfileCardSchema.extend({ like_new: z.boolean(), liked_at: z.string() });
export const LikesResponseSchema = z.object({
  profiles: z.array(ProfileCardSchema.extend({ liked_at: z.string(), match: z.boolean() })),
  liked_by: z.array(LikedBySchema.extend({ match: z.boolean() })),
});
export type LikesResponse = z.infer<typeof LikesResponseSchema>;
export const LIKE_TYPES = ['received', 'given', 'matches'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

/** A profile as the new-like / match modal shows it: a card, or the short profile a live like event carries. */
export type ModalProfile = Pick<ProfileCard, 'id' | 'name' | 'main_image'> & Partial<Pick<ProfileCard, 'age' | 'fictional'>>;

/** GET /api/auto-like.php -> a profile that liked the member and is still new to them, or null. */
export const AutoLikeResponseSchema = z.object({ profile: ProfileCardSchema.nullable() });
export type AutoLikeResponse = z.infer<typeof AutoLikeResponseSchema>;

/** GET /api/swipe.php -> the next cards of the swipe game and what is left of today's likes (null: no limit). */
export const SwipeStackSchema = z.object({
  profiles: z.array(ProfileCardSchema),
  likes_left: z.number().int().nullable(),
  /** When today's likes come back (UTC midnight). */
  resets_at: z.string(),
});
export type SwipeStack = z.infer<typeof SwipeStackSchema>;
/** POST /api/swipe.php */
export const SwipeSchema = ProfileIdSchema.extend({ action: z.enum(['like', 'pass'], { message: 'validation.invalid' }) });
export const SwipeResultSchema = z.object({ match: z.boolean(), likes_left: z.number().int().nullable() });
export type SwipeResult = z.infer<typeof SwipeResultSchema>;

/** GET /api/match-finder.php: what the member is looking for; answers profiles ranked by shared interests. */
export const MatchFinderQuerySchema = z
  .object({
    gender: z.enum(['male', 'female'], { message: 'validation.gender' }),
    min_age: SearchAgeSchema,
    max_age: SearchAgeSchema,
    nearby: z
      .enum(['1', '0'], { message: 'validation.invalid' })
      .default('0')
      .transform((v) => v === '1'),
    interests: z
      .string()
      .default('')
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(z.string().regex(/^[a-z_]{2,32}$/, 'validation.invalid')).max(10, 'validation.invalid')),
  })
  .refine((q) => q.min_age <= q.max_age, { message: 'validation.age_range', path: ['max_age'] });
export const MatchFinderResponseSchema = z.object({
  profiles: z.array(ProfileCardSchema.extend({ shared_interests: z.array(z.string()) })),
});
export type MatchFinderResponse = z.infer<typeof MatchFinderResponseSchema>;
