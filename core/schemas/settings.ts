import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { BrandSettingsSchema, CompanySchema } from './tenant';

/** GET /api/settings.php: the brand's settings plus the visitor's geo-IP country. */
export const SettingsSchema = BrandSettingsSchema.extend({
  // The brand's texts resolved for the page's language (worker/brand-settings.ts).
  description: z.string(),
  index_title: z.string(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  geoip_country: z.string(),
  geoip_selected_country: z.string(),
  /** Not part of the PHP contract: what the client needs to draw the brand. */
  brand: z.object({
    id: z.string(),
    logo_text: z.string(),
    tagline: z.string(),
    colors: z.object({ primary: z.string(), secondary: z.string() }),
    /** Whether the 18 U.S.C. 2257 statement applies to this visitor: decided from their country (core/markets). */
    show_us_footer: z.boolean(),
    /** Whether the footer links "Verträge hier kündigen" (§ 312k BGB): the visitor's country's market rule says so. */
    cancellation_path: z.boolean(),
    languages: z.array(z.string()),
    /** The brand's cam partner, when it has one (the cam listing at /cams). */
    cam_partner: z.string().nullable(),
    /** How live events arrive: the WebSocket at /api/live.php, or polling chats.php (a proxied backend without one). */
    live: z.enum(['websocket', 'polling']),
    /** The brand's own information pages (/pages/{token}) with their titles per language, for the footer. */
    info_pages: z.array(z.object({ token: z.string(), titles: z.partialRecord(z.enum(LANGUAGES), z.string()) })),
    /** The company behind the brand (tenant file), in the footer and at the checkout: who takes the member's money. */
    company: CompanySchema.pick({ name: true, address: true, city: true, country: true, kvk: true, vat_numbers: true }),
    /** Who handles the payments (tenant file), for "secure payment through ..." (local mode's sandbox stands in for it). */
    payment_provider: z.enum(['sandbox', 'verotel', 'ccbill', 'sepa']),
  }),
});
export type Settings = z.infer<typeof SettingsSchema>;
