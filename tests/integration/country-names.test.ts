import { describe, expect, it } from 'vitest';
import { fetchBrand, pageState } from './helpers';

// Issue 20 (the members page's main thread): a page names its brand's countries in its own state, in the page's
// language, so the browser's search form hydrates without loading Intl.DisplayNames' locale data.
const page = async (brand: string, language: string) =>
  pageState(await (await fetchBrand(brand, '/', { country: 'NL', headers: { Cookie: `entry_ok=1; i18n_redirected=${language}` } })).text());

describe('country names in the page state', () => {
  it("names the brand's countries, and only those, in the page's language", async () => {
    expect((await page('flirtlokaal', 'nl')).countryNames).toEqual({ NL: 'Nederland', BE: 'België' });
    expect((await page('flirtlokaal', 'fr')).countryNames).toEqual({ NL: 'Pays-Bas', BE: 'Belgique' });
    expect((await page('reifekontakte', 'de')).countryNames).toEqual({ DE: 'Deutschland', AT: 'Österreich', CH: 'Schweiz' });
  });
});
