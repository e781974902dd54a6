/** Whom a member looks for by default, from their own gender and sexuality (bi members start with the other sex). */
export function lookingFor(gender: 'male' | 'female', sexuality: string): 'male' | 'female' {
  if (sexuality === 'gay') return 'male';
  if (sexuality === 'lesbian') return 'female';
  return gender === 'male' ? 'female' : 'male';
}

/** The country a search starts in: the member's own when the brand serves it, else the brand's geo-IP choice. */
export function startCountry(own: string | null, brandCountries: readonly string[], geoipSelected: string): string {
  return own && brandCountries.includes(own) ? own : geoipSelected;
}
