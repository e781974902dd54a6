import { z } from 'zod';
import { CONTRACT_COOKIES, DEFAULT_UPSTREAM_COOKIES, ENGINE_COOKIES, LANGUAGES, MAX_AGE, MIN_AGE } from '../constants';
import { messagePricesByCurrency } from '../rules/message-price';
import { isOneLine } from '../rules/one-line';
import { DEFAULT_ANSWER_WAIT_MINUTES } from '../rules/ops-alerts';
import { CamPartnerSchema } from './cams';
import { CONTENT_PAGES, INFO_PAGE_TOKEN } from '../content-pages';
import { TenantPaymentsSchema } from './payments';
import { MarketOverridesSchema, overrideLoosenings } from '../markets/tighten';
import { entityMismatches } from '../data/companies';

const country = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2, upper case');
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour');
const yesNo = z.enum(['yes', 'no']);
/**
 * A brand's own text: one string, or one per language (resolved by core/rules/brand-text.ts: the page's language,
 * else the domain language). The settings a page receives carry the resolved string.
 */
const brandText = (min = 0) =>
  z.union([
    z.string().min(min),
    z.partialRecord(z.enum(LANGUAGES), z.string().min(min)).refine((texts) => Object.keys(texts).length > 0, 'at least one language'),
  ]);

/** The Settings object of SPEC.md §3 as a brand configures it (the geo-IP fields are added per request). */
export const BrandSettingsSchema = z.strictObject({
  // name, domain and mail_name go into mail headers (subject, From): one line each (issue 42).
  name: z.string().min(1).refine(isOneLine, 'a line break or control character'),
  domain: z.string().min(3).refine(isOneLine, 'a line break or control character'),
  domain_language: z.string().min(2),
  cdn_prefix: z.string().min(1),
  niche: z.number().int().min(1).max(7),
  description: brandText(),
  index_title: brandText(),
  countries: z.array(country).min(1),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  search_fields: z.array(z.string()),
  message_credits: z.number().int().min(0),
  photo_credits: z.number().int().min(0),
  gift_credits: z.number().int().min(0),
  signup_credits: z.number().int().min(0),
  message_length: z.number().int().min(1).max(5000),
  minimum_message_costs: z.record(country, z.object({ costs: z.number().min(0), currency: z.string().length(3) })),
  support_email: z.email(),
  support_phone: z.string(),
  push_public_key: z.string(),
  enable_site_entry_popup: yesNo,
  fictional_icon: z.string().min(1),
  fictional_warning: brandText(1),
  fictional_singular: brandText(1),
  fictional_plural: brandText(1),
  refund_days: z.number().int().min(0),
  signups: z.string().min(1),
  logged_out_search: z.string().min(1),
  logged_out_search_trafficsource: yesNo,
  member_resell: yesNo,
  /** The legal entity that operates the brand: an id of core/data/companies.ts, whose identity `company` repeats. */
  company_id: z.number().int(),
  mail_name: z.string().min(1).refine(isOneLine, 'a line break or control character'),
});
export type BrandSettings = z.infer<typeof BrandSettingsSchema>;

export const CompanySchema = z.strictObject({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().min(0).max(100),
  added: z.iso.datetime(),
});
export type Company = z.infer<typeof CompanySchema>;

/** What makes a brand look like itself. Colours override the theme's CSS variables. */
export const BrandLookSchema = z.strictObject({
  logo_text: z.string().min(1),
  /** The installed app's name under its icon: launchers cut longer names ("ReifeKontakt…"), so 12 at most. */
  short_name: z.string().trim().min(1).max(12),
  tagline: brandText(),
  colors: z.strictObject({ primary: colour, secondary: colour }),
  /**
   * No longer decides anything: the 18 U.S.C. 2257 statement follows the visitor's country (core/markets, issue 45
   * item 1). Kept so existing tenant files parse.
   */
  show_us_footer: z.boolean().default(false),
});

const ENGINE_OR_CONTRACT = new Set<string>([...ENGINE_COOKIES, ...CONTRACT_COOKIES]);

