import type { Label } from './label';

/** A stored interest (its slug, e.g. "anal_sex") in words: "Anal sex", "Anale seks". */
export function interestWords(slug: string, label: Label): string {
  return label(`value.interest.${slug}`, slug.replace(/_/g, ' '));
}
