/**
 * The billing descriptor (issue 44, item 9): the words on the member's card or bank statement for a charge. A
 * descriptor the cardholder does not recognise is a named cause of disputes ("I don't know this charge"), so the
 * checkout, the receipt and the transactions page all say it, with the support contact. Each brand names one per
 * provider in its tenant file (`payments.billing_descriptors`): the acquirer decides the prefix (Verotel and CCBill
 * put their own name or the website's before it). A provider without one shows the brand's own host, in capitals.
 */

/** What the card schemes carry: up to 22 characters of letters, digits, spaces and . * - ' / & + (Visa, Mastercard). */
export const DESCRIPTOR_PATTERN = /^[A-Z0-9 .*'/&+-]{3,22}$/;

/** The descriptor when a brand names none for a provider: its first host without www., as the statement shows it. */
export function defaultDescriptor(hosts: readonly string[]): string {
  const host = (hosts[0] ?? '').replace(/^www\./, '').toUpperCase();
  return host.replace(/[^A-Z0-9 .*'/&+-]/g, '').slice(0, 22);
}

/**
 * The descriptor of a charge through `provider`; locally the sandbox plays the brand's configured provider, so it
 * shows that provider's descriptor.
 */
export function billingDescriptor(
  payments: { provider: string; billing_descriptors?: Record<string, string> },
  hosts: readonly string[],
  provider: string,
): string {
  const named = payments.billing_descriptors ?? {};
  return named[provider] ?? (provider === 'sandbox' ? named[payments.provider] : undefined) ?? defaultDescriptor(hosts);
}
