import { describe, expect, it } from 'vitest';
import { type PayoutGroup, type PayoutTerms, payoutOf, payoutsByMonth } from './payout';

const cpl: PayoutTerms = { payout_model: 'cpl', payout_amount: 250, revshare_percent: 0, payout_currency: 'EUR' };
const cpa: PayoutTerms = { payout_model: 'cpa', payout_amount: 1500, revshare_percent: 0, payout_currency: 'USD' };
const rev: PayoutTerms = { payout_model: 'revshare', payout_amount: 0, revshare_percent: 35, payout_currency: 'EUR' };

const group = (over: Partial<PayoutGroup>): PayoutGroup => ({
  network: 'a',
  month: '2026-11',
  currency: '',
  held: false,
  leads: 0,
  sales: 0,
  clawedSales: 0,
  kept: 0,
  ...over,
});

describe('payoutOf', () => {
  it('CPL pays every confirmed lead, whatever was sold', () => {
    expect(payoutOf(cpl, { leads: 4, sales: 3, clawedSales: 1, kept: 9000 })).toBe(1000);
  });
  it('CPA pays first sales, minus those reversed inside the hold period', () => {
    expect(payoutOf(cpa, { leads: 9, sales: 3, clawedSales: 1, kept: 0 })).toBe(3000);
    expect(payoutOf(cpa, { leads: 0, sales: 1, clawedSales: 2, kept: 0 })).toBe(0);
  });
  it('revenue share is the percentage of what was not reversed inside the hold period, rounded to the cent', () => {
    expect(payoutOf(rev, { leads: 5, sales: 1, clawedSales: 0, kept: 2995 })).toBe(1048);
    expect(payoutOf(rev, { leads: 0, sales: 0, clawedSales: 0, kept: 0 })).toBe(0);
  });
});

describe('payoutsByMonth', () => {
  const terms = (n: string) => ({ a: cpa, b: rev, c: cpl })[n];

  it('CPA and CPL are in the network currency whatever the sale was in; revenue share per sale currency', () => {
    const out = payoutsByMonth(
      [
        group({ network: 'a', currency: 'EUR', sales: 2, clawedSales: 1 }),
        group({ network: 'a', currency: 'GBP', sales: 1 }),
        group({ network: 'a', currency: '', leads: 7 }),
        group({ network: 'b', currency: 'EUR', kept: 10000 }),
        group({ network: 'b', currency: 'GBP', kept: 2000 }),
        group({ network: 'b', currency: '', leads: 3 }),
        group({ network: 'c', currency: '', leads: 3 }),
      ],
      terms,
    );
    expect(out).toEqual([
      { network: 'a', month: '2026-11', currency: 'USD', leads: 7, sales: 3, reversed_sales: 1, owed: 3000, held: 0 },
      { network: 'b', month: '2026-11', currency: 'EUR', leads: 0, sales: 0, reversed_sales: 0, owed: 3500, held: 0 },
      { network: 'b', month: '2026-11', currency: 'GBP', leads: 0, sales: 0, reversed_sales: 0, owed: 700, held: 0 },
      { network: 'c', month: '2026-11', currency: 'EUR', leads: 3, sales: 0, reversed_sales: 0, owed: 750, held: 0 },
    ]);
  });

  it('splits out what is still inside the hold period, per month, newest month first', () => {
    const out = payoutsByMonth(
      [
        group({ network: 'a', month: '2026-10', currency: 'EUR', sales: 2 }),
        group({ network: 'a', month: '2026-11', currency: 'EUR', sales: 1 }),
        group({ network: 'a', month: '2026-11', currency: 'EUR', sales: 2, held: true }),
      ],
      terms,
    );
    expect(out.map((p) => [p.month, p.owed, p.held])).toEqual([
      ['2026-11', 4500, 3000],
      ['2026-10', 3000, 0],
    ]);
  });

  it('leaves out networks without terms and months with nothing to show', () => {
    expect(payoutsByMonth([group({ network: 'gone', leads: 3 }), group({ network: 'b', currency: 'EUR' })], terms)).toEqual([]);
  });
});
