import type { Label } from './label';

/** A stored gift (its id, e.g. "rose") in words: "Rose", "Roos". */
export function giftWords(gift: string, label: Label): string {
  return label(`value.gift.${gift}`, gift);
}
