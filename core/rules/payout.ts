/**
 * What an affiliate network is owed (issue 47, payout per network and month; docs/api/traffic.md). The figures come
 * from the funnel's rollup, summed per network, month, currency and whether the hold period is still running:
 *
 * - CPL: `payout_amount` per confirmed lead (a lead is never reversed);
 * - CPA: `payout_amount` per first sale, minus the first sales reversed (refund, chargeback) inside the hold period;
 * - revenue share: `revshare_percent` of every purchase not reversed inside the hold period (what is reversed
 *   after the hold period stays paid: the network was told nothing more, as no reversal postback goes out then).
 *
 * CPL and CPA are in the network's payout currency, revenue share in each sale's own currency. `held` is the part
 * whose hold period has not ended: it may still be clawed back.
 */
export type PayoutModel = 'cpl' | 'cpa' | 'revshare';

export interface PayoutTerms {
  payout_model: PayoutModel;
  /** Cents per lead (cpl) or per first sale (cpa), in `payout_currency`. */
  payout_amount: number;
  revshare_percent: number;
  payout_currency: string;
}

/** One group of the rollup: a network's conversions of a month in one currency ('' for leads), held or not. */
export interface PayoutGroup {
  network: string;
  month: string;
  currency: string;
  held: boolean;
  leads: number;
  sales: number;
  /** First sales reversed inside the hold period. */
  clawedSales: number;
  /** Cents of purchases not reversed inside the hold period. */
  kept: number;
}

export interface Payout {
  network: string;
  month: string;
  currency: string;
  leads: number;
  sales: number;
  reversed_sales: number;
  /** Cents owed for the month after clawbacks. */
  owed: number;
  /** The part of `owed` still inside the hold period. */
  held: number;
}

/** The cents a group is owed under the network's terms (never below zero). */
export function payoutOf(terms: PayoutTerms, group: Pick<PayoutGroup, 'leads' | 'sales' | 'clawedSales' | 'kept'>): number {
  if (terms.payout_model === 'cpl') return group.leads * terms.payout_amount;
  if (terms.payout_model === 'cpa') return Math.max(0, group.sales - group.clawedSales) * terms.payout_amount;
  return Math.round((Math.max(0, group.kept) * terms.revshare_percent) / 100);
}

/**
 * The payout per network, month and currency, newest month first. A network without terms (removed) is left out; a
 * month with nothing owed and nothing counted is left out too.
 */
export function payoutsByMonth(groups: readonly PayoutGroup[], termsOf: (network: string) => PayoutTerms | undefined): Payout[] {
  const out = new Map<string, Payout>();
  for (const g of groups) {
    const terms = termsOf(g.network);
    if (!terms) continue;
    const currency = terms.payout_model === 'revshare' ? g.currency : terms.payout_currency;
    // Revenue share is paid on money only: the groups without a currency (clicks, leads) owe nothing then.
    if (!currency) continue;
    const key = `${g.network}\n${g.month}\n${currency}`;
    const p = out.get(key) ?? { network: g.network, month: g.month, currency, leads: 0, sales: 0, reversed_sales: 0, owed: 0, held: 0 };
    const owed = payoutOf(terms, g);
    p.leads += g.leads;
    p.sales += g.sales;
    p.reversed_sales += g.clawedSales;
    p.owed += owed;
    if (g.held) p.held += owed;
    out.set(key, p);
  }
  return [...out.values()]
    .filter((p) => p.leads || p.sales || p.owed)
    .sort((a, b) => b.month.localeCompare(a.month) || a.network.localeCompare(b.network) || a.currency.localeCompare(b.currency));
}
