/**
 * What the staff workspace's page hands its client (worker/staff/pages.ts -> client/staff/entry.tsx): the brand of
 * the host, the workspace's language, and per brand the staff member works on what the screens need to show it.
 * Before login only the host's brand is listed, so the login page tells nobody which other brands exist.
 */
export interface StaffBrandInfo {
  id: string;
  name: string;
  /** The brand's site, for links to its pages (a member's profile) from another brand's host. */
  origin: string;
  /** Where the brand's photos are served (an image URL is this plus the image path): /staff/media/<id>/ for another brand. */
  cdn: string;
  /** The brand's fictional label, e.g. "⭐ Fantasieprofiel". */
  fictional: string;
  countries: string[];
  /**
   * A brand in proxy mode: its members and conversations live in its own backend, so the workspace answers them there.
   * The id of this deployment's brand that is that backend (locally proxydemo-origin), or null for a backend of its
   * own; absent for a brand the engine serves itself (docs/api/staff.md, "A brand in proxy mode").
   */
  proxy_backend?: string | null;
}

export type StaffLanguage = 'en' | 'nl';

export interface StaffBoot {
  brand: string;
  language: StaffLanguage;
  brands: StaffBrandInfo[];
}

/** The workspace speaks Dutch on a Dutch brand, English everywhere else. */
export function staffLanguage(domainLanguage: string): StaffLanguage {
  return domainLanguage.toLowerCase().startsWith('nl') ? 'nl' : 'en';
}
