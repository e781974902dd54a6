import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDuration, formatWait } from './time';

describe('staff workspace times', () => {
  it('waiting times read short and never negative', () => {
    expect(formatWait(-5)).toBe('0 s');
    expect(formatWait(45_900)).toBe('45 s');
    expect(formatWait(12 * 60_000 + 59_000)).toBe('12 min');
    expect(formatWait((3 * 60 + 5) * 60_000)).toBe('3 h 05 min');
    expect(formatWait(52 * 60 * 60_000)).toBe('2 d 4 h');
  });

  it("a claim's countdown rounds up to the second and stops at zero", () => {
    expect(formatCountdown(247_001)).toBe('4:08');
    expect(formatCountdown(60_000)).toBe('1:00');
    expect(formatCountdown(-1)).toBe('0:00');
  });

  it('figures without answers show a dash', () => {
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(90_000)).toBe('1 min');
  });
});
