import { describe, expect, it } from 'vitest';
import { marketRule } from '../markets/tighten';
import { ageCheckAllows, featuresNeedingCheck, gatedFeatures, mayStartCheck } from './age-assurance';

describe('age assurance rules', () => {
  it('gates photos, chat and paying in GB, nothing in NL', () => {
    expect(gatedFeatures(marketRule('GB'))).toEqual(['photos', 'chat', 'pay']);
    expect(gatedFeatures(marketRule('NL'))).toEqual([]);
    expect(gatedFeatures(marketRule(null))).toEqual([]);
  });

  it('lets a GB member chat or pay only after a pass; browsing stays open', () => {
    const gb = marketRule('GB');
    expect(ageCheckAllows(gb, ['chat'], false)).toBe(false);
    expect(ageCheckAllows(gb, ['pay'], false)).toBe(false);
    expect(ageCheckAllows(gb, ['browse'], false)).toBe(true);
    expect(ageCheckAllows(gb, ['chat', 'photos'], true)).toBe(true);
    expect(ageCheckAllows(marketRule('NL'), ['chat', 'pay'], false)).toBe(true);
  });

  it("follows a brand's tightening", () => {
    const rule = marketRule('NL', { NL: { age_assurance: { chat: 'highly_effective' } } });
    expect(featuresNeedingCheck(rule, ['chat', 'pay'])).toEqual(['chat']);
  });

  it('allows a retry after anything but a pass', () => {
    expect(mayStartCheck('pass')).toBe(false);
    for (const s of ['none', 'pending', 'fail', 'inconclusive', 'cancelled'] as const) expect(mayStartCheck(s)).toBe(true);
  });
});
