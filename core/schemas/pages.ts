import { z } from 'zod';
import { LANGUAGES, type Language } from '../constants';

// GET /api/pages.php: the long texts of the information pages (SPEC.md §2) and of the premium and pricing pages, in
// one language. The body is a small markdown-like text ('## ' headings, '- ' lists, **bold**, [label](/path)) with
// {{placeholders}} that the client fills from `values` inside text nodes, so no value can change the structure.

export const INFO_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service'] as const;
export const CONTENT_PAGES = [...INFO_PAGES, 'premium', 'pricing'] as const;
export type ContentPageName = (typeof CONTENT_PAGES)[number];

/**
 * A brand's own information pages ({token} of SPEC.md §2, e.g. 'impressum'): /pages/{token}, written per language
 * in the tenant file (core/schemas/tenant.ts info_pages), in the same text format as the built-in pages.
 */
export const INFO_PAGE_TOKEN = /^[a-z0-9][a-z0-9-]{1,39}$/;
/** A page name: a built-in page or a brand page's token. */
export type PageName = ContentPageName | (string & {});

export const PageQuerySchema = z.object({
  page: z.union([z.enum(CONTENT_PAGES), z.string().regex(INFO_PAGE_TOKEN)], { message: 'validation.invalid' }),
  lang: z.enum(LANGUAGES, { message: 'validation.language' }).optional(),
});

export const PageTextSchema = z.object({
  page: z.string(),
  language: z.enum(LANGUAGES),
  title: z.string(),
  body: z.string(),
  /** Brand, company and price values for the placeholders, already formatted for the language. */
  values: z.record(z.string(), z.string()),
  /** ISO date of the terms' version (terms only). */
  version_date: z.string().nullable(),
});
export type PageText = z.infer<typeof PageTextSchema>;

/** The one URL both the server loader and the screen use, so the server's answer is SWR's first value. */
export function pageTextUrl(page: PageName, language: Language): string {
  return `/api/pages.php?page=${page}&lang=${encodeURIComponent(language)}`;
}

export const COMPANY_INFO_URL = '/api/companyinfo.php';
