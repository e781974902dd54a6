import { describe, expect, it } from 'vitest';
import { protectReasons } from './protect';

const quiet = { warning: [], purchases_24h: 0, own_limits: false, paused: false } as const;

describe('protectReasons', () => {
  it('flags nobody whose spending is quiet', () => {
    expect(protectReasons({ ...quiet, warning: [] })).toEqual([]);
  });

  it("keeps the pause screen's reasons for what was spent", () => {
    expect(protectReasons({ ...quiet, warning: ['purchases', 'amount'], purchases_24h: 3 })).toEqual(['purchases', 'amount']);
  });

  it('counts the night only for a member who bought in the last 24 hours', () => {
    expect(protectReasons({ ...quiet, warning: ['night'] })).toEqual([]);
    expect(protectReasons({ ...quiet, warning: ['night'], purchases_24h: 1 })).toEqual(['night']);
  });

  it("flags a member's own limits and pause", () => {
    expect(protectReasons({ ...quiet, warning: [], own_limits: true, paused: true })).toEqual(['own_limits', 'paused']);
  });
});
