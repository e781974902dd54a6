import { NICHE_SLUGS } from '../constants';

/** Slug prefix of a niche 1..7 (SPEC.md §9); '' for niche 1 or anything out of range. */
export function nicheSlug(niche: number): string {
  return NICHE_SLUGS[niche - 1] ?? '';
}
