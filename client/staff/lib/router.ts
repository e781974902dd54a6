import { useSyncExternalStore } from 'react';

/** The workspace's screens, by path under /staff. */
export type StaffRoute =
  | { name: 'login' }
  | { name: 'setup'; token: string }
  | { name: 'queue' }
  | { name: 'conversation'; brand: string; id: number }
  | { name: 'profiles' }
  | { name: 'first' }
  | { name: 'figures' }
  | { name: 'dashboard' }
  | { name: 'audit' }
  | { name: 'sessions' }
  | { name: 'members' }
  | { name: 'member'; brand: string; id: number }
  | { name: 'codes' }
  | { name: 'moderation' }
  | { name: 'not_found' };

export function matchStaffRoute(pathname: string, search: string): StaffRoute {
  const path = pathname.replace(/\/+$/, '') || '/staff';
  // Ids are unique per brand database only (decision 009), so a conversation's or member's address names its brand.
  const conversation = /^\/staff\/c\/([a-z0-9-]{1,40})\/(\d{1,12})$/.exec(path);
  if (conversation) return { name: 'conversation', brand: conversation[1], id: Number(conversation[2]) };
  const member = /^\/staff\/members\/([a-z0-9-]{1,40})\/(\d{1,12})$/.exec(path);
  if (member) return { name: 'member', brand: member[1], id: Number(member[2]) };
  if (path === '/staff/members') return { name: 'members' };
  switch (path) {
    case '/staff':
      return { name: 'queue' };
    case '/staff/login':
      return { name: 'login' };
    case '/staff/setup':
      return { name: 'setup', token: new URLSearchParams(search).get('token') ?? '' };
    case '/staff/profiles':
    case '/staff/first':
    case '/staff/figures':
    case '/staff/dashboard':
    case '/staff/audit':
    case '/staff/sessions':
    case '/staff/codes':
    case '/staff/moderation':
      return {
        name: path.slice('/staff/'.length) as
          | 'profiles'
          | 'first'
          | 'figures'
          | 'dashboard'
          | 'audit'
          | 'sessions'
          | 'codes'
          | 'moderation',
      };
    default:
      return { name: 'not_found' };
  }
}

const CHANGE = 'staff:navigate';
const subscribe = (onChange: () => void) => {
  addEventListener('popstate', onChange);
  addEventListener(CHANGE, onChange);
  return () => {
    removeEventListener('popstate', onChange);
    removeEventListener(CHANGE, onChange);
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
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  dispatchEvent(new Event(CHANGE));
  scrollTo(0, 0);
}
