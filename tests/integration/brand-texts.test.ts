import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../core/constants';
import type { BrandText } from '../../core/rules/brand-text';
import { fetchBrand } from './helpers';

// Issue 46, item 12: every demo brand has its own texts and the fictional notice in every language of the engine,
// translated, so a visitor never reads the brand's domain language in a page of another (an Italian visitor of
// ReifeKontakte read German).
const FILES = import.meta.glob<{ default: { id: string; look: Record<string, unknown>; settings: Record<string, unknown> } }>(
  '../../tenants/*.ts',
  { eager: true },
);
const BRANDS = Object.values(FILES).map((m) => m.default);
const TEXTS = [
  ['look', 'tagline'],
  ['settings', 'description'],
  ['settings', 'index_title'],
  ['settings', 'fictional_warning'],
  ['settings', 'fictional_singular'],
  ['settings', 'fictional_plural'],
] as const;

describe("the demo brands' own texts", () => {
  it('are written in every language (en-US reads en), each translated, never a copy of the domain language', () => {
    expect(BRANDS.map((b) => b.id)).toEqual(expect.arrayContaining(['flirtlokaal', 'reifekontakte', 'velvetnights', 'proxydemo']));
    for (const brand of BRANDS) {
      const domain = String(brand.settings.domain_language).slice(0, 2);
      for (const [part, key] of TEXTS) {
        const text = brand[part][key] as BrandText;
        expect(typeof text, `${brand.id} ${key}`).toBe('object');
        const byLanguage = text as Record<string, string>;
        for (const language of LANGUAGES) {
          const own = byLanguage[language] ?? byLanguage[language.slice(0, 2)];
          expect(own, `${brand.id} ${key} ${language}`).toBeTruthy();
          if (language.slice(0, 2) !== domain) expect(own, `${brand.id} ${key} ${language}`).not.toBe(byLanguage[domain]);
        }
      }
    }
  });

  it('reach the page: an Italian visitor of ReifeKontakte and a Spanish one of Velvet Nights read their own language', async () => {
    const html = async (brand: string, language: string, country: string) =>
      (await fetchBrand(brand, '/', { country, headers: { Cookie: `i18n_redirected=${language}; entry_ok=1` } })).text();
    const italian = await html('reifekontakte', 'it', 'CH');
    expect(italian).toContain('ReifeKontakte ti mette in contatto con donne con esperienza');
    expect(italian).not.toContain('ReifeKontakte bringt dich');
    const spanish = await html('velvetnights', 'es', 'US');
    expect(spanish).toContain('Velvet Nights es donde solteros aventureros');
    expect(spanish).not.toContain('Velvet Nights is where');
  });
});
