import { describe, expect, it } from 'vitest';
import { TenantPaymentsSchema } from './payments';

// The brand as its own SEPA creditor (payments.sepa, decision 013): the tenant file's creditor is checked.
describe('payments.sepa in a tenant file', () => {
  const shop = {
    provider: 'ccbill' as const,
    ccbill: {
      client_accnum: 951492,
      client_subacc: 1,
      flex_id: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
      salt_secret: 'CCBILL_SALT',
      datalink_secret: 'CCBILL_DATALINK',
    },
    packages: { EUR: [{ id: 1, credits: 50, price: 1495, style: 'p0', popular: false }] },
    countries: { NL: { currency: 'EUR', methods: ['creditcard', 'directdebit'] } },
  };
  const sepa = {
    creditor_name: 'Lokaal Media B.V.',
    creditor_id: 'NL57ZZZ999999999999',
    creditor_iban: 'NL20INGB0001234567',
    bic: 'INGBNL2A',
  };

  it('routes direct debit to the brand as creditor, with two lead days unless told', () => {
    const parsed = TenantPaymentsSchema.safeParse({ ...shop, sepa, routes: { NL: { directdebit: ['sepa'] } } });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.sepa?.lead_days).toBe(2);
  });

  it('refuses a creditor identifier whose check digits are wrong, a bad account or BIC, and a route to an unset creditor', () => {
    const valid = (payments: object) => TenantPaymentsSchema.safeParse(payments).success;
    expect(valid({ ...shop, sepa: { ...sepa, creditor_id: 'NL98ZZZ999999999999' } })).toBe(false);
    expect(valid({ ...shop, sepa: { ...sepa, creditor_iban: 'NL21INGB0001234567' } })).toBe(false);
    expect(valid({ ...shop, sepa: { ...sepa, bic: 'ING' } })).toBe(false);
    expect(valid({ ...shop, routes: { NL: { directdebit: ['sepa'] } } })).toBe(false);
  });
});
