import { describe, expect, it } from 'vitest';
import { adultTermsRefusal } from './provider-terms';

describe('adultTermsRefusal', () => {
  it('names the terms and their source for Mollie, Stripe and PayPal', () => {
    expect(adultTermsRefusal('mollie')).toMatch(/"sexual dating".*help\.mollie\.com/);
    expect(adultTermsRefusal('stripe')).toMatch(/"adult content or services".*support\.stripe\.com/);
    expect(adultTermsRefusal('paypal')).toMatch(/sexually oriented activities.*help384/);
  });

  it('has nothing against the adult acquirers and the local sandbox', () => {
    for (const provider of ['verotel', 'ccbill', 'segpay', 'epoch', 'sandbox']) expect(adultTermsRefusal(provider)).toBeNull();
  });
});
