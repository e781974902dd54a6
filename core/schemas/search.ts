import { z } from 'zod';
import { MAX_AGE, MIN_AGE, SEARCH_MAX_PAGE } from '../constants';
import { ProfileCardSchema, SearchAgeSchema } from './profile';

/** Query of GET /api/search.php (members' search, and visitors' where the brand allows it). */
export const SearchQuerySchema = z
  .object({
    gender: z.enum(['male', 'female'], { message: 'validation.gender' }).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'validation.invalid')
      .optional(),
    region: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,8}$/, 'validation.invalid')
      .optional(),
    /** Without both ages: the member's own age band (core/rules/relevance.ts); one given, the other is the law's limit. */
    min_age: SearchAgeSchema.optional(),
    max_age: SearchAgeSchema.optional(),
    page: z.coerce
      .number({ message: 'validation.page' })
      .int('validation.page')
      .min(1, 'validation.page')
      .max(SEARCH_MAX_PAGE, 'validation.page')
      .default(1),
    /**
     * Most recently active first (the default: who answers, issue 46 item 1), or by the age index: youngest first,
     * or oldest first.
     */
    sort: z.enum(['active', 'young', 'old'], { message: 'validation.invalid' }).default('active'),
  })
  .refine((q) => (q.min_age ?? MIN_AGE) <= (q.max_age ?? MAX_AGE), { message: 'validation.age_range', path: ['max_age'] })
  .refine((q) => !q.region || q.country, { message: 'validation.invalid', path: ['region'] });
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

const ResultPageSchema = z.object({
  results: z.array(ProfileCardSchema),
  /** Matches, counted up to SEARCH_MAX_RESULTS; `capped` says there are more. */
  num_results: z.number().int(),
  capped: z.boolean(),
});

/** GET /api/search.php -> one page of results, and on page 1 with few results a page of similar profiles. */
export const SearchResponseSchema = ResultPageSchema.extend({
  page: z.number().int(),
  page_size: z.number().int(),
  /** The filter as applied (defaults filled in: the searcher's wish, the brand's country). */
  filter: z.object({
    gender: z.enum(['male', 'female']),
    country: z.string(),
    region: z.string().nullable(),
    min_age: z.number(),
    max_age: z.number(),
  }),
  similar: ResultPageSchema.nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
