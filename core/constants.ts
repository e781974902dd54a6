// Business constants of SPEC.md §9, in one place. Imported by worker and client alike.

export const LANGUAGES = ['da', 'de', 'en', 'en-US', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';

/** Native names, shown in the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  'en-US': 'English (US)',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
};

/** Visible languages per country (SPEC.md §9). */
export const COUNTRY_LANGUAGES: Record<string, readonly Language[]> = {
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  FI: ['fi', 'sv'],
  NO: ['nb'],
  SE: ['sv'],
  US: ['en', 'es'],
};

export const COOKIE = {
  locale: 'i18n_redirected',
  session: 'auth',
  entryWarningSkipped: 'entry_ok',
  appMode: 'app_mode',
  knownDevice: 'known_device',
  bookmark: 'd1b',
  trafficSource: 'ts',
  /** The paid click that brought the visitor (issue 47, worker/tracking/clicks.ts). */
  clickId: 'tc',
} as const;

/** Cookies that are never a member's (so not in the cookie policy): the staff workspace's session, local mode's country. */
export const STAFF_SESSION_COOKIE = 'staff_session';
export const DEV_COUNTRY_COOKIE = 'dev_country';
export const LOCALE_COOKIE_DAYS = 365;

/**
 * Cookies the engine sets and reads itself on a brand's host (the staff session, the known-browser proof, the D1
 * read-your-writes bookmark, the local country override, the entry warning and app mode). A
 * brand's own backend in proxy mode never receives them and can never set them (docs/api/proxy-mode.md).
 */
export const ENGINE_COOKIES = [
  STAFF_SESSION_COOKIE,
  COOKIE.knownDevice,
  COOKIE.bookmark,
  DEV_COUNTRY_COOKIE,
  COOKIE.entryWarningSkipped,
  COOKIE.appMode,
] as const;

/**
 * Cookies of the PHP contract that the member's browser sends to the brand's API whoever serves it: the language
 * choice (SPEC.md §9) and the stored traffic source (SPEC.md §6's `with_trafficsource` signups). A backend in proxy
 * mode receives them but cannot set them; its own cookies are the tenant's `upstream_cookies`.
 */
export const CONTRACT_COOKIES = [COOKIE.locale, COOKIE.trafficSource] as const;

/** The backend's own cookies in proxy mode when its tenant file names none: the contract's session cookie. */
export const DEFAULT_UPSTREAM_COOKIES = [COOKIE.session] as const;
export const SESSION_DAYS = 30;

/** Niche 1..7 -> slug prefix (SPEC.md §9); niche 1 has none. */
export const NICHE_SLUGS = ['', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;

export const BADGE_CAP = 99;
export const LOW_CREDITS = 10;

export const USER_REFRESH_FIRST_MS = 5_000;
export const USER_REFRESH_MS = 60_000;
export const USER_REFRESH_PUSH_MS = 300_000;

export const TIME_BONUS = { code: 'TIMEBONUS25', percentage: 25, windowSeconds: 14_400, modalDelayMs: 40_000 } as const;

export const PHOTO_LIMIT = { free: 3, premium: 25 } as const;
export const SWIPE_LIKES_PER_DAY = 4;
export const FREE_CONVERSATIONS = 2;
export const ACCOUNT_RECOVERY_DAYS = 14;
export const MIN_AGE = 18;
export const MAX_AGE = 99;

export const HTTP_RETRIES = 5;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const GEOLOCATION_MAX_AGE_MS = 3_600_000;
export const AUTO_LIKE_RELOAD_MS = 500;
export const PROGRESS_BAR = { throttleMs: 200, durationMs: 5_000 } as const;
export const DESIGN_VERSION = 1;

/** Countries in which the chat, lander and empty layouts show the site-entry warning. */
export const ENTRY_WARNING_LAYOUT_COUNTRIES = ['NL', 'DE'] as const;

export const DEFAULT_TERMS_DATE = '2023-12-01T12:00:00Z';

/** The longest "about me" text, at signup, in the profile and in the staff's fictional profiles. */
export const ABOUT_MAX_LENGTH = 2000;

/** Cards per search page, and how far search counts and pages: every query then reads at most ~1 000 index rows. */
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_MAX_RESULTS = 960;
export const SEARCH_MAX_PAGE = SEARCH_MAX_RESULTS / SEARCH_PAGE_SIZE;
/** Fewer results than this on the first page bring "similar results" (wider age, whole country). */
export const SIMILAR_BELOW = 12;
