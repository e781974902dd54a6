/** SPEC.md §6 visitor rules, given the brand's settings and whether a traffic source is stored for the visitor. */
interface VisitorSettings {
  logged_out_search: string;
  logged_out_search_trafficsource: 'yes' | 'no';
  signups: string;
}

/** Search is allowed unless logged_out_search is 'none'; the traffic-source variant also needs a stored source. */
export function canSearchLoggedOut(s: VisitorSettings, hasTrafficSource: boolean): boolean {
  if (s.logged_out_search === 'none') return false;
  return s.logged_out_search_trafficsource !== 'yes' || hasTrafficSource;
}

/** Open signup: 'all', or 'with_trafficsource' when a source exists; anything else is invite-only. */
export function canSignUpOpenly(s: VisitorSettings, hasTrafficSource: boolean): boolean {
  return s.signups === 'all' || (s.signups === 'with_trafficsource' && hasTrafficSource);
}
