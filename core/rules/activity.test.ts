import { describe, expect, it } from 'vitest';
import { activity, isOnline, lastActiveIsStale } from './activity';

const now = new Date('2026-06-01T12:00:00.000Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('last activity', () => {
  it('is online only within the last 10 minutes', () => {
    expect(isOnline(ago(0), now)).toBe(true);
    expect(isOnline(ago(9.9), now)).toBe(true);
    expect(isOnline(ago(10), now)).toBe(false);
    expect(activity(ago(19_237), now)).toEqual({ online: false, minutesAgo: 19_237 });
  });

  it('is written again only after 5 minutes', () => {
    expect(lastActiveIsStale(ago(4.9), now)).toBe(false);
    expect(lastActiveIsStale(ago(5.1), now)).toBe(true);
  });
});
