import { atom } from 'jotai';
import type { InitialState, RouteMatch } from '../../core/state';
import type { Settings } from '../../core/schemas/settings';
import type { ModalProfile } from '../../core/schemas/members';
import type { User } from '../../core/schemas/user';

// Atoms are set from the server's InitialState before the first render (see app-store.ts), so server and browser
// start from the same values.

export const settingsAtom = atom<Settings>(null as unknown as Settings);
export const userAtom = atom<User | null>(null);
export const routeAtom = atom<RouteMatch>({ name: 'index', params: {}, path: '/', search: '' });
export const countryAtom = atom<string | null>(null);
/** The brand's countries' names in the page's language (InitialState.countryNames). */
export const countryNamesAtom = atom<Record<string, string>>({});
export const installedAppAtom = atom(false);
export const trafficSourceAtom = atom(false);
export const entryWarningAtom = atom(false);
export const errorAtom = atom<InitialState['error']>(null);

/** Chat state counters of SPEC.md §3, filled by the chat and likes loaders. */
export const chatCountersAtom = atom({ unreadMessages: 0, newLikes: 0 });

/** Search state of SPEC.md §3; kept so returning to the search page restores it. */
export interface SearchState {
  gender: 'male' | 'female' | null;
  country: string | null;
  countryregion: string | null;
  min_age: number;
  max_age: number;
  didInit: boolean;
  results: { pageNumber: number; results: number[] }[];
  numResults: number;
  otherCachedProfiles: number[];
  similar: { results: { pageNumber: number; results: number[] }[]; numResults: number };
}
export const searchAtom = atom<SearchState>({
  gender: null,
  country: null,
  countryregion: null,
  min_age: 18,
  max_age: 99,
  didInit: false,
  results: [],
  numResults: 0,
  otherCachedProfiles: [],
  similar: { results: [], numResults: 0 },
});

/** Push state of SPEC.md §4 (unknown, capable, subscribed, denied), set by client/components/chat/push-client.ts. */
export const pushStateAtom = atom<'unknown' | 'capable' | 'subscribed' | 'denied'>('unknown');

/** Push state of SPEC.md §3. */
export const pushAtom = atom<{ isCapable: boolean; isSubscribed: boolean; lastMessage: unknown }>({
  isCapable: false,
  isSubscribed: false,
  lastMessage: null,
});

export const signupModalAtom = atom(false);
/** Why the signup dialog opened (a visitor's tap on like, message or gift): shown inside it, cleared on close. */
export const signupReasonAtom = atom<string | null>(null);
/** Set by the signup flow while a signup is in progress: the modal then ignores backdrop and Escape. */
export const signupLockedAtom = atom(false);
/**
 * The signup flow's last step told the member to confirm their e-mail in this page's life: the activation reminder
 * then does not open as a modal saying the same again (issue 46, item 6); its alert stays.
 */
export const checkEmailShownAtom = atom(false);
export const onlineAtom = atom(true);

/**
 * The new-like / match modal (SPEC.md §2 modal 3). A live event opens it with the profile; `{ profile: null }`
 * opens it empty, and it then loads a profile from /api/auto-like.php.
 */
export const likeModalAtom = atom<{ profile: ModalProfile | null; match: boolean } | null>(null);

/** The server's pre-loaded API answers (InitialState.fallback), keyed by URL: SWR's fallback in lazy screens. */
export const fallbackAtom = atom<Record<string, unknown>>({});
