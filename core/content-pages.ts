import { apiUrl } from './api-urls';
import type { Language } from './constants';

// The information pages' names and the URLs of their texts: what the pages' client code needs, without the calls'
// zod schemas (core/schemas/pages.ts), which would bring classic zod into the browser.

export const INFO_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service', 'accessibility'] as const;
/** The date of the accessibility statement (issue 45, item 12): change it with the statement's text. */
export const ACCESSIBILITY_STATEMENT_DATE = '2026-11-29';
export const CONTENT_PAGES = [...INFO_PAGES, 'premium', 'pricing'] as const;
export type ContentPageName = (typeof CONTENT_PAGES)[number];

/**
 * A brand's own information pages ({token} of SPEC.md §2, e.g. 'impressum'): /pages/{token}, written per language
 * in the tenant file (core/schemas/tenant.ts info_pages), in the same text format as the built-in pages.
 */
export const INFO_PAGE_TOKEN = /^[a-z0-9][a-z0-9-]{1,39}$/;
/** A page name: a built-in page or a brand page's token. */
export type PageName = ContentPageName | (string & {});

/** The query of a page's text: the screen reads pages.php with it, the server loader fills pageTextUrl's key. */
export const pageTextQuery = (page: PageName, language: Language) => ({ page, lang: language });

/** The one URL both the server loader and the screen use, so the server's answer is SWR's first value. */
export function pageTextUrl(page: PageName, language: Language): string {
  return apiUrl('/api/pages.php', pageTextQuery(page, language));
}

export const COMPANY_INFO_URL = '/api/companyinfo.php';
