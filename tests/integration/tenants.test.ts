import { describe, expect, it } from 'vitest';
import { TenantSchema } from '../../core/schemas/tenant';
import { parseTenants } from '../../core/tenant-files';
import { TENANTS } from '../../worker/tenants';

describe('tenant files', () => {
  it('are all valid against the core schema', () => {
    for (const tenant of TENANTS) expect(TenantSchema.safeParse(tenant).success, tenant.id).toBe(true);
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

  it('refuses a broken brand file with its name', () => {
    const broken = { ...TENANTS[0], settings: { ...TENANTS[0].settings, niche: 9 } };
    expect(() => parseTenants({ 'tenants/broken.ts': { default: broken } })).toThrow(/broken\.ts/);
    expect(() => parseTenants({ a: { default: TENANTS[0] }, b: { default: TENANTS[0] } })).toThrow(/share/);
  });
});
