import { z } from 'zod';
import { MAX_AGE, MIN_AGE } from '../constants';
import { ImageSchema } from './user';

/** A profile as a card shows it (search results, home sample, related profiles). */
export const ProfileCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(['male', 'female']),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  fictional: z.boolean(),
  /** When the profile was last active (ISO time): what "online" and "active N minutes ago" are made of. */
  last_active: z.string(),
  main_image: ImageSchema.nullable(),
});
export type ProfileCard = z.infer<typeof ProfileCardSchema>;

/** GET /api/featured.php -> a sample of the brand's profiles for the visitor's country (home page). */
export const FeaturedResponseSchema = z.object({ profiles: z.array(ProfileCardSchema) });
export type FeaturedResponse = z.infer<typeof FeaturedResponseSchema>;

/** An age of a search (the home page's, the members' search, the match finder): whole years from 18 to 99. */
export const SearchAgeSchema = z.coerce
  .number({ message: 'validation.age' })
  .int('validation.age')
  .min(MIN_AGE, 'validation.age')
  .max(MAX_AGE, 'validation.age');

/**
 * Query of GET /api/featured.php (the visitor's home page search). Without ages, the brand's band (a mature brand's
 * 40-99) or everyone (core/rules/relevance.ts visitorBand); one age given, the other end is the law's limit.
 */
export const FeaturedQuerySchema = z
  .object({
    gender: z.enum(['male', 'female'], { message: 'validation.gender' }).default('female'),
    min_age: SearchAgeSchema.optional(),
    max_age: SearchAgeSchema.optional(),
  })
  .refine((q) => (q.min_age ?? MIN_AGE) <= (q.max_age ?? MAX_AGE), { message: 'validation.age_range', path: ['max_age'] });
