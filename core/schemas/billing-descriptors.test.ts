import { describe, expect, it } from 'vitest';
import { TenantPaymentsSchema } from './payments';

describe('the tenant schema', () => {
  const base = { provider: 'mollie', api_key_secret: 'MOLLIE_KEY_X', packages: { EUR: [] }, countries: {} };
  it('refuses a descriptor a statement cannot carry', () => {
    const ok = TenantPaymentsSchema.safeParse({ ...base, billing_descriptors: { mollie: 'FLIRTLOKAAL.NL' } });
    expect(ok.error?.issues.filter((i) => i.path.includes('billing_descriptors')) ?? []).toEqual([]);
    for (const bad of ['flirtlokaal.nl', 'A VERY LONG DESCRIPTOR OF A BRAND', 'X']) {
      const refused = TenantPaymentsSchema.safeParse({ ...base, billing_descriptors: { mollie: bad } });
      expect(
        refused.error?.issues.some((i) => i.path.includes('billing_descriptors')),
        bad,
      ).toBe(true);
    }
  });
});
