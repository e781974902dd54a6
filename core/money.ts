import { intlLocale } from './rules/language';

/** Formats amounts in cents of one currency for a language; make it once and reuse it (creating one is costly). */
export function moneyFormatter(language: string, currency: string): (cents: number) => string {
  const format = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency });
  return (cents) => format.format(cents / 100);
}
