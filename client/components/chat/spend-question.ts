import { atom } from 'jotai';

/**
 * Spending credits on a gift or a photo in chat asks once (issue 44, item 12): the price and the balance after it,
 * both from the server's numbers the page already has (the brand's settings and the member's `user.credits`). A
 * member may turn the question off for the rest of the visit (sessionStorage, so a reload in the tab keeps it). A
 * text message is not asked about: its price stays under the box, as before.
 */
export interface SpendQuestion {
  price: number;
  balance: number;
  /** The balance once paid; never below zero (then `enough` is false and nothing is sent). */
  after: number;
  enough: boolean;
}

export function spendQuestion(price: number, balance: number): SpendQuestion {
  const enough = balance >= price;
  return { price, balance, after: enough ? balance - price : balance, enough };
}

const SESSION_KEY = 'chat.spend_question';

function askedThisSession(): boolean {
  try {
    return typeof sessionStorage === 'undefined' || sessionStorage.getItem(SESSION_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Whether to ask before a gift or photo is sent; read once per page load, turned off for the session. */
export const askBeforeSpendAtom = atom(askedThisSession());

export function rememberNotAsking(): void {
  try {
    sessionStorage.setItem(SESSION_KEY, 'off');
  } catch {
    // A browser without storage asks again after a reload: no harm.
  }
}

/** What is about to be paid for: a gift by name or a photo by id. */
export type PendingSpend = { kind: 'gift'; gift: string } | { kind: 'photo'; photoId: number };
