import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { TENANTS } from '../../worker/tenants';
import { SettingsSchema } from '../../core/schemas/settings';
import { BRANDS, fetchBrand } from './helpers';

const SPEC_FIELDS = [
  'name',
  'domain',
  'domain_language',
  'cdn_prefix',
  'niche',
  'description',
  'index_title',
  'countries',
  'visible_profile_fields',
  'visible_profile_notes',
  'search_fields',
  'geoip_country',
  'geoip_selected_country',
  'message_credits',
  'photo_credits',
  'gift_credits',
  'signup_credits',
  'message_length',
  'minimum_message_costs',
  'support_email',
  'support_phone',
  'push_public_key',
  'enable_site_entry_popup',
  'fictional_icon',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
  'refund_days',
  'signups',
  'logged_out_search',
  'logged_out_search_trafficsource',
  'member_resell',
  'company_id',
  'mail_name',
];

describe('GET /api/settings.php', () => {
  it.each(BRANDS)('answers every Settings field of SPEC.md §3 for %s', async (brand) => {
    const res = await fetchBrand(brand, '/api/settings.php', { country: 'NL' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json<Record<string, unknown>>();
    for (const field of SPEC_FIELDS) expect(body, field).toHaveProperty(field);
    expect(SettingsSchema.safeParse(body).success).toBe(true);
    // The values are the brand's, not merely present: each one its tenant file sets as a plain value is answered
    // as it is there, and a text per language in the visitor's language (nl for an NL visitor, else the brand's first).
    const tenant = TENANTS.find((t) => t.id === brand)!;
    const settings = tenant.settings as Record<string, unknown>;
    const language = tenant.languages.includes('nl') ? 'nl' : tenant.languages[0];
    let compared = 0;
    // push_public_key comes from the environment (the brand's VAPID key), tested below.
    for (const field of SPEC_FIELDS.filter((f) => f in settings && f !== 'push_public_key')) {
      const value = settings[field];
      const perLanguage = value !== null && typeof value === 'object' && !Array.isArray(value) && language in value;
      if (perLanguage) expect(body[field], field).toBe((value as Record<string, string>)[language]);
      else if (typeof value !== 'object' || Array.isArray(value)) expect(body[field], field).toEqual(value);
      else continue;
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it("takes geoip_country from the request's geo-IP country", async () => {
    const nl = await (await fetchBrand('flirtlokaal', '/api/settings.php', { country: 'BE' })).json<Record<string, string>>();
    expect(nl.geoip_country).toBe('BE');
    expect(nl.geoip_selected_country).toBe('BE');
  });

  it("selects the brand's first country for a visitor from elsewhere", async () => {
    const body = await (await fetchBrand('reifekontakte', '/api/settings.php', { country: 'FR' })).json<Record<string, string>>();
    expect(body.geoip_country).toBe('FR');
    expect(body.geoip_selected_country).toBe('DE');
  });

  it('lets tests and local mode override the country with X-Debug-Country', async () => {
    const body = await (await fetchBrand('velvetnights', '/api/settings.php', { headers: { 'X-Debug-Country': 'us' } })).json<
      Record<string, string>
    >();
    expect(body.geoip_country).toBe('US');
  });

  it('answers the brand of the host, not another', async () => {
    const a = await (await fetchBrand('flirtlokaal', '/api/settings.php')).json<Record<string, unknown>>();
    const b = await (await fetchBrand('velvetnights', '/api/settings.php')).json<Record<string, unknown>>();
    expect(a.name).toBe('Flirtlokaal');
    expect(b.name).toBe('Velvet Nights');
  });

  it('serves the local VAPID public key in local mode (the browser subscribes with the key the local push signs with), on every request', async () => {
    const local = (env as unknown as Record<string, string>).VAPID_PUBLIC_KEY_FLIRTLOKAAL;
    for (let i = 0; i < 2; i++) {
      const body = await (await fetchBrand('flirtlokaal', '/api/settings.php')).json<Record<string, string>>();
      expect(body.push_public_key).toBe(local);
    }
    const other = await (await fetchBrand('velvetnights', '/api/settings.php')).json<Record<string, string>>();
    expect(other.push_public_key).toBe(TENANTS.find((t) => t.id === 'velvetnights')!.settings.push_public_key);
  });
});
