// The market rules of core/markets with the demo brands' tenant files (here, not beside the rules: core never imports a tenant file).
import { describe, expect, it } from 'vitest';
import { TenantSchema } from '../../core/schemas/tenant';
import reifekontakte from '../../tenants/reifekontakte';
import flirtlokaal from '../../tenants/flirtlokaal';
import velvetnights from '../../tenants/velvetnights';
import { baseMarketRule, DEFAULT_MARKET_RULE, MARKET_RULES } from '../../core/markets/rules';
import { marketRule, orderButtonWords, overrideLoosenings } from '../../core/markets/tighten';

describe('market rules', () => {
  it('has a row for every country a demo brand serves, and the default row for any other', () => {
    for (const tenant of [reifekontakte, flirtlokaal, velvetnights])
      for (const country of tenant.settings.countries) expect(MARKET_RULES[country], country).toBeDefined();
    expect(baseMarketRule('FR')).toBe(DEFAULT_MARKET_RULE);
    expect(baseMarketRule(null)).toBe(DEFAULT_MARKET_RULE);
    expect(baseMarketRule('de')).toBe(MARKET_RULES.DE);
  });

  it('shows the 2257 statement to US visitors only', () => {
    expect(marketRule('US').legal_statements).toEqual(['us_2257']);
    for (const country of ['GB', 'IE', 'NL', 'DE', 'FR', null]) expect(marketRule(country).legal_statements, String(country)).toEqual([]);
  });

  it('asks highly effective age assurance in GB for photos, chat and paying; self-declaration elsewhere', () => {
    expect(marketRule('GB').age_assurance).toEqual({
      browse: 'self_declaration',
      photos: 'highly_effective',
      chat: 'highly_effective',
      pay: 'highly_effective',
    });
    expect(Object.values(marketRule('NL').age_assurance)).toEqual([
      'self_declaration',
      'self_declaration',
      'self_declaration',
      'self_declaration',
    ]);
    expect(marketRule('US').minimum_age).toBe(18);
  });

  it('prescribes the order button and the cancellation path in DE and AT only', () => {
    expect(orderButtonWords(marketRule('DE'), 'de')).toBe('Zahlungspflichtig bestellen');
    expect(orderButtonWords(marketRule('AT'), 'de-AT')).toBe('Zahlungspflichtig bestellen');
    expect(orderButtonWords(marketRule('DE'), 'fr')).toBe('Commande avec obligation de paiement');
    expect(orderButtonWords(marketRule('DE'), 'en-US')).toBe('Order with obligation to pay');
    expect(marketRule('DE').cancellation_path).toBe(true);
    expect(marketRule('AT').cancellation_path).toBe(true);
    for (const country of ['CH', 'NL', 'BE', 'GB', 'IE', 'US']) {
      expect(orderButtonWords(marketRule(country), 'de'), country).toBeNull();
      expect(marketRule(country).cancellation_path, country).toBe(false);
    }
  });

  it('gives every country the 7-day complaint deadline and the spending-warning thresholds', () => {
    for (const country of [...Object.keys(MARKET_RULES), 'FR']) {
      expect(marketRule(country).complaint_days).toBe(7);
      expect(marketRule(country).spending_warning).toEqual({ purchases_24h: 3, amount_24h_eur_cents: 10_000, night: { from: 0, to: 5 } });
    }
  });
});

describe('a brand tightens, never loosens', () => {
  it('applies a stricter row for one country and brand-wide rows for all', () => {
    const overrides = {
      '*': { spending_warning: { purchases_24h: 2 } },
      NL: { minimum_age: 21, age_assurance: { chat: 'highly_effective' as const }, complaint_days: 5 },
    };
    expect(overrideLoosenings(overrides)).toEqual([]);
    const nl = marketRule('NL', overrides);
    expect(nl.minimum_age).toBe(21);
    expect(nl.age_assurance.chat).toBe('highly_effective');
    expect(nl.age_assurance.pay).toBe('self_declaration');
    expect(nl.complaint_days).toBe(5);
    expect(nl.spending_warning.purchases_24h).toBe(2);
    expect(marketRule('BE', overrides).minimum_age).toBe(18);
    expect(marketRule('FR', overrides).spending_warning.purchases_24h).toBe(2);
  });

  it("adds button words where no law prescribes any, never replaces the law's", () => {
    const overrides = { '*': { order_button: { nl: 'Nu kopen en betalen' } } };
    expect(overrideLoosenings(overrides)).toEqual([]);
    expect(orderButtonWords(marketRule('NL', overrides), 'nl')).toBe('Nu kopen en betalen');
    expect(orderButtonWords(marketRule('DE', overrides), 'de')).toBe('Zahlungspflichtig bestellen');
    expect(overrideLoosenings({ DE: { order_button: { de: 'Bestellen' } } })[0].message).toMatch(/cannot be replaced/);
  });

  it('names every loosening with its reason', () => {
    const found = overrideLoosenings({
      GB: { age_assurance: { chat: 'self_declaration' }, minimum_age: 18 },
      DE: { cancellation_path: false },
      US: { legal_statements: [] },
      '*': { complaint_days: 14, spending_warning: { purchases_24h: 5, amount_24h_eur_cents: 20_000, night: { from: 1, to: 5 } } },
    });
    const messages = found.map((l) => `${l.path.join('.')}: ${l.message}`);
    expect(messages).toContain('GB.age_assurance.chat: GB: chat needs highly_effective age assurance, not self_declaration');
    expect(messages).toContain('DE.cancellation_path: DE: the law asks for the cancellation path (§ 312k BGB)');
    expect(messages).toContain('US.legal_statements: US: the law asks for the us_2257 statement');
    expect(messages.some((m) => m.startsWith('*.complaint_days: NL: complaints must be handled within 7 days'))).toBe(true);
    expect(messages.some((m) => m.startsWith('*.spending_warning.purchases_24h'))).toBe(true);
    expect(messages.some((m) => m.startsWith('*.spending_warning.amount_24h_eur_cents'))).toBe(true);
    expect(messages.some((m) => m.startsWith('*.spending_warning.night'))).toBe(true);
    expect(messages.filter((m) => m.startsWith('GB.'))).toHaveLength(1);
  });

  it('the tenant schema refuses a loosening with the reason, and takes a tightening', () => {
    const loose = TenantSchema.safeParse({ ...reifekontakte, market_rules: { DE: { cancellation_path: false } } });
    expect(loose.success).toBe(false);
    const issue = loose.error!.issues.find((i) => i.path[0] === 'market_rules');
    expect(issue?.path).toEqual(['market_rules', 'DE', 'cancellation_path']);
    expect(issue?.message).toBe('looser than the law: DE: the law asks for the cancellation path (§ 312k BGB)');
    const tight = TenantSchema.safeParse({ ...reifekontakte, market_rules: { CH: { cancellation_path: true } } });
    expect(tight.success).toBe(true);
    expect(TenantSchema.parse(reifekontakte).market_rules).toEqual({});
  });
});
