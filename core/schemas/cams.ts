import { z } from 'zod';

// The cam-profile listing (SPEC.md §2): the performers of a brand's cam partner, in one of two variants chosen by
// the brand's `member_resell` setting (SPEC.md §3):
// - 'cam': the listing sends members to a performer's live room at the partner;
// - 'resell': the brand passes its members on to the partner (which pays the brand for each one that joins): the
//   listing sends them to the partner's signup, with the performer to meet there.
// Either way the cards say whose performers these are: they are not members of the brand.

export type CamVariant = 'cam' | 'resell';

/** A partner link template: https, with {performer}, and optionally {affiliate} and {click}. */
const linkTemplate = z.url({ protocol: /^https$/ }).refine((url) => url.includes('{performer}'), 'must contain {performer}');

/** A brand's cam partner, in its tenant file (core/schemas/tenant.ts `cams`). */
export const CamPartnerSchema = z.strictObject({
  /** The partner's name as members see it. */
  partner: z.string().min(1).max(60),
  /** The brand's id at the partner, filled into {affiliate}. */
  affiliate: z.string().regex(/^[\w-]{1,64}$/),
  /** Where a performer's live room is ('cam' variant). */
  room_url: linkTemplate,
  /** Where a member joins the partner, to meet a performer there ('resell' variant). */
  signup_url: linkTemplate,
});
export type CamPartner = z.infer<typeof CamPartnerSchema>;

export const CamPerformerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  country: z.string(),
  /** The picture's path under the brand's cdn_prefix. */
  image: z.string(),
  live: z.boolean(),
  /** Minutes until the next show starts; 0 while live. */
  starts_in_minutes: z.number().int(),
});
export type CamPerformer = z.infer<typeof CamPerformerSchema>;

/** GET /api/cams.php */
export const CamsResponseSchema = z.object({
  variant: z.enum(['cam', 'resell']),
  partner: z.string(),
  live_count: z.number().int(),
  /** Live performers first, then by the time their show starts. */
  performers: z.array(CamPerformerSchema),
});
export type CamsResponse = z.infer<typeof CamsResponseSchema>;

/** /cams/{id}/go: the performer a member clicks through to. */
export const CamClickSchema = z.object({
  id: z.coerce.number({ message: 'validation.invalid' }).int().positive().max(Number.MAX_SAFE_INTEGER),
});
