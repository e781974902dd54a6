import { describe, expect, it } from 'vitest';
import { adultTermsRefusal } from '../rules/provider-terms';
import { TenantPaymentsSchema } from './payments';

// The tenant file's routing (issue 44 item 3): providers per country and method, each set up for the brand.
describe('payments.routes in a tenant file', () => {
  const ccbill = {
    client_accnum: 951492,
    client_subacc: 1,
    flex_id: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
    salt_secret: 'CCBILL_SALT',
    datalink_secret: 'CCBILL_DATALINK',
  };
  // A brand's shop as a tenant file has it (core/schemas does not import tenants/: no folder cycle).
  const shop = {
    packages: { GBP: [{ id: 22, credits: 120, price: 2599, style: 'p1', popular: true }] },
    countries: { GB: { currency: 'GBP', methods: ['creditcard', 'applepay'] } },
  };
  const base = { ...shop, provider: 'ccbill' as const, ccbill };

  it('is optional: a brand file without routes stays valid, as every earlier one', () => {
    expect(TenantPaymentsSchema.safeParse(base).success).toBe(true);
  });

  it('refuses a provider whose terms exclude adult dating, as the provider or on a route, naming the reason', () => {
    for (const provider of ['mollie', 'stripe', 'paypal']) {
      const named = TenantPaymentsSchema.safeParse({ ...base, provider });
      expect(named.success).toBe(false);
      expect(named.error?.issues[0]?.path).toEqual(['provider']);
      expect(named.error?.issues[0]?.message).toBe(adultTermsRefusal(provider));
      const routed = TenantPaymentsSchema.safeParse({ ...base, routes: { GB: { creditcard: ['ccbill', provider] } } });
      expect(routed.success).toBe(false);
      expect(routed.error?.issues[0]).toMatchObject({ path: ['routes', 'GB', 'creditcard', 1], message: adultTermsRefusal(provider) });
    }
    expect(adultTermsRefusal('mollie')).toMatch(/does not serve adult dating: Mollie prohibits "sexual dating"/);
    // A name nobody knows is still refused, with zod's own message (no terms to cite).
    expect(TenantPaymentsSchema.safeParse({ ...base, provider: 'nobody' }).error?.issues[0]?.message).toMatch(/Invalid option/);
  });

  it('takes providers in order per country and method when each is set up', () => {
    const verotel = { shop_id: 1, brand: 'verotel', signature_key_secret: 'VEROTEL_KEY' };
    const routed = { ...base, verotel, routes: { GB: { creditcard: ['ccbill', 'verotel'] } } };
    expect(TenantPaymentsSchema.safeParse(routed).success).toBe(true);
  });

  it('refuses a route to a provider the brand has not set up, naming the route', () => {
    const parsed = TenantPaymentsSchema.safeParse({ ...base, routes: { GB: { creditcard: ['ccbill', 'verotel'] } } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['routes', 'GB', 'creditcard'], message: 'verotel is routed but not set up' });
  });

  it('refuses CCBill without its account, Flex ID and secrets', () => {
    expect(TenantPaymentsSchema.safeParse({ ...base, ccbill: undefined }).success).toBe(false);
    expect(TenantPaymentsSchema.safeParse({ ...base, ccbill: { ...ccbill, flex_id: 'not-a-uuid' } }).success).toBe(false);
  });
});