/** One file in tenants/ is one brand. */
/** tenant.age_assurance: Yoti's Age Verification API (docs/api/age-assurance.md, "Yoti"). */
export const AgeAssuranceSettingsSchema = z.strictObject({
  provider: z.literal('yoti'),
  /** The SDK ID from the Yoti Hub (sent as Yoti-SDK-Id; a UUID, as Yoti's API reference gives its pattern). */
  sdk_id: z.uuid(),
  /** The Worker secret holding the API key from the Yoti Hub (sent as a bearer token). */
  api_key_secret: z.string().regex(/^[A-Z][A-Z0-9_]{2,63}$/),
  /**
   * Yoti's public key for the notifications' RSA-PSS signature (PEM, not a secret); unset: the key Yoti publishes on
   * its notifications page (worker/age/yoti/signature.ts).
   */
  notification_public_key: z.string().includes('BEGIN PUBLIC KEY').optional(),
  /** Where Yoti's API and hosted page are; tests point it at a local stand-in. */
  api_base: z.url({ protocol: /^https?$/ }).default('https://age.yoti.com'),
  /**
   * Years added to the market's minimum age for facial age estimation only (Yoti recommends a threshold above the
   * barrier for estimation, and the exact age for a document): 18 + 7 = 25, the Challenge 25 buffer.
   */
  estimation_buffer: z.int().min(0).max(10).default(7),
});

