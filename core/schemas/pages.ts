import { z } from 'zod';
import { CONTENT_PAGES, INFO_PAGE_TOKEN } from '../content-pages';
import { LANGUAGES } from '../constants';

// GET /api/pages.php: the long texts of the information pages (SPEC.md §2) and of the premium and pricing pages, in
// one language. The body is a small markdown-like text ('## ' headings, '- ' lists, **bold**, [label](/path)) with
// {{placeholders}} that the client fills from `values` inside text nodes, so no value can change the structure.

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
