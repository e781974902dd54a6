import { describe, expect, it } from 'vitest';
import { COOLING_MINUTES, coolingUntil, DECLINE_BURST, PURCHASE_LIMITS, purchaseVerdict, windowFreeAt } from './purchase-velocity';

const now = new Date('2026-11-29T12:00:00.000Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const times = (n: number, minutesAgo: number) => Array.from({ length: n }, () => ago(minutesAgo));
const none = { member: [], ip: null, card: null, declines: [] };

describe('purchase attempt limits', () => {
  it('are named numbers a reviewer can read: a member, an address and a card over 10 minutes and a day', () => {
    expect(PURCHASE_LIMITS.member).toEqual([
      { limit: 10, minutes: 10 },
      { limit: 30, minutes: 1440 },
    ]);
    expect(PURCHASE_LIMITS.ip.map((w) => w.minutes)).toEqual([10, 1440]);
    expect(PURCHASE_LIMITS.card.map((w) => w.minutes)).toEqual([10, 1440]);
    // A card is the narrowest: a tester cycles members and addresses, not the stolen card.
    expect(PURCHASE_LIMITS.card[0].limit).toBeLessThan(PURCHASE_LIMITS.member[0].limit);
    expect(PURCHASE_LIMITS.ip[0].limit).toBeGreaterThan(PURCHASE_LIMITS.member[0].limit);
  });

  it('allow the 10th attempt in 10 minutes and refuse the 11th until the oldest leaves the window', () => {
    expect(purchaseVerdict({ ...none, member: times(9, 1) }, now)).toEqual({ allowed: true });
    const member = [ago(8), ...times(9, 1)];
    expect(purchaseVerdict({ ...none, member }, now)).toEqual({ allowed: false, reason: 'member', retryAfterSeconds: 120 });
  });

  it('count the day as well: 30 attempts spread over the day refuse the next one', () => {
    const member = Array.from({ length: 30 }, (_, i) => ago(30 + i * 40));
    const verdict = purchaseVerdict({ ...none, member }, now);
    expect(verdict).toMatchObject({ allowed: false, reason: 'member' });
    // Free again once the oldest (30 + 29*40 = 1190 minutes ago) is a day old: in 250 minutes.
    expect(verdict.allowed === false && verdict.retryAfterSeconds).toBe(250 * 60);
  });

  it('ignore attempts older than the window', () => {
    expect(windowFreeAt(times(50, 11), PURCHASE_LIMITS.member[0], now)).toBeNull();
  });

  it('limit an address and a card only when known, each by its own numbers', () => {
    expect(purchaseVerdict({ ...none, ip: times(19, 2) }, now)).toEqual({ allowed: true });
    expect(purchaseVerdict({ ...none, ip: times(20, 2) }, now)).toMatchObject({ allowed: false, reason: 'ip' });
    expect(purchaseVerdict({ ...none, card: times(4, 2) }, now)).toEqual({ allowed: true });
    expect(purchaseVerdict({ ...none, card: times(5, 2) }, now)).toMatchObject({ allowed: false, reason: 'card' });
  });
});

describe('a burst of declines', () => {
  it(`of ${DECLINE_BURST.declines} within ${DECLINE_BURST.withinMinutes} minutes pauses purchases ${COOLING_MINUTES} minutes after the last`, () => {
    const declines = [ago(9), ago(5), ago(2)];
    expect(coolingUntil(declines, now)).toEqual(new Date(ago(2).getTime() + COOLING_MINUTES * 60_000));
    expect(purchaseVerdict({ ...none, declines }, now)).toEqual({ allowed: false, reason: 'cooling', retryAfterSeconds: 28 * 60 });
  });

  it('spread wider than the burst window, or fewer, pause nothing', () => {
    expect(coolingUntil([ago(25), ago(14), ago(2)], now)).toBeNull();
    expect(coolingUntil([ago(3), ago(2)], now)).toBeNull();
  });

  it('is over once the cooling period after it has passed', () => {
    expect(coolingUntil([ago(40), ago(36), ago(31)], now)).toBeNull();
    expect(purchaseVerdict({ ...none, declines: [ago(40), ago(36), ago(31)] }, now)).toEqual({ allowed: true });
  });

  it('wins over a window limit, so the member reads why', () => {
    const verdict = purchaseVerdict({ ...none, member: times(10, 1), declines: times(3, 1) }, now);
    expect(verdict).toMatchObject({ allowed: false, reason: 'cooling' });
  });
});
