import { useSyncExternalStore } from 'react';
import { routeMatcher } from '../../../core/route-matcher';
import { onHistoryMove, setAddress } from '../../history';

// The workspace's route table, read by the member app's router machinery (core/route-matcher.ts; links, history
// entries and the back button from client/history.tsx). The workspace keeps the current address in React state of
// its own (no jotai): it has no server-rendered route to start from.

// Ids are unique per brand database only (decision 009), so a conversation's or member's address names its brand.
const BRAND = '([a-z0-9-]{1,40})';
const ID = '(\\d{1,12})';

const STAFF_ROUTES = [
  { name: 'queue', path: '/staff' },
  { name: 'login', path: '/staff/login' },
  { name: 'setup', path: '/staff/setup' },
  { name: 'conversation', path: `/staff/c/:brand${BRAND}/:id${ID}` },
  { name: 'profiles', path: '/staff/profiles' },
  { name: 'first', path: '/staff/first' },
  { name: 'figures', path: '/staff/figures' },
  { name: 'dashboard', path: '/staff/dashboard' },
  { name: 'audit', path: '/staff/audit' },
  { name: 'sessions', path: '/staff/sessions' },
  { name: 'members', path: '/staff/members' },
  { name: 'member', path: `/staff/members/:brand${BRAND}/:id${ID}` },
  { name: 'codes', path: '/staff/codes' },
  { name: 'news', path: '/staff/news' },
  { name: 'traffic', path: '/staff/traffic' },
  { name: 'operations', path: '/staff/operations' },
  { name: 'moderation', path: '/staff/moderation' },
  { name: 'brands', path: '/staff/brands' },
] as const;

type Plain = Exclude<(typeof STAFF_ROUTES)[number]['name'], 'setup' | 'conversation' | 'member'>;

/** The workspace's screens, by path under /staff. */
export type StaffRoute =
  | { name: Plain }
  | { name: 'setup'; token: string }
  | { name: 'conversation' | 'member'; brand: string; id: number }
  | { name: 'not_found' };

const match = routeMatcher(STAFF_ROUTES);

export function matchStaffRoute(pathname: string, search: string): StaffRoute {
  const matched = match(pathname.replace(/\/+$/, '') || '/staff');
  if (!matched) return { name: 'not_found' };
  const { name } = matched.def;
  if (name === 'conversation' || name === 'member') return { name, brand: matched.params.brand, id: Number(matched.params.id) };
  if (name === 'setup') return { name, token: new URLSearchParams(search).get('token') ?? '' };
  return { name };
}

/** Tells the workspace's useLocation of a navigation in the page (the back and forward buttons tell it themselves). */
const moved = new Set<() => void>();
const subscribe = (onChange: () => void) => {
  moved.add(onChange);
  const stop = onHistoryMove(onChange);
  return () => {
    moved.delete(onChange);
    stop();
  };
};
const currentUrl = () => location.pathname + location.search;

/** The current address; re-renders on navigation (links, back and forward). */
export function useLocation(): { pathname: string; search: string } {
  const url = new URL(useSyncExternalStore(subscribe, currentUrl), location.origin);
  return { pathname: url.pathname, search: url.search };
}

/** Client-side navigation inside the workspace (one page, no reload). */
export function navigate(to: string, { replace = false } = {}): void {
  if (to === currentUrl()) return;
  setAddress(new URL(to, location.href), replace);
  for (const onChange of moved) onChange();
}