export const TenantSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/),
    /** Production hosts; `www.` variants and `<id>.localhost` resolve too. */
    hosts: z.array(z.string().regex(/^[a-z0-9.-]+$/)).min(1),
    /**
     * Whether the button of a notification mail logs the member in through a single-use link valid 15 minutes
     * (issue 18). Off by default: a forwarded mail would open the account; without it the button leads to the page,
     * and a member without a session logs in first.
     */
    mail_login_links: z.boolean().default(false),
    /** When set, /api/*.php is forwarded to this origin instead of the built-in API. */
    upstream_api: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * Proxy mode only: whether the backend offers the live socket at /api/live.php ('websocket': the Worker forwards
     * it) or not ('polling': the client reloads chats.php at the user refresh's interval, SPEC.md §9).
     */
    upstream_live: z.enum(['websocket', 'polling']).optional(),
    /**
     * Proxy mode only: the names of the cookies the backend itself sets (its session and the like). Only these and
     * the contract's (CONTRACT_COOKIES) go to the backend, and only these may its Set-Cookie answers set; the
     * engine's own cookies never cross (docs/api/proxy-mode.md).
     */
    upstream_cookies: z
      .array(
        z
          .string()
          .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a cookie name')
          .refine(
            (name) => !ENGINE_OR_CONTRACT.has(name.toLowerCase()),
            "a cookie of the engine's own or the contract's, not the backend's",
          ),
      )
      .max(20)
      .default([...DEFAULT_UPSTREAM_COOKIES]),
    /**
     * Local and test builds only (never served where APP_ENV is production): a brand that exists to be another
     * brand's upstream on this machine, e.g. proxydemo-origin behind proxydemo.
     */
    local_only: z.boolean().default(false),
    /**
     * The D1 binding that holds this brand's data (wrangler.toml `[[d1_databases]]`), e.g. 'DB_VELVET'. Staff
     * accounts and their sessions always live in the default 'DB' (docs/decisions/009-one-database-per-brand.md).
     */
    database: z
      .string()
      .regex(/^DB(_[A-Z0-9]+)*$/, 'a D1 binding name such as DB or DB_VELVET')
      .default('DB'),
    languages: z.array(z.enum(LANGUAGES)).min(1),
    look: BrandLookSchema,
    settings: BrandSettingsSchema,
    company: CompanySchema,
    /** Credit bundles per currency, payment methods per country and the payment provider (core/schemas/payments.ts). */
    payments: TenantPaymentsSchema,
    /**
     * The ages the brand is about (a mature brand: 40-99): members' default age bands are moved inside it and a
     * visitor's home feed shows it (core/rules/relevance.ts, issue 46 item 1). Without it: everyone, 18-99.
     */
    age_band: z
      .strictObject({ min: z.number().int().min(MIN_AGE).max(MAX_AGE), max: z.number().int().min(MIN_AGE).max(MAX_AGE) })
      .refine((band) => band.min <= band.max, 'min is at most max')
      .optional(),
    /** The brand's cam partner, for the cam-profile listing at /cams (core/schemas/cams.ts); without one there is none. */
    cams: CamPartnerSchema.optional(),
    /**
     * The brand's age-assurance provider in production (issue 45 item 2, worker/age/provider.ts; without one a check
     * cannot start there). Worker secret NAMES only, like payments.verotel.signature_key_secret.
     */
    age_assurance: AgeAssuranceSettingsSchema.optional(),
    /**
     * The brand's own information pages at /pages/{token} (an Impressum, safety tips...): per language a title and a
     * body in the pages' text format ('## ' headings, '- ' lists, **bold**, [label](/path), {{company}} and the other
     * placeholders of worker/content/pages-routes.ts). A language without its own text shows the brand's first one.
     */
    info_pages: z
      .record(
        z
          .string()
          .regex(INFO_PAGE_TOKEN)
          .refine((token) => !(CONTENT_PAGES as readonly string[]).includes(token), 'a built-in page name'),
        z
          .partialRecord(z.enum(LANGUAGES), z.strictObject({ title: z.string().min(1).max(120), body: z.string().min(1).max(50_000) }))
          .refine((texts) => Object.keys(texts).length > 0, 'at least one language'),
      )
      .default({}),
    /**
     * The brand's own, stricter market rules per country ('*': every country), over the law's table in
     * core/markets/rules.ts. Anything looser than the law is refused with the reason (docs/compliance.md).
     */
    market_rules: MarketOverridesSchema,
    /**
     * The operations alert (issue 48 item 8, core/rules/ops-alerts.ts): the owners get a mail when a member's message
     * has waited longer than this for an answer in the staff queue.
     */
    answer_wait_alert_minutes: z.number().int().min(1).max(1440).default(DEFAULT_ANSWER_WAIT_MINUTES),
  })
  .superRefine((tenant, ctx) => {
    for (const { path, message } of overrideLoosenings(tenant.market_rules)) {
      ctx.addIssue({ code: 'custom', path: ['market_rules', ...path], message: `looser than the law: ${message}` });
    }
    // A "vanaf" price lower than the packages allow would promise a message nobody can buy (issue 17, item 1).
    if (tenant.upstream_api && !tenant.upstream_live) {
      ctx.addIssue({
        code: 'custom',
        path: ['upstream_live'],
        message: "a brand in proxy mode says whether its backend offers the live socket: 'websocket' or 'polling'",
      });
    }
    // The trader a member sees is the registered entity of company_id, the same on every brand of that company.
    for (const { field, message } of entityMismatches(tenant.settings.company_id, tenant.company)) {
      ctx.addIssue({ code: 'custom', path: field === 'company_id' ? ['settings', 'company_id'] : ['company', field], message });
    }
    const { settings, payments } = tenant;
    const cheapest = messagePricesByCurrency(payments, settings.message_credits);
    for (const [country, { costs, currency }] of Object.entries(settings.minimum_message_costs)) {
      const path = ['settings', 'minimum_message_costs', country];
      const sold = payments.countries[country]?.currency;
      if (sold && sold !== currency) {
        ctx.addIssue({ code: 'custom', path, message: `${country} pays in ${sold}, not ${currency}` });
        continue;
      }
      const cents = cheapest[currency];
      if (cents !== undefined && Math.round(costs * 100) < cents) {
        ctx.addIssue({
          code: 'custom',
          path,
          message:
            `${costs.toFixed(2)} ${currency} is lower than the cheapest message the packages allow: ` +
            `${settings.message_credits} credits at the lowest price per credit = ${(cents / 100).toFixed(2)} ${currency}`,
        });
      }
    }
  });
export type TenantInput = z.input<typeof TenantSchema>;
export type Tenant = z.infer<typeof TenantSchema>;
