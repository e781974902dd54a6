import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { pageTitle } from '../../core/rules/badges';
import { chatCountersAtom } from '../state/atoms';

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

/** A screen's own title (shop, cams, information pages...), kept with the counters; nothing while `title` is empty. */
export function usePageTitle(title: string | null | undefined): void {
  const counters = useAtomValue(chatCountersAtom);
  useEffect(() => {
    if (title) writeTitle(title, counters);
  }, [title, counters]);
}
