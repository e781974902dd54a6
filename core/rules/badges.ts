import { BADGE_CAP, LOW_CREDITS } from '../constants';

/** Text of a counter badge: nothing at 0, '99+' above 99. */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

/** Credits badge style for paid members: warning above 0 and at most 10, danger at 0, none otherwise. */
export function creditsBadgeTone(credits: number): 'warning' | 'danger' | null {
  if (credits <= 0) return 'danger';
  if (credits <= LOW_CREDITS) return 'warning';
  return null;
}

/** The page title: the count of unread messages plus new likes in brackets, when there are any. */
export function pageTitle(title: string, unread: number, newLikes: number): string {
  const total = Math.max(0, unread) + Math.max(0, newLikes);
  return total > 0 ? `(${total}) ${title}` : title;
}
