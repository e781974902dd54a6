import { describe, expect, it } from 'vitest';
import flirtlokaal from '../../tenants/flirtlokaal';
import reifekontakte from '../../tenants/reifekontakte';
import { parseTenants } from '../../core/tenant-files';
import { TenantSchema } from '../../core/schemas/tenant';
import { COMPANIES, entityMismatches } from '../../core/data/companies';

/** A second brand of flirtlokaal's company, with its own name, host and trade name. */
const sister = {
  ...flirtlokaal,
  id: 'zusje',
  hosts: ['zusje.example'],
  settings: { ...flirtlokaal.settings, name: 'Zusje', domain: 'zusje.example' },
  company: { ...flirtlokaal.company, tradenames: ['Zusje'], support_phone: '+31 20 765 4321' },
};

describe('company_id names the legal entity behind a brand', () => {
  it('refuses a brand file whose company_id is not registered, naming the file, the field and the reason', () => {
    const orphan = { ...flirtlokaal, settings: { ...flirtlokaal.settings, company_id: 99 } };
    expect(() => parseTenants({ 'tenants/orphan.ts': { default: orphan } })).toThrow(
      /orphan\.ts[\s\S]*company_id[\s\S]*no registered legal entity has id 99/,
    );
  });

  it("refuses a brand whose company block is not its entity's, naming the field and both values", () => {
    // reifekontakte's trader under flirtlokaal's company id: the page would name a company that does not run it.
    const mixed = { ...flirtlokaal, company: reifekontakte.company };
    expect(() => parseTenants({ 'tenants/mixed.ts': { default: mixed } })).toThrow(
      /mixed\.ts[\s\S]*"company"[\s\S]*"name"[\s\S]*Kontaktwerk GmbH[\s\S]*is not the registered name of company 1/,
    );
    const parsed = TenantSchema.safeParse({ ...flirtlokaal, company: { ...flirtlokaal.company, vat_numbers: ['NL000000000B01'] } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['company.vat_numbers']);
  });

  it('gives two brands with the same company_id the same trader, each with its own trade name and phone', () => {
    const [a, b] = parseTenants({ 'tenants/flirtlokaal.ts': { default: flirtlokaal }, 'tenants/zusje.ts': { default: sister } });
    const trader = (t: typeof a) => [
      t.company.name,
      t.company.address,
      t.company.kvk,
      t.company.city,
      t.company.country,
      t.company.vat_numbers,
    ];
    expect(trader(a)).toEqual(trader(b));
    expect(trader(a)).toEqual(Object.values(COMPANIES[1]));
    expect([a.company.tradenames, b.company.tradenames]).toEqual([['Flirtlokaal'], ['Zusje']]);
    expect(b.company.support_phone).toBe('+31 20 765 4321');
  });

  it('registers the three demo entities, one per demo brand', () => {
    expect(Object.keys(COMPANIES)).toEqual(['1', '2', '3']);
    expect(entityMismatches(2, reifekontakte.company)).toEqual([]);
    expect(entityMismatches(0, reifekontakte.company).map((m) => m.field)).toEqual(['company_id']);
  });
});
