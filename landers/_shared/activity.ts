/**
 * Small deterministic variety for the lander pages' layout (which caption, where a map pin sits): derived from the
 * profile id. Never used for facts about members (activity, counts), which must be real.
 */
export function pick(seed: number, salt: number, modulo: number): number {
  let h = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(salt + 1, 0xc2b2ae35)) | 0;
  h ^= h >>> 15;
  h = Math.imul(h, 0x27d4eb2d);
  h ^= h >>> 13;
  return (h >>> 0) % modulo;
}

/** Online (active within the last 10 minutes) or how long ago, from the profile's real last activity. */
export function activity(lastActive: string, now: Date): { online: boolean; minutesAgo: number } {
  const minutesAgo = Math.max(0, Math.floor((now.getTime() - Date.parse(lastActive)) / 60_000));
  return { online: minutesAgo <= 10, minutesAgo };
}

/** "5 minutes ago", "3 hours ago" in the page language. */
export function ago(language: string, amount: number, unit: 'minute' | 'hour'): string {
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-amount, unit);
}
