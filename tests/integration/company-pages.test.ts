import { describe, expect, it } from 'vitest';
import { COOKIE, LANGUAGES } from '../../core/constants';
import { BOOKMARK_COOKIE } from '../../worker/db/request-db';
import { KNOWN_DEVICE_COOKIE } from '../../worker/auth/known-device';
import { TRAFFIC_SOURCE_COOKIE } from '../../worker/tracking/traffic-source';
import { fetchBrand, pageState } from './helpers';
import { COMPANIES } from '../../core/data/companies';
import { TENANTS } from '../../worker/tenants';

const PAGES = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service'];

const page = async (brand: string, path: string, language?: string) => {
  const res = await fetchBrand(brand, path, {
    country: brand === 'velvetnights' ? 'GB' : 'NL',
    headers: language ? { Cookie: `i18n_redirected=${language}` } : {},
  });
  return { status: res.status, html: await res.text() };
};

describe('information pages', () => {
  it('the cookie policy names every cookie the site sets, in every language', async () => {
    const cookies = [...Object.values(COOKIE), KNOWN_DEVICE_COOKIE, BOOKMARK_COOKIE, TRAFFIC_SOURCE_COOKIE];
    for (const language of LANGUAGES) {
      const { html } = await page('flirtlokaal', '/pages/cookies', language);
      for (const name of cookies) expect(html, `${language} ${name}`).toContain(`<strong>${name}</strong>`);
    }
  });

  it.each(PAGES)('/pages/%s renders on the server with the company behind the brand, in nl and en', async (name) => {
    for (const language of ['nl', 'en']) {
      const { status, html } = await page('flirtlokaal', `/pages/${name}`, language);
      expect(status, `${name} ${language}`).toBe(200);
      expect(html).toContain(`data-testid="page-${name}"`);
      expect(html).not.toContain('data-testid="placeholder"');
      expect(html).toContain(`<html lang="${language}"`);
      for (const value of [
        'Lokaal Media B.V.',
        'Keizersgracht 100',
        'Amsterdam',
        '81234567',
        'NL862345678B01',
        '+31 20 123 4567',
        'support@flirtlokaal.nl',
      ]) {
        expect(html, `${name} ${language} ${value}`).toContain(value);
      }
      // Only the page's own language travels to the browser, in SWR's fallback under the client's URL.
      const state = pageState(html);
      const keys = Object.keys(state.fallback).filter((k) => k.startsWith('/api/pages.php'));
      expect(keys).toEqual([`/api/pages.php?page=${name}&lang=${language}`]);
      expect(state.fallback['/api/companyinfo.php'].name).toBe('Lokaal Media B.V.');
      expect(state.catalogue.pages_text).toBeUndefined();
    }
  });

  it('writes each language in its own words, with the brand filled in and no placeholder left', async () => {
    const nl = await page('flirtlokaal', '/pages/terms', 'nl');
    const en = await page('flirtlokaal', '/pages/terms', 'en');
    expect(nl.html).toContain('Algemene voorwaarden');
    expect(nl.html).not.toContain('Terms and conditions');
    expect(en.html).toContain('Terms and conditions');
    expect(en.html).not.toContain('Algemene voorwaarden');
    for (const { html } of [nl, en]) {
      expect(html).toContain('Flirtlokaal (flirtlokaal.nl)');
      // The rendered page, not the state (whose texts keep their placeholders for the client to fill).
      expect(html.split('<script id="__STATE__"')[0]).not.toMatch(/\{\{\w+\}\}/);
    }
  });

  it('shows the terms version date: the default, or the company added date when later', async () => {
    // Flirtlokaal's company was added on 2024-03-01, after the default date.
    const later = await page('flirtlokaal', '/pages/terms', 'nl');
    expect(later.html).toContain('data-date="2024-03-01T09:00:00.000Z"');
    expect(later.html).toContain('Versie van 1 maart 2024');
    // ReifeKontakte's company was added in June 2023: the default date stands.
    const earlier = await page('reifekontakte', '/pages/terms');
    expect(earlier.html).toContain('data-date="2023-12-01T12:00:00.000Z"');
    expect(earlier.html).toContain('1. Dezember 2023');
    const velvet = await page('velvetnights', '/pages/terms');
    expect(velvet.html).toContain('10 January 2025');
    expect(velvet.html).toContain('Velvet Media Ltd');
    expect(velvet.html).not.toContain('Lokaal Media');
  });

  it('GET /api/pages.php answers every page in every language, and refuses unknown pages', async () => {
    for (const language of LANGUAGES) {
      const res = await fetchBrand('velvetnights', `/api/pages.php?page=faq&lang=${language}`);
      expect(res.status, language).toBe(200);
      const body = await res.json<{ language: string; title: string; body: string; values: Record<string, string> }>();
      expect(body.language).toBe(language);
      expect(body.body.length).toBeGreaterThan(500);
      expect(body.values.support_email).toBe('support@velvetnights.com');
    }
    // Every page of every language names only values the server fills.
    for (const language of LANGUAGES) {
      for (const name of [...PAGES, 'premium', 'pricing']) {
        const body = await (await fetchBrand('flirtlokaal', `/api/pages.php?page=${name}&lang=${language}`)).json<{
          title: string;
          body: string;
          values: Record<string, string>;
        }>();
        const names = [...body.body.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
        expect(
          names.filter((n) => !(n in body.values)),
          `${language} ${name}`,
        ).toEqual([]);
        expect(body.title.length, `${language} ${name}`).toBeGreaterThan(2);
      }
    }
    expect((await fetchBrand('velvetnights', '/api/pages.php?page=../../etc')).status).toBe(400);
    expect((await fetchBrand('velvetnights', '/api/pages.php?page=terms&lang=xx')).status).toBe(400);
  });

  it("serves a brand's own pages at /pages/{token} in the visitor's language, and only on that brand", async () => {
    const de = await page('reifekontakte', '/pages/impressum', 'de');
    expect(de.status).toBe(200);
    expect(de.html).toContain('data-testid="page-impressum"');
    const rendered = de.html.split('<script id="__STATE__"')[0];
    for (const value of ['Angaben gemäß § 5 DDG', 'DE312345678', '+49 30 1234 5678', 'href="/complaints"'])
      expect(rendered, value).toContain(value);
    expect(rendered).not.toMatch(/\{\{\w+\}\}/);
    expect(pageState(de.html).fallback['/api/pages.php?page=impressum&lang=de'].title).toBe('Impressum');

    const en = await (await fetchBrand('reifekontakte', '/api/pages.php?page=impressum&lang=en')).json<{
      title: string;
      language: string;
    }>();
    expect(en).toMatchObject({ title: 'Legal notice (Impressum)', language: 'en' });
    // A language the brand wrote no text in shows its first one.
    const it = await (await fetchBrand('reifekontakte', '/api/pages.php?page=impressum&lang=it')).json<{ title: string }>();
    expect(it.title).toBe('Impressum');

    // Another brand's token, an unknown token and a malformed one are all the 404 page; the API answers 404 / 400.
    for (const [brand, path] of [
      ['flirtlokaal', '/pages/impressum'],
      ['reifekontakte', '/pages/veilig-daten'],
      ['reifekontakte', '/pages/nope'],
      ['reifekontakte', '/pages/Impressum'],
      ['reifekontakte', '/pages/a..b'],
    ] as const) {
      const res = await page(brand, path);
      expect(res.status, `${brand} ${path}`).toBe(404);
      expect(res.html, path).not.toContain('Angaben gemäß');
    }
    const missing = await fetchBrand('flirtlokaal', '/api/pages.php?page=impressum');
    expect(missing.status).toBe(404);
    expect((await missing.json<{ error: { message: string } }>()).error.message).toBe('Deze pagina kon niet worden gevonden');
    expect((await fetchBrand('flirtlokaal', '/api/pages.php?page=veilig-daten&lang=nl')).status).toBe(200);
  });

  it("links a brand's own pages from the footer of every page and lander, titled in the page's language", async () => {
    const footerLinks = (html: string) =>
      [...(html.split('<footer')[1] ?? '').matchAll(/<a href="(\/pages\/impressum)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]]);
    expect(footerLinks((await page('reifekontakte', '/members/1', 'de')).html)).toEqual([['/pages/impressum', 'Impressum']]);
    expect(footerLinks((await page('reifekontakte', '/complaints', 'en')).html)).toEqual([
      ['/pages/impressum', 'Legal notice (Impressum)'],
    ]);
    // Italian has no text of its own: the link says what the page will show.
    expect(footerLinks((await page('reifekontakte', '/landers/gallery', 'it')).html)).toEqual([['/pages/impressum', 'Impressum']]);
    // Only on the brand that has the page.
    expect(footerLinks((await page('flirtlokaal', '/', 'nl')).html)).toEqual([]);
    expect((await page('flirtlokaal', '/', 'nl')).html).toContain('href="/pages/veilig-daten"');
  });

  it('builds premium, pricing, complaints and the language page', async () => {
    const premium = await page('flirtlokaal', '/premium', 'nl');
    expect(premium.html).toContain('data-testid="page-premium"');
    expect(premium.html).toContain('46%');
    expect(premium.html).toContain('data-testid="fictional-notice"');
    const pricing = await page('flirtlokaal', '/pricing', 'nl');
    expect(pricing.html).toContain('data-testid="message-price"');
    // 600 credits for € 119,95 is the lowest price per credit: 5 credits cost € 1,00 (issue 17, item 1).
    expect(pricing.html).toMatch(/€\s?1,00/);
    expect(pricing.html).toContain('14');
    const complaints = await page('flirtlokaal', '/complaints', 'nl');
    expect(complaints.html).toContain('data-testid="complaints"');
    const langConfig = await fetchBrand('flirtlokaal', '/lang-config', { country: 'BE' });
    const html = await langConfig.text();
    expect(html).toContain('data-layout="empty"');
    for (const language of ['nl', 'fr', 'de']) expect(html).toContain(`data-testid="lang-${language}"`);
  });
});

describe('free-member limits (issue 17, item 7)', () => {
  it('are stated where a member decides to pay: /premium, /pricing and the FAQ, from the chat rule itself', async () => {
    const { FREE_CONVERSATIONS } = await import('../../core/constants');
    const sentence = new RegExp(`met maximaal (<!-- -->)?${FREE_CONVERSATIONS}(<!-- -->)? leden een gesprek beginnen`);
    for (const path of ['/premium', '/pricing', '/pages/faq']) {
      const html = (await page('flirtlokaal', path, 'nl')).html.split('<script id="__STATE__"')[0];
      expect(html, path).toMatch(sentence);
    }
    const en = (await page('velvetnights', '/premium', 'en')).html;
    expect(en).toMatch(new RegExp(`at most (<!-- -->)?${FREE_CONVERSATIONS}(<!-- -->)? members`));
  });
});

describe('the trader behind a brand is the registered entity of its company_id (issue 46 item 14)', () => {
  const shown = (html: string) => html.split('<script id="__STATE__"')[0];

  it("the imprint and the terms name every registered field of the brand's entity", async () => {
    const entity = COMPANIES[TENANTS.find((t) => t.id === 'reifekontakte')!.settings.company_id];
    const impressum = shown((await page('reifekontakte', '/pages/impressum', 'de')).html);
    const terms = shown((await page('reifekontakte', '/pages/terms', 'de')).html);
    for (const value of [entity.name, entity.address, entity.kvk, entity.city, entity.country, ...entity.vat_numbers]) {
      expect(impressum, value).toContain(value);
      expect(terms, value).toContain(value);
    }
  });

  it('two brands of one company show the same trader on their terms and in companyinfo', async () => {
    // inviteonly (tests/fixtures/tenants) is a second brand of company 1, flirtlokaal's.
    const entity = COMPANIES[1];
    for (const brand of ['flirtlokaal', 'inviteonly']) {
      expect(TENANTS.find((t) => t.id === brand)!.settings.company_id, brand).toBe(1);
      const terms = shown((await page(brand, '/pages/terms', 'nl')).html);
      for (const value of [entity.name, entity.address, entity.kvk, entity.city, ...entity.vat_numbers])
        expect(terms, `${brand} ${value}`).toContain(value);
      const info = await (await fetchBrand(brand, '/api/companyinfo.php', { country: 'NL' })).json<{
        name: string;
        vat_numbers: string[];
      }>();
      expect([info.name, info.vat_numbers], brand).toEqual([entity.name, entity.vat_numbers]);
    }
  });
});
