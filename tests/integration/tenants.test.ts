import { describe, expect, it } from 'vitest';
import { TenantSchema } from '../../core/schemas/tenant';
import { parseTenants } from '../../core/tenant-files';
import { messagePricesByCurrency } from '../../core/rules/message-price';
import { settingsFor } from '../../worker/brand-settings';
import { TENANTS } from '../../worker/tenants';
import { checkBrandSettings } from '../../worker/brands/brand-settings';

describe('tenant files', () => {
  it('are all valid against the core schema', () => {
    for (const tenant of TENANTS) expect(TenantSchema.safeParse(tenant).success, tenant.id).toBe(true);
  });

  it('need a short app name of at most 12 characters, so a launcher never cuts it', () => {
    const base = TENANTS.find((t) => t.id === 'flirtlokaal')!;
    const withShortName = (short_name: unknown) => TenantSchema.safeParse({ ...base, look: { ...base.look, short_name } }).success;
    expect(withShortName('Flirtlokaal')).toBe(true);
    expect(withShortName('ReifeKontakte')).toBe(false);
    expect(withShortName('')).toBe(false);
    expect(withShortName(undefined)).toBe(false);
  });

  it('accept own information pages only under a clean token that is not a built-in page, with a text', () => {
    const base = TENANTS.find((t) => t.id === 'flirtlokaal')!;
    const withPages = (info_pages: unknown) => TenantSchema.safeParse({ ...base, info_pages }).success;
    expect(withPages({ 'over-ons': { nl: { title: 'Over ons', body: 'Wij zijn {{company}}.' } } })).toBe(true);
    expect(withPages({ terms: { nl: { title: 'Voorwaarden', body: 'x' } } })).toBe(false);
    expect(withPages({ 'Over Ons': { nl: { title: 'Over ons', body: 'x' } } })).toBe(false);
    expect(withPages({ '../x': { nl: { title: 'x', body: 'x' } } })).toBe(false);
    expect(withPages({ leeg: {} })).toBe(false);
    expect(withPages({ taal: { xx: { title: 'x', body: 'x' } } })).toBe(false);
  });

  it('include three demo brands that differ visibly', () => {
    const demo = ['flirtlokaal', 'reifekontakte', 'velvetnights'].map((id) => TENANTS.find((t) => t.id === id)!);
    expect(demo.map((t) => t.settings.domain_language.slice(0, 2))).toEqual(['nl', 'de', 'en']);
    expect(new Set(demo.map((t) => t.look.colors.primary)).size).toBe(3);
    expect(demo[1].settings.niche).not.toBe(demo[0].settings.niche);
    expect(demo[0].settings.countries).toEqual(['NL', 'BE']);
    expect(demo[1].settings.countries).toEqual(['DE', 'AT', 'CH']);
    expect(demo[2].settings.countries).toEqual(['GB', 'IE', 'US']);
    expect(demo[2].look.show_us_footer).toBe(true);
  });

  it('give every brand primary and secondary colours that carry white text at 4.5:1 or better (WCAG AA)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const tenant of TENANTS) {
      for (const colour of [tenant.look.colors.primary, tenant.look.colors.secondary]) {
        expect(1.05 / (luminance(colour) + 0.05), `${tenant.id} ${colour}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('refuses a broken brand file with its name', () => {
    const broken = { ...TENANTS[0], settings: { ...TENANTS[0].settings, niche: 9 } };
    expect(() => parseTenants({ 'tenants/broken.ts': { default: broken } })).toThrow(/broken\.ts/);
    expect(() => parseTenants({ a: { default: TENANTS[0] }, b: { default: TENANTS[0] } })).toThrow(/share/);
  });

  it('refuse a brand made in the workspace whose company_id is not a registered legal entity, or whose trader is not it', () => {
    const base = TENANTS.find((t) => t.id === 'flirtlokaal')!;
    const orphan = checkBrandSettings('wees', 'DB', { ...base, settings: { ...base.settings, company_id: 7 } });
    expect(orphan.ok).toBe(false);
    expect(!orphan.ok && orphan.fields).toEqual({ 'settings.company_id': expect.stringContaining('no registered legal entity has id 7') });
    const renamed = checkBrandSettings('wees', 'DB', { ...base, company: { ...base.company, name: 'Andere B.V.' } });
    expect(!renamed.ok && renamed.fields).toEqual({ 'company.name': expect.stringContaining('Lokaal Media B.V.') });
    expect(checkBrandSettings('wees', 'DB', { ...base, company: { ...base.company, tradenames: ['Wees'] } }).ok).toBe(true);
  });
});

describe('the price of a message (issue 17, item 1)', () => {
  // Worked out by hand from the demo brands' packages: the lowest price per credit (the 600-credit package) times
  // message_credits, per currency.
  const expected: Record<string, Record<string, number>> = {
    flirtlokaal: { EUR: 100 }, // 119,95 / 600 x 5
    reifekontakte: { EUR: 120, CHF: 119 }, // 119,95 / 600 x 6; 119,00 / 600 x 6
    velvetnights: { GBP: 83, USD: 100, EUR: 100 }, // 99,99 / 600 x 5; 119,99 / 600 x 5; 119,95 / 600 x 5
  };

  it('is computed from the packages for every demo brand and currency, and served per country', async () => {
    for (const [id, prices] of Object.entries(expected)) {
      const tenant = TENANTS.find((t) => t.id === id)!;
      expect(messagePricesByCurrency(tenant.payments, tenant.settings.message_credits), id).toEqual(prices);
      for (const [country, { currency }] of Object.entries(tenant.payments.countries)) {
        const served = settingsFor(tenant, country, 'nl').minimum_message_costs[country];
        expect(served, `${id} ${country}`).toEqual({ costs: prices[currency] / 100, currency });
        // The brand file's floor is never below what the packages allow.
        expect(Math.round(tenant.settings.minimum_message_costs[country].costs * 100)).toBeGreaterThanOrEqual(prices[currency]);
      }
    }
  });

  it('refuses a brand file whose minimum_message_costs is lower than the packages allow, with the file and the numbers', () => {
    const base = TENANTS.find((t) => t.id === 'flirtlokaal')!;
    const cheap = { ...base, settings: { ...base.settings, minimum_message_costs: { NL: { costs: 0.55, currency: 'EUR' } } } };
    expect(() => parseTenants({ 'tenants/cheap.ts': { default: cheap } })).toThrow(/cheap\.ts[\s\S]*0\.55 EUR[\s\S]*1\.00 EUR/);
    const wrongCurrency = { ...base, settings: { ...base.settings, minimum_message_costs: { NL: { costs: 5, currency: 'USD' } } } };
    expect(TenantSchema.safeParse(wrongCurrency).success).toBe(false);
    const exact = { ...base, settings: { ...base.settings, minimum_message_costs: { NL: { costs: 1, currency: 'EUR' } } } };
    expect(TenantSchema.safeParse(exact).success).toBe(true);
  });
});
