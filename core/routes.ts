import type { LayoutName } from './rules/entry-warning';

// The route table of the member site, shared by the worker (SSR: which page, its guard) and the client (navigation).

/** 'search': members, and visitors where the brand lets visitors search (SPEC.md §6, core/rules/visitor.ts). */
export type Guard = 'none' | 'member' | 'visitor' | 'search';

/** Whether a visitor (no session) may open a route; `visitorMaySearch` is SPEC.md §6's search rule for this visitor. */
export function visitorMayOpen(def: RouteDef, visitorMaySearch: boolean): boolean {
  return def.guard !== 'member' && (def.guard !== 'search' || visitorMaySearch);
}

export interface RouteDef<Name extends string = string> {
  name: Name;
  /** `:param`, `:param?` (optional), `:param(regex)`: segments are matched whole. */
  path: string;
  layout: LayoutName;
  guard: Guard;
  /** Part of SPEC.md §2's members area (time-bonus modal, etc.). */
  membersArea?: boolean;
  /** Routes on which the site-entry warning never shows (SPEC.md §2). */
  noEntryWarning?: boolean;
}

// Constraints must not contain '/' (paths are split on it).
const NAME = '([\\w-]{1,64})';
const ID = '(\\d{1,12})';

// The route table of SPEC.md §2. Order matters only where two patterns could both match.
export const ROUTES = [
  { name: 'index', path: '/', layout: 'default', guard: 'none' },
  { name: 'login', path: '/login', layout: 'default', guard: 'visitor' },
  { name: 'signup', path: '/signup', layout: 'default', guard: 'visitor' },
  { name: 'signup-matches', path: '/signup-matches', layout: 'empty', guard: 'none' },
  { name: 'complete-signup', path: '/complete-signup', layout: 'default', guard: 'none', noEntryWarning: true },
  { name: 'account-deleted', path: '/account-deleted', layout: 'default', guard: 'none' },
  { name: 'activate-done', path: '/activate/done', layout: 'default', guard: 'none' },
  { name: 'activate-error', path: '/activate/error', layout: 'default', guard: 'none' },
  { name: 'reset-password', path: '/reset-password', layout: 'default', guard: 'none', noEntryWarning: true },
  { name: 'reset-password-do', path: '/reset-password/do', layout: 'default', guard: 'none', noEntryWarning: true },
  { name: 'mail-change-do', path: '/mail-change/do', layout: 'default', guard: 'none' },
  { name: 'members', path: '/members', layout: 'default', guard: 'search', membersArea: true },
  { name: 'members-id-chat', path: `/members/:id${ID}/chat`, layout: 'default', guard: 'none' },
  { name: 'members-id-landing', path: `/members/:id${ID}/landing`, layout: 'empty', guard: 'none' },
  { name: 'members-id-signup', path: `/members/:id${ID}/signup`, layout: 'empty', guard: 'none' },
  { name: 'members-id-landing2', path: `/members/:id${ID}/landing2/:slug?${NAME}`, layout: 'empty', guard: 'none' },
  { name: 'members-id-landing3', path: `/members/:id${ID}/landing3/:slug?${NAME}`, layout: 'empty', guard: 'none' },
  { name: 'members-id', path: `/members/:id${ID}`, layout: 'default', guard: 'none', membersArea: true },
  { name: 'likes', path: '/likes', layout: 'default', guard: 'member', membersArea: true },
  { name: 'likes-m-id', path: `/likes/m/:id${ID}`, layout: 'default', guard: 'member', membersArea: true },
  { name: 'likes-type', path: '/likes/:type(received|given|matches)', layout: 'default', guard: 'member', membersArea: true },
  { name: 'chats', path: '/chats', layout: 'chat', guard: 'member', membersArea: true },
  { name: 'chats-id', path: `/chats/:id${ID}`, layout: 'chat', guard: 'member', membersArea: true },
  { name: 'credits', path: '/credits', layout: 'default', guard: 'member' },
  { name: 'credits-repeat-order', path: '/credits/repeat-order', layout: 'default', guard: 'member' },
  { name: 'credits-id-paymentmethod', path: `/credits/:id${ID}/:paymentmethod?([a-z_-]{1,32})`, layout: 'default', guard: 'member' },
  { name: 'directdebit', path: '/directdebit', layout: 'default', guard: 'member' },
  { name: 'transactions-id', path: '/transactions/:id?([A-Za-z0-9_-]{1,64})', layout: 'default', guard: 'member' },
  { name: 'premium', path: '/premium', layout: 'default', guard: 'none', membersArea: true },
  { name: 'pricing', path: '/pricing', layout: 'default', guard: 'none' },
  { name: 'profile', path: '/profile', layout: 'default', guard: 'member' },
  { name: 'notifications', path: '/notifications', layout: 'default', guard: 'member' },
  // "Verträge hier kündigen" (§ 312k BGB, issue 45): identify, then "Jetzt kündigen"; confirmed by mail.
  { name: 'cancel-contracts', path: '/cancel-contracts', layout: 'default', guard: 'none' },
  // The highly effective age check a market rule may ask before a chat, a private photo or a payment (issue 45).
  { name: 'age-check', path: '/age-check', layout: 'default', guard: 'member' },
  // Statements of reasons and the appeal against them (DSA Art. 17, 20; issue 45): the statement mail links here.
  { name: 'appeals', path: '/appeals', layout: 'default', guard: 'member' },
  { name: 'match-finder', path: '/match-finder', layout: 'default', guard: 'member' },
  { name: 'swipe-game', path: '/swipe-game', layout: 'default', guard: 'member' },
  // The brand's cam partner's performers (worker/cams); a brand without a partner answers 404 (worker/app.ts).
  { name: 'cams', path: '/cams', layout: 'default', guard: 'none' },
  { name: 'lang-config', path: '/lang-config', layout: 'empty', guard: 'none' },
  { name: 'complaints', path: '/complaints', layout: 'default', guard: 'none' },
  { name: 'pages-terms', path: '/pages/terms', layout: 'default', guard: 'none' },
  { name: 'pages-privacy', path: '/pages/privacy', layout: 'default', guard: 'none' },
  { name: 'pages-cookies', path: '/pages/cookies', layout: 'default', guard: 'none' },
  { name: 'pages-ban', path: '/pages/ban', layout: 'default', guard: 'none' },
  { name: 'pages-return-policy', path: '/pages/return-policy', layout: 'default', guard: 'none' },
  { name: 'pages-faq', path: '/pages/faq', layout: 'default', guard: 'none' },
  { name: 'pages-service', path: '/pages/service', layout: 'default', guard: 'none' },
  { name: 'pages-accessibility', path: '/pages/accessibility', layout: 'default', guard: 'none' },
  // A brand's own information pages (tenant info_pages); after the built-in ones, so those always win.
  { name: 'pages-token', path: '/pages/:token([a-z0-9][a-z0-9-]{1,39})', layout: 'default', guard: 'none' },
  { name: 'landers-tinderswipe', path: '/landers/tinderswipe', layout: 'lander', guard: 'none' },
  {
    name: 'landers-variant',
    path: '/landers/:variant(alonetonight|collagelanding|gallery|iconslanding|maplanding|socialnetwork|transitionsvideolanding|video)/:slug?([a-z0-9-]{1,64})',
    layout: 'lander',
    guard: 'none',
  },
] as const satisfies readonly RouteDef[];

/**
 * Addresses people type that name a page by another word (issue 46, item 6): the settings live at /notifications
 * (SPEC.md §2's route name), but "/settings" is what a member guesses. Answered with a permanent redirect (the
 * worker) or followed in place (client navigation).
 */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/settings': '/notifications',
  // SPEC.md §2: "the auth callback goes to login".
  '/auth/callback': '/login',
};

/** The name of a route of the table: a typo in a route name is a type error. */
export type RouteName = (typeof ROUTES)[number]['name'];

/** Routes on which the installed-app back button appears (SPEC.md §2). Strings for the callers, checked against the table. */
export const BACK_BUTTON_ROUTES: readonly string[] = [
  'members-id',
  'likes-type',
  'likes-m-id',
  'credits',
  'credits-id-paymentmethod',
] satisfies RouteName[];

/** Route names that make up the members area (SPEC.md §2). */
export const MEMBERS_AREA: readonly string[] = ROUTES.filter((r: RouteDef<RouteName>) => r.membersArea).map((r) => r.name);
