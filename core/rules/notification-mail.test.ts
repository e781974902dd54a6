import { describe, expect, it } from 'vitest';
import { localTime, nextMailAfter, quietUntil, timeZoneOf } from './notification-mail';

describe('notification mail rules', () => {
  it('reads the clock of the member country', () => {
    // 21:30 UTC in January is 22:30 in Amsterdam and 16:30 in New York.
    const now = new Date('2026-01-15T21:30:00Z');
    expect(localTime('NL', now)).toEqual({ hour: 22, minute: 30 });
    expect(localTime('US', now)).toEqual({ hour: 16, minute: 30 });
    expect(timeZoneOf('XX')).toBe('Europe/Amsterdam');
  });

  it('holds mail from 23:00 until 08:00 local time', () => {
    expect(quietUntil('NL', new Date('2026-01-15T21:59:00Z'))).toBeNull(); // 22:59 in Amsterdam
    expect(quietUntil('NL', new Date('2026-01-15T22:00:00Z'))?.toISOString()).toBe('2026-01-16T07:00:00.000Z'); // 23:00 -> 08:00
    expect(quietUntil('NL', new Date('2026-01-16T03:15:00Z'))?.toISOString()).toBe('2026-01-16T07:00:00.000Z'); // 04:15 -> 08:00
    expect(quietUntil('NL', new Date('2026-01-16T07:00:00Z'))).toBeNull(); // 08:00
    // Summer time: 08:00 in Amsterdam is 06:00 UTC.
    expect(quietUntil('NL', new Date('2026-07-01T01:00:00Z'))?.toISOString()).toBe('2026-07-01T06:00:00.000Z');
    // The same moment is daytime in New York (22:00 local the evening before is still allowed).
    expect(quietUntil('US', new Date('2026-01-16T03:00:00Z'))).toBeNull();
  });

  it('allows the next mail of a type four hours after the last', () => {
    expect(nextMailAfter('2026-01-15T10:00:00.000Z').toISOString()).toBe('2026-01-15T14:00:00.000Z');
  });
});
