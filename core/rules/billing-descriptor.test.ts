import { describe, expect, it } from 'vitest';
import { billingDescriptor, defaultDescriptor, DESCRIPTOR_PATTERN } from './billing-descriptor';

const payments = { provider: 'verotel', billing_descriptors: { verotel: 'VEROTEL*FLIRTLOKAAL.NL', ccbill: 'FLIRTLOKAAL.NL' } };

describe('billing descriptor', () => {
  it("is the brand's own per provider, and the sandbox shows the provider it plays", () => {
    expect(billingDescriptor(payments, ['flirtlokaal.nl'], 'verotel')).toBe('VEROTEL*FLIRTLOKAAL.NL');
    expect(billingDescriptor(payments, ['flirtlokaal.nl'], 'ccbill')).toBe('FLIRTLOKAAL.NL');
    expect(billingDescriptor(payments, ['flirtlokaal.nl'], 'sandbox')).toBe('VEROTEL*FLIRTLOKAAL.NL');
  });

  it('falls back to the brand host in capitals, within the 22 characters a statement carries', () => {
    expect(billingDescriptor({ provider: 'verotel' }, ['www.reifekontakte.de'], 'ccbill')).toBe('REIFEKONTAKTE.DE');
    expect(defaultDescriptor(['a-very-long-brand-name-indeed.example'])).toHaveLength(22);
    expect(defaultDescriptor(['a-very-long-brand-name-indeed.example'])).toMatch(DESCRIPTOR_PATTERN);
  });
});
