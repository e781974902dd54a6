// The legal entities that operate brands (SPEC.md §1 settings: company_id). A brand's `settings.company_id` names
// one of them, and its `company` block repeats that entity's legal identity word for word (core/schemas/tenant.ts
// checks it for tenant files and for brands made in the workspace alike), so two brands of one company always show
// the same trader on their terms, imprint, footer and mails. What stays per brand: its trade names, support phone,
// deletion discount and the date its terms took effect (`added`). Ids are stable: brands and stored versions
// name them, so a company is appended, never renumbered. The three demo companies are fictional.

export interface LegalEntity {
  /** The registered name, with its legal form ("B.V.", "GmbH", "Ltd"). */
  name: string;
  address: string;
  /** The company register's number: the KvK number in the Netherlands, the HRB number in Germany... */
  kvk: string;
  city: string;
  country: string;
  vat_numbers: readonly string[];
}

/** The fields of a brand's `company` block that belong to the legal entity and must equal the registry's. */
export const ENTITY_FIELDS = ['name', 'address', 'kvk', 'city', 'country', 'vat_numbers'] as const satisfies readonly (keyof LegalEntity)[];

export const COMPANIES: Readonly<Record<number, LegalEntity>> = {
  1: {
    name: 'Lokaal Media B.V.',
    address: 'Keizersgracht 100',
    kvk: '81234567',
    city: 'Amsterdam',
    country: 'Nederland',
    vat_numbers: ['NL862345678B01'],
  },
  2: {
    name: 'Kontaktwerk GmbH',
    address: 'Friedrichstraße 120',
    kvk: 'HRB 204512',
    city: 'Berlin',
    country: 'Deutschland',
    vat_numbers: ['DE312345678'],
  },
  3: {
    name: 'Velvet Media Ltd',
    address: '20 Wenlock Road',
    kvk: '14523687',
    city: 'London',
    country: 'United Kingdom',
    vat_numbers: ['GB123456789'],
  },
};

/** The registered entity with this id, or null. */
export function legalEntity(id: number): LegalEntity | null {
  return Object.hasOwn(COMPANIES, id) ? COMPANIES[id] : null;
}

/**
 * Where a brand's company block differs from its registered entity: each field and the reason; an unknown id is
 * one entry under 'company_id'. Empty when the brand names a registered entity and repeats it exactly.
 */
export function entityMismatches(
  companyId: number,
  company: Record<(typeof ENTITY_FIELDS)[number], unknown> & Record<string, unknown>,
): { field: string; message: string }[] {
  const entity = legalEntity(companyId);
  if (!entity) {
    const known = Object.keys(COMPANIES).join(', ');
    return [{ field: 'company_id', message: `no registered legal entity has id ${companyId} (core/data/companies.ts: ${known})` }];
  }
  return ENTITY_FIELDS.filter((field) => JSON.stringify(company[field]) !== JSON.stringify(entity[field])).map((field) => ({
    field,
    message: `${JSON.stringify(company[field])} is not the registered ${field} of company ${companyId}: ${JSON.stringify(entity[field])}`,
  }));
}
