import type { DiscountChoice } from '../../../core/rules/discount';
import type { DiscountCode } from '../../../core/schemas/payments';

/** A text of the checkout's discount, as a catalogue key and its values (rendered with t, tested without React). */
export interface DiscountText {
  key:
    | 'shop.code_welcome_better'
    | 'shop.code_welcome_equal'
    | 'shop.code_beats_welcome'
    | 'shop.discount_line_welcome'
    | 'shop.discount_line_code';
  values: Record<string, string | number>;
}

/** The discount line above the total: which discount the order gets (the member's own, or the typed code). */
export function discountLine(choice: DiscountChoice, typed: DiscountCode | null): DiscountText | null {
  const { applied } = choice;
  if (!applied) return null;
  return applied === typed
    ? { key: 'shop.discount_line_code', values: { code: applied.code, percent: applied.value_percentage } }
    : { key: 'shop.discount_line_welcome', values: { percent: applied.value_percentage } };
}

/**
 * Why the typed code and the member's own welcome discount do not both count (issue 44, item 11): the one that
 * applies is the better one, and the page says so. Null when there is nothing to compare: no typed code that fits,
 * or no own discount beside it.
 */
export function discountComparison(choice: DiscountChoice, typed: DiscountCode | null): DiscountText | null {
  const { applied, passedOver } = choice;
  if (!typed || !applied || !passedOver) return null;
  if (applied === typed) {
    return {
      key: 'shop.code_beats_welcome',
      values: { code: typed.code, percent: typed.value_percentage, welcome: passedOver.value_percentage },
    };
  }
  return {
    key: applied.value_percentage > typed.value_percentage ? 'shop.code_welcome_better' : 'shop.code_welcome_equal',
    values: { code: typed.code, percent: typed.value_percentage, welcome: applied.value_percentage },
  };
}
