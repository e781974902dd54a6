import { NICHE_SLUGS } from '../constants';

/** Slug prefix of a niche 1..7 (SPEC.md §9); '' for niche 1 or anything out of range. */
export function nicheSlug(niche: number): string {
  return NICHE_SLUGS[niche - 1] ?? '';
}

/**
 * A lander slug's niche (SPEC.md §9: the niches' slug prefixes): `milf-amsterdam` is niche 6 in Amsterdam, `gay` niche
 * 7 anywhere. A slug without a known prefix keeps the brand's niche (null) and is the place as it is. Lets one brand
 * run a campaign per niche on its landers.
 */
export function nicheOfSlug(slug: string | undefined): { niche: number | null; rest: string | undefined } {
  if (!slug) return { niche: null, rest: slug };
  const lower = slug.toLowerCase();
  for (let i = 1; i < NICHE_SLUGS.length; i++) {
    const prefix = NICHE_SLUGS[i];
    if (lower === prefix) return { niche: i + 1, rest: undefined };
    if (lower.startsWith(`${prefix}-`)) return { niche: i + 1, rest: slug.slice(prefix.length + 1) || undefined };
  }
  return { niche: null, rest: slug };
}
