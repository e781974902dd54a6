import type { createStore } from 'jotai';
import { modalWaitStart } from '../../../core/rules/time-bonus';
import { MEMBERS_AREA } from '../../../core/routes';
import { routeAtom } from '../../state/atoms';

// The time-bonus modal's 40 s wait as the tab remembers it (sessionStorage), apart from the lazy modal: the modal's
// chunk loads only after hydration, so a page outside the members area that the member left before it had loaded
// never cancelled the wait, and the modal came back at once on the next members page (the flaky browser test of
// issue 46 item 14). The entry cancels it before the page hydrates and on every move out of the area.

/** When the modal's wait began in this tab: a navigation inside the members area must not start the 40 s again. */
const WAIT_KEY = 'time-bonus-modal-wait';

type Store = ReturnType<typeof createStore>;

/** The wait's start for a page now (SPEC.md §4): outside the members area none (the stored one is dropped). */
export function waitStart(now: number, inMembersArea: boolean): number | null {
  const start = modalWaitStart(storedWait(), inMembersArea, now);
  try {
    if (start === null) sessionStorage.removeItem(WAIT_KEY);
    else sessionStorage.setItem(WAIT_KEY, String(start));
  } catch {
    // No storage (private mode): the wait starts with this page, as before.
  }
  return start;
}

function storedWait(): number | null {
  try {
    return Number(sessionStorage.getItem(WAIT_KEY)) || null;
  } catch {
    return null;
  }
}

/** Drops the stored wait on a page outside the members area; nothing inside it (the modal reads and starts it). */
export function cancelWaitOutside(routeName: string): void {
  if (!MEMBERS_AREA.includes(routeName)) waitStart(Date.now(), false);
}

/**
 * Cancels the wait on this page (before hydration, so before anything can navigate on) and on every later move out
 * of the members area, whatever layout the page has and whether the modal ever loaded there.
 */
export function followMembersArea(store: Store, routeName: string): void {
  cancelWaitOutside(routeName);
  store.sub(routeAtom, () => cancelWaitOutside(store.get(routeAtom).name));
}
