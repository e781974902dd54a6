import { DEFAULT_TERMS_DATE } from '../constants';

/**
 * The version date of the terms (SPEC.md §3): the default date, or the company's `added` date when that is later
 * (a brand that joined later accepted the terms as they stood on that day). An unreadable date counts as absent.
 */
export function termsVersionDate(companyAdded: string | null | undefined): string {
  const base = Date.parse(DEFAULT_TERMS_DATE);
  const added = companyAdded ? Date.parse(companyAdded) : NaN;
  return new Date(Number.isFinite(added) && added > base ? added : base).toISOString();
}
