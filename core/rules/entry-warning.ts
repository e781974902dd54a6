import { ENTRY_WARNING_LAYOUT_COUNTRIES } from '../constants';

export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';

export interface EntryWarningInputs {
  loggedIn: boolean;
  /** The visitor confirmed the warning earlier (stored). */
  skipped: boolean;
  /** The brand's enable_site_entry_popup setting. */
  enabled: 'yes' | 'no';
  installedApp: boolean;
  /** The visitor's geo-IP country. */
  country: string | null;
  /** The brand's countries. */
  countries: readonly string[];
  layout: LayoutName;
  /** Route names that never show it (complete-signup, reset-password screens). */
  suppressedByRoute?: boolean;
}

/** Site-entry warning rules of SPEC.md §2. */
export function shouldShowEntryWarning(i: EntryWarningInputs): boolean {
  if (i.loggedIn || i.skipped || i.enabled === 'no' || i.installedApp || i.suppressedByRoute) return false;
  const allowed: readonly string[] = i.layout === 'default' ? i.countries : ENTRY_WARNING_LAYOUT_COUNTRIES;
  return i.country !== null && allowed.includes(i.country);
}
