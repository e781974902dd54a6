import { z } from 'zod';
import { CompanySchema } from './tenant';

// The reference-data calls of SPEC.md §7: geocode.php, regions.php, interests.php, companyinfo.php.
// Query values arrive as strings; a schema here turns them into numbers and flags, or names the bad field.

const INVALID = 'validation.invalid';

// Number() alone would read '' as 0 and accept '1e2' or ' 0x10 ', so only plain decimals pass.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function coordinate(limit: number) {
  return z
    .string({ message: INVALID })
    .trim()
    .regex(DECIMAL, INVALID)
    .transform(Number)
    .pipe(z.number().min(-limit, INVALID).max(limit, INVALID));
}

/** Query of GET /api/geocode.php: the browser's position. */
export const GeocodeQuerySchema = z.object({ lat: coordinate(90), lon: coordinate(180) });
export type GeocodeQuery = z.infer<typeof GeocodeQuerySchema>;

/** GET /api/geocode.php -> where the member is, in the region codes profiles and search use. */
export const GeocodeResultSchema = z.object({
  country: z.string().length(2),
  region: z.string(),
  region_name: z.string(),
  city: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type GeocodeResult = z.infer<typeof GeocodeResultSchema>;

// Query flags come as '1'/'0' (or 'true'/'false'); anything else is a mistake worth a 400, not a silent false.
const flag = z
  .enum(['1', '0', 'true', 'false'], { message: INVALID })
  .optional()
  .transform((v) => v === '1' || v === 'true');

/**
 * Query of GET /api/regions.php. `countries` are the codes the caller may ask for (the brand's plus every country
 * with region data); they are passed in so this module does not pull the region data into the client bundle.
 */
export function regionsQuerySchema(countries: readonly string[]) {
  const allowed = new Set(countries);
  return z.object({
    country: z
      .string({ message: INVALID })
      .trim()
      .toUpperCase()
      .refine((c) => allowed.has(c), INVALID)
      .optional(),
    cities: flag,
  });
}
export type RegionsQuery = z.infer<ReturnType<typeof regionsQuerySchema>>;

export const RegionOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** City names, largest first; only with ?cities=1 (the manual location choice). */
  cities: z.array(z.string()).optional(),
});
export type RegionOption = z.infer<typeof RegionOptionSchema>;

/** GET /api/regions.php -> regions per country code. */
export const RegionsResponseSchema = z.object({ regions: z.record(z.string(), z.array(RegionOptionSchema)) });
export type RegionsResponse = z.infer<typeof RegionsResponseSchema>;

export const InterestOptionSchema = z.object({ id: z.number().int(), slug: z.string(), icon: z.string(), name: z.string() });
export type InterestOption = z.infer<typeof InterestOptionSchema>;

/** GET /api/interests.php -> the interests with names in the request's language. */
export const InterestsResponseSchema = z.object({ interests: z.array(InterestOptionSchema) });
export type InterestsResponse = z.infer<typeof InterestsResponseSchema>;

/** GET /api/companyinfo.php -> the company behind the brand (SPEC.md §3) plus where members write for help. */
export const CompanyInfoSchema = CompanySchema.extend({ support_email: z.string() });
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;
