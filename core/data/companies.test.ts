import { describe, expect, it } from 'vitest';
import { COMPANIES, entityMismatches } from './companies';

// The loader's use of this rule (tenant files and workspace brands): tests/integration/companies.test.ts.
describe('entityMismatches', () => {
  const lokaal = { ...COMPANIES[1], tradenames: ['Flirtlokaal'], support_phone: '+31 20 123 4567' };

  it('accepts a company block that repeats its entity, whatever its trade names and phone', () => {
    expect(entityMismatches(1, lokaal)).toEqual([]);
    expect(entityMismatches(1, { ...lokaal, tradenames: ['Zusje'], support_phone: '+31 20 765 4321' })).toEqual([]);
  });

  it('names an unknown company_id, and each field that is not the registered one with both values', () => {
    expect(entityMismatches(42, lokaal)).toEqual([
      { field: 'company_id', message: expect.stringContaining('no registered legal entity has id 42') },
    ]);
    expect(entityMismatches(2, lokaal).map((m) => m.field)).toEqual(['name', 'address', 'kvk', 'city', 'country', 'vat_numbers']);
    const [vat] = entityMismatches(1, { ...lokaal, vat_numbers: ['NL000000000B01'] });
    expect(vat).toEqual({
      field: 'vat_numbers',
      message: '["NL000000000B01"] is not the registered vat_numbers of company 1: ["NL862345678B01"]',
    });
  });
});
