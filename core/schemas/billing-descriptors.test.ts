import { describe, expect, it } from 'vitest';
import { TenantPaymentsSchema } from './payments';

describe('the tenant schema', () => {
  const base = {
    provider: 'verotel',
    verotel: { shop_id: 1, signature_key_secret: 'VEROTEL_KEY_X' },
    packages: { EUR: [] },
    countries: {},
  };
  it('refuses a descriptor a statement cannot carry', () => {
    const ok = TenantPaymentsSchema.safeParse({ ...base, billing_descriptors: { verotel: 'FLIRTLOKAAL.NL' } });
    expect(ok.error?.issues.filter((i) => i.path.includes('billing_descriptors')) ?? []).toEqual([]);
    for (const bad of ['flirtlokaal.nl', 'A VERY LONG DESCRIPTOR OF A BRAND', 'X']) {
      const refused = TenantPaymentsSchema.safeParse({ ...base, billing_descriptors: { verotel: bad } });
      expect(
        refused.error?.issues.some((i) => i.path.includes('billing_descriptors')),
        bad,
      ).toBe(true);
    }
  });
});
