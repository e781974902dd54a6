import { describe, expect, it } from 'vitest';
import { spendQuestion } from './spend-question';

describe('the question before a gift or photo is paid', () => {
  it('shows the price and the balance after it', () => {
    expect(spendQuestion(15, 100)).toEqual({ price: 15, balance: 100, after: 85, enough: true });
    expect(spendQuestion(10, 10)).toEqual({ price: 10, balance: 10, after: 0, enough: true });
  });

  it('never shows a balance below zero: too few credits is said as such', () => {
    expect(spendQuestion(15, 12)).toEqual({ price: 15, balance: 12, after: 12, enough: false });
  });
});
