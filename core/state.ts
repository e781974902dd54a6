import type { Language } from './constants';
import type { LayoutName } from './rules/entry-warning';
import type { Settings } from './schemas/settings';
import type { User } from './schemas/user';

/** A message catalogue: nested keys, i18next format. */
export type Catalogue = { [key: string]: string | Catalogue };

export interface RouteMatch {
  name: string;
  params: Record<string, string>;
  path: string;
  search: string;
}

/**
 * Everything the server rendered with, serialized once into the page so the browser hydrates the same tree.
 * `fallback` is SWR's cache keyed by API URL.
 */
export interface InitialState {
  settings: Settings;
  user: User | null;
  language: Language;
  catalogue: Catalogue;
  /** `catalogue` holds only the entry bundle's keys: where the rest is (client/i18n.ts). */
  catalogueUrl: string;
  country: string | null;
  /** The brand's countries' names in `language` (client/lib/country-name.ts). */
  countryNames: Record<string, string>;
  route: RouteMatch;
  layout: LayoutName;
  entryWarning: boolean;
  installedApp: boolean;
  /** A traffic source (network, ref, sub1-3 from a landing URL) is stored for this visitor. */
  hasTrafficSource: boolean;
  fallback: Record<string, unknown>;
  /** Set when the page is the error page. */
  error: { status: number; message?: string } | null;
}
