import { describe, expect, it } from 'vitest';
import { attributedClick, deviceClass } from './attribution';

const now = new Date('2026-11-29T12:00:00.000Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

describe('attributedClick', () => {
  it('is direct without clicks', () => {
    expect(attributedClick([], now)).toBeNull();
  });
  it('takes the last click within its window', () => {
    const a = { id: 'a', networkId: 1, at: daysAgo(10), windowDays: 30 };
    const b = { id: 'b', networkId: 2, at: daysAgo(2), windowDays: 30 };
    expect(attributedClick([a, b], now)?.id).toBe('b');
    expect(attributedClick([b, a], now)?.id).toBe('b');
  });
  it('drops a click older than its own window, keeping an older one whose window is longer', () => {
    const short = { id: 'short', networkId: 1, at: daysAgo(8), windowDays: 7 };
    const long = { id: 'long', networkId: 2, at: daysAgo(20), windowDays: 30 };
    expect(attributedClick([short, long], now)?.id).toBe('long');
    expect(attributedClick([short], now)).toBeNull();
  });
  it('counts the last day of the window and not the day after', () => {
    expect(attributedClick([{ id: 'x', networkId: 1, at: daysAgo(30), windowDays: 30 }], now)?.id).toBe('x');
    expect(attributedClick([{ id: 'x', networkId: 1, at: daysAgo(30.01), windowDays: 30 }], now)).toBeNull();
  });
  it('ignores clicks in the future and unreadable times', () => {
    expect(attributedClick([{ id: 'f', networkId: 1, at: daysAgo(-1), windowDays: 30 }], now)).toBeNull();
    expect(attributedClick([{ id: 'g', networkId: 1, at: 'nope', windowDays: 30 }], now)).toBeNull();
  });
});

describe('deviceClass', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(deviceClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('mobile');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36')).toBe('mobile');
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/120 Safari/537.36')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (X11; Linux x86_64) Chrome/120')).toBe('desktop');
    expect(deviceClass(null)).toBe('desktop');
  });
});
