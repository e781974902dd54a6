import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { pageTitle } from '../../core/rules/badges';
import { chatCountersAtom, routeAtom } from '../state/atoms';

type Counters = { unreadMessages: number; newLikes: number };

/** The title without the "(N) " that pageTitle puts in front. */
const withoutCount = (title: string) => title.replace(/^\(\d+\) /, '');

/**
 * Writes the document title with the unread messages plus new likes in front (SPEC.md §2): `title`, or the current
 * one when only the counters changed. The one place that writes document.title on the members' side, so a screen
 * that names itself never drops the count (issue 18, item 4).
 */
export function writeTitle(title: string | null, counters: Counters): void {
  document.title = pageTitle(title ?? withoutCount(document.title), counters.unreadMessages, counters.newLikes);
}

/**
 * A screen's own title (shop, cams, information pages...), kept with the counters; nothing while `title` is empty.
 * Only while its page is the current one (issue 46, item 14): a screen still shown while the next page loads must
 * not write its name over the next page's when the counters change ("(3) Prijzen" on /members).
 */
export function usePageTitle(title: string | null | undefined): void {
  const counters = useAtomValue(chatCountersAtom);
  const store = useStore();
  // The page a title was first written for; a new title (the same screen showing another page) belongs to the current one.
  const owner = useRef<{ title: string; path: string } | null>(null);
  useEffect(() => {
    if (!title) return;
    const path = store.get(routeAtom).path;
    if (owner.current?.title !== title) owner.current = { title, path };
    if (owner.current.path === path) writeTitle(title, counters);
  }, [title, counters, store]);
}
