import { onHistoryMove, RouterLink, setAddress } from './history';
import { useSetAtom, useStore } from 'jotai';
import { useEffect, type AnchorHTMLAttributes } from 'react';
import { canSearchLoggedOut } from '../core/rules/visitor';
import { routeAtom, settingsAtom, trafficSourceAtom, userAtom } from './state/atoms';
import { matchRoute } from '../core/router';
import { ROUTE_ALIASES, visitorMayOpen } from '../core/routes';

type Store = ReturnType<typeof useStore>;

/**
 * Client-side navigation: known routes change in place, anything else (and guarded routes the visitor may not
 * open) is a real page load, so the server's answer stays the single source of truth.
 */
export function navigate(store: Store, href: string, replace = false): void {
  const url = new URL(href, location.href);
  const here = url.origin === location.origin;
  const user = store.get(userAtom);
  // A member's home is the members' area (issue 18 item 12; the server answers `/` the same way).
  if (here && url.pathname === '/' && user) url.pathname = '/members';
  if (here && ROUTE_ALIASES[url.pathname]) url.pathname = ROUTE_ALIASES[url.pathname];
  const matched = here ? matchRoute(url.pathname) : null;
  const blocked =
    matched && !user && !visitorMayOpen(matched.def, canSearchLoggedOut(store.get(settingsAtom), store.get(trafficSourceAtom)));
  if (!matched || blocked || matched.def.layout === 'lander') {
    location.assign(url.href);
    return;
  }
  setAddress(url, replace);
  store.set(routeAtom, { name: matched.def.name, params: matched.params, path: url.pathname, search: url.search });
}

/** Keeps the route atom in step with the back and forward buttons. */
export function useHistorySync(): void {
  const setRoute = useSetAtom(routeAtom);
  useEffect(
    () =>
      onHistoryMove(() => {
        const matched = matchRoute(location.pathname);
        if (!matched) return location.reload();
        setRoute({ name: matched.def.name, params: matched.params, path: location.pathname, search: location.search });
      }),
    [setRoute],
  );
}

/** A link of the member site (client/history.tsx): known routes open in place through navigate. */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const store = useStore();
  return <RouterLink go={(href) => navigate(store, href)} {...props} />;
}
