import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createMember, DAYTIME, fetchBrand, seedProfiles } from './helpers';

// Issue 17, item 5: the brand's texts in the visitor's language, and the fictional warning as text on a profile.
const settings = async (language: string) =>
  (await fetchBrand('flirtlokaal', '/api/settings.php', { country: 'BE', headers: { Cookie: `i18n_redirected=${language}` } })).json<
    Record<string, any>
  >();

describe('disclosure', () => {
  it("gives a French visitor of a Dutch brand the brand's texts in French, and a language without its own the Dutch", async () => {
    const fr = await settings('fr');
    expect(fr.fictional_warning).toMatch(/^Les profils avec cette icône sont fictifs/);
    expect(fr.fictional_plural).toBe('profils fictifs');
    expect(fr.brand.tagline).toBe('Des rencontres excitantes près de chez toi');
    const nl = await settings('nl');
    expect(nl.fictional_warning).toMatch(/^Profielen met dit icoon zijn fictief/);
    expect(nl.index_title).toBe('Flirtlokaal - flirten en daten in Nederland en België');
    // Velvet Nights writes its texts in every language too (issue 46, item 12): a Spanish visitor reads Spanish.
    const velvet = await (
      await fetchBrand('velvetnights', '/api/settings.php', { country: 'GB', headers: { Cookie: 'i18n_redirected=es' } })
    ).json<Record<string, any>>();
    expect(velvet.fictional_warning).toMatch(/^Los perfiles con este icono son ficticios/);
  });

  it("shows a fictional profile's page with the brand's warning as text, in the page's language", async () => {
    await seedProfiles('flirtlokaal', 'NL', 2);
    const fictional = await env.DB.prepare(
      "SELECT id FROM profiles WHERE tenant_id = 'flirtlokaal' AND fictional = 1 AND name LIKE 'Anna%' ORDER BY id DESC LIMIT 1",
    ).first<{ id: number }>();
    const { cookie } = await createMember('flirtlokaal', { paid: true, credits: 50 });
    for (const [language, warning] of [
      ['nl', 'Profielen met dit icoon zijn fictief'],
      ['fr', 'Les profils avec cette icône sont fictifs'],
    ]) {
      const html = await (
        await fetchBrand('flirtlokaal', `/members/${fictional!.id}`, {
          country: 'NL',
          headers: { Cookie: `${cookie}; i18n_redirected=${language}` },
        })
      ).text();
      const body = html.split('<script id="__STATE__"')[0];
      expect(body, language).toContain('data-testid="fictional-label"');
      expect(body, language).toContain(warning);
    }
  });

  it('says before the first purchase, in one sentence with the link to the terms, that some profiles are fictional', async () => {
    const page = async (paid: boolean) => {
      const { cookie } = await createMember('flirtlokaal', { paid });
      const headers = { Cookie: cookie, ...DAYTIME };
      const html = await (await fetchBrand('flirtlokaal', '/credits/2/ideal', { country: 'NL', headers })).text();
      return html.split('<script id="__STATE__"')[0];
    };
    const first = await page(false);
    const sentence = first.match(/data-testid="fictional-disclosure"[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? '';
    expect(sentence).toContain('fictieve profielen');
    expect(sentence).toContain('medewerkers');
    expect(sentence).toContain('href="/pages/terms"');
    expect(await page(true)).not.toContain('data-testid="fictional-disclosure"');
  });
});
