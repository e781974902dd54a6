import { z } from 'zod';

// Brands made in the staff workspace (issue 48 items 3-5, docs/decisions/019-brands-in-d1.md). The settings object
// is a tenant file's default export without `id`, `hosts` and `database` (those are the brand row's and its hosts'),
// validated by the same TenantSchema as the files (worker/brands/brand-settings.ts).

/** A brand's id: the tenant id; `-preview` is the preview host's suffix, so no id ends with it. */
export const BrandIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,30}$/)
  .refine((id) => !id.endsWith('-preview'), 'validation.invalid');
/** A D1 binding of the deployment (wrangler.toml), as the tenant schema names them. */
export const DatabaseBindingSchema = z.string().regex(/^DB(_[A-Z0-9]+)*$/);
/** A host name as the browser sends it, lower case, no port. */
export const HostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/);

const settings = z.record(z.string(), z.unknown());
const note = z.string().trim().max(200).optional();

export const BrandCreateSchema = z.object({
  id: BrandIdSchema,
  settings,
  /** The database from the pool; without it, the smallest. */
  database: DatabaseBindingSchema.optional(),
  note,
});
export const BrandEditSchema = z.object({ id: BrandIdSchema, settings, note });
export const BrandQuerySchema = z.object({ id: BrandIdSchema });
/** Go live with a version (the newest without one), or roll back to an older one. */
export const BrandVersionRefSchema = z.object({ id: BrandIdSchema, version: z.number().int().min(1).optional() });
export const BrandRollbackSchema = z.object({ id: BrandIdSchema, version: z.number().int().min(1) });
export const BrandHostAddSchema = z.object({ id: BrandIdSchema, host: HostNameSchema, method: z.enum(['http', 'txt']).default('http') });
export const BrandHostRemoveSchema = z.object({ id: BrandIdSchema, host: HostNameSchema });

export const BrandHostSchema = z.object({
  host: z.string(),
  kind: z.enum(['live', 'preview']),
  provider: z.string(),
  status: z.enum(['pending', 'active', 'failed']),
  ssl_status: z.string().nullable(),
  /** What the partner publishes to prove the host: a TXT record or a file served over HTTP. */
  verification: z.object({ type: z.enum(['txt', 'http']), name: z.string(), value: z.string() }).nullable(),
  checked_at: z.string().nullable(),
});

export const BrandSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['draft', 'live']),
  database: z.string(),
  live_version: z.number().int().nullable(),
  latest_version: z.number().int(),
  hosts: z.array(z.string()),
  updated_at: z.string(),
});

export const BrandDatabaseSchema = z.object({ binding: z.string(), brands: z.number().int(), size_bytes: z.number().nullable() });

export const BrandsResponseSchema = z.object({
  brands: z.array(BrandSummarySchema),
  /** The deployment's bound databases (the pool a new brand takes its database from). */
  databases: z.array(BrandDatabaseSchema),
  /** The brands of the tenant files (they win over a runtime brand of the same id or host). */
  file_brands: z.array(z.string()),
  /** A file brand's settings, the starting point of a new brand's form. */
  template: z.record(z.string(), z.unknown()),
});

export const BrandDetailSchema = BrandSummarySchema.extend({
  /** The newest version's settings (what the preview host serves). */
  settings: z.record(z.string(), z.unknown()),
  versions: z.array(
    z.object({ version: z.number().int(), note: z.string().nullable(), created_at: z.string(), created_by: z.string().nullable() }),
  ),
  host_details: z.array(BrandHostSchema),
  /** Where the newest version can be seen before it goes live. */
  preview_host: z.string(),
});
export type BrandDetail = z.infer<typeof BrandDetailSchema>;
export type BrandSummary = z.infer<typeof BrandSummarySchema>;
export type BrandHost = z.infer<typeof BrandHostSchema>;
