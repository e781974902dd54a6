// Last activity (issue 17, item 3): one rule for "online" and for how often the server writes it, so every page that
// labels a profile and the session that keeps profiles.last_active current agree.

/** A profile counts as online when its member was active within this many minutes. */
export const ONLINE_MINUTES = 10;
/** profiles.last_active is written at most once per this many minutes per member (a write per request would be waste). */
export const LAST_ACTIVE_WRITE_MINUTES = 5;

/** Online (active within the last ONLINE_MINUTES) or how many whole minutes ago, from the real last activity. */
export function activity(lastActive: string, now: Date): { online: boolean; minutesAgo: number } {
  const minutesAgo = Math.max(0, Math.floor((now.getTime() - Date.parse(lastActive)) / 60_000));
  return { online: minutesAgo < ONLINE_MINUTES, minutesAgo };
}

export const isOnline = (lastActive: string, now: Date): boolean => activity(lastActive, now).online;

/** The last_active before which a request writes a new one: now minus the write interval (ISO). */
export const lastActiveWriteBefore = (now: Date): string => new Date(now.getTime() - LAST_ACTIVE_WRITE_MINUTES * 60_000).toISOString();

/** Whether a request at `now` should refresh a last activity of `lastActive`. */
export const lastActiveIsStale = (lastActive: string, now: Date): boolean => lastActive < lastActiveWriteBefore(now);
