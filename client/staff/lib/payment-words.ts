import type { Label } from './label';

/**
 * A stored payment method in words ("ideal" -> "iDEAL", "directdebit" -> "SEPA direct debit"); a pair of them as
 * some providers store it ("directdebit / ideal": a mandate first signed with iDEAL) is each in words.
 */
export function methodWords(method: string, label: Label): string {
  return method
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => label(`value.payment_method.${part}`, part))
    .join(' / ');
}

/** A payment provider's id in its own name: "ccbill" -> "CCBill", "sandbox" -> "Sandbox (test payments)". */
export function providerWords(provider: string, label: Label): string {
  return label(`value.provider.${provider}`, provider);
}

/**
 * A mandate's label as the provider described it ("ideal •••• 1234", "Visa •••• 4242", "NL** **** 1234"), with a
 * method id at its start in words: "iDEAL •••• 1234". The masked number stays as it is.
 */
export function mandateWords(stored: string, label: Label): string {
  const [first, ...rest] = stored.split(' ');
  const method = label(`value.payment_method.${first}`, first);
  return method === first ? stored : [method, ...rest].join(' ');
}
