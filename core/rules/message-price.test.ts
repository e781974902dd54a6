import { describe, expect, it } from 'vitest';
import { cheapestMessageCents, messagesInPackage } from './message-price';

const pkg = (credits: number, price: number) => ({ id: credits, credits, price, style: 'p0' as const, popular: false });

describe('the price of a message', () => {
  it('is the lowest price per credit times the credits of a message, to the nearest cent', () => {
    expect(cheapestMessageCents([pkg(50, 1495), pkg(600, 11995)], 5)).toBe(100);
    expect(cheapestMessageCents([pkg(600, 9999)], 5)).toBe(83);
    expect(cheapestMessageCents([], 5)).toBeNull();
  });

  it('counts the whole messages a package buys', () => {
    expect(messagesInPackage(pkg(120, 1), 5)).toBe(24);
    expect(messagesInPackage(pkg(50, 1), 6)).toBe(8);
    expect(messagesInPackage(pkg(50, 1), 0)).toBe(0);
  });
});
