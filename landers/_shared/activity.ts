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

/** Online or how long ago, from the profile's real last activity: the one rule of core/rules/activity.ts. */
export { activity } from '../../core/rules/activity';

/** "5 minutes ago", "3 hours ago" in the page language. */
export function ago(language: string, amount: number, unit: 'minute' | 'hour' | 'day'): string {
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-amount, unit);
}

/** How long ago in the largest whole unit: never "19.237 minutes ago" (issue 17, item 2). */
export function agoMinutes(language: string, minutes: number): string {
  if (minutes < 60) return ago(language, minutes, 'minute');
  if (minutes < 48 * 60) return ago(language, Math.floor(minutes / 60), 'hour');
  return ago(language, Math.floor(minutes / 1440), 'day');
}
