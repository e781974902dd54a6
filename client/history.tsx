import type { AnchorHTMLAttributes, MouseEvent } from 'react';

// The browser side of both apps' routers, over their own route tables: the member app's (client/navigation.tsx,
// core/routes.ts) and the staff workspace's (client/staff/lib/router.ts). Links that navigate in place, the history
// entry of a navigation, and the back and forward buttons.

/** Puts `url` in the address bar, as a new history entry or in place of this one; at the top unless it names an anchor. */
export function setAddress(url: URL, replace: boolean): void {
  history[replace ? 'replaceState' : 'pushState'](null, '', url);
  if (!url.hash) scrollTo(0, 0);
}

/** Calls `onMove` when the back or forward button changes the address; returns what stops it. */
export function onHistoryMove(onMove: () => void): () => void {
  addEventListener('popstate', onMove);
  return () => removeEventListener('popstate', onMove);
}

/**
 * A real <a href> (new tab, copy link, a page load before hydration) whose plain left click into this tab navigates
 * in place through `go`.
 */
export function RouterLink({
  href,
  go,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; go: (href: string) => void }) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    go(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
