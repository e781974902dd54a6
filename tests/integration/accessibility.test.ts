import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../core/constants';
import { fetchBrand, seedProfiles } from './helpers';

type Tree = { [key: string]: string | Tree };
const catalogues = import.meta.glob<Tree>(['../../locales/*.json', '../../locales/pages/*.json'], { import: 'default', eager: true });
/** A text of a catalogue: `nl` (locales/nl.json) or `pages:nl` (locales/pages/nl.json), by its dotted key. */
function catalogueText(name: string, key: string): string {
  const file = name.startsWith('pages:') ? `../../locales/pages/${name.slice(6)}.json` : `../../locales/${name}.json`;
  const value = key
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), catalogues[file]);
  if (typeof value !== 'string') throw new Error(`no text ${name} ${key}`);
  return value;
}

// Issue 45 item 12: an accessibility statement per brand in the 12 interface languages, linked in the footer of
// every page, and the fictional-profile marker drawn as an icon with words, never as the tenant's emoji.

const page = async (brand: string, path: string, language: string, country = 'NL') => {
  const res = await fetchBrand(brand, path, { country, headers: { Cookie: `i18n_redirected=${language};entry_ok=1` } });
  return { status: res.status, html: await res.text() };
};

const EMOJI_MARKERS = ['🎭', '✨'];
/** What the page shows: the HTML before the state (whose settings still carry SPEC.md's fictional_icon field). */
const shown = (html: string) => html.slice(0, html.indexOf('<script id="__STATE__"'));

// Visitor pages come from the edge cache: the profiles are there before the first page is made.
beforeAll(async () => {
  await seedProfiles('flirtlokaal', 'NL', 6);
  await seedProfiles('reifekontakte', 'DE', 4);
});

describe('the accessibility statement', () => {
  it.each(LANGUAGES)('renders in %s with the standard, the known gaps, how to report a barrier and its date', async (language) => {
    const { status, html } = await page('flirtlokaal', '/pages/accessibility', language);
    expect(status).toBe(200);
    expect(html).toContain('data-testid="page-accessibility"');
    // en-US is the language of US visitors; a Dutch brand's page asked for it is served as en (the same text).
    expect(html).toContain(`<html lang="${language === 'en-US' ? 'en' : language}"`);
    expect(html).toContain(`>${catalogueText(`pages:${language}`, 'accessibility.title').replace(/'/g, '&#x27;')}</h1>`);
    expect(html).toContain('WCAG 2.1');
    expect(html).toContain('EN 301 549');
    expect(html).toContain('2019/882');
    // The brand filled in, the way to report a barrier, and the date; no placeholder left.
    expect(html).toContain('Flirtlokaal');
    expect(html).toContain('href="/complaints"');
    expect(html).toContain('mailto:support@flirtlokaal.nl');
    expect(html).toContain('2026');
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain('Flirtlokaal (flirtlokaal.nl)');
    expect(main).not.toMatch(/\{\{\w+\}\}/);
  });

  it('is written in each language in its own words, not copied from English', async () => {
    const titles = new Set(LANGUAGES.filter((l) => l !== 'en-US').map((l) => catalogueText(`pages:${l}`, 'accessibility.title')));
    expect(titles.size).toBe(LANGUAGES.length - 1);
  });

  it("is linked in the footer of the app's pages and of the landers, in the page's language", async () => {
    for (const [brand, path, language, country] of [
      ['flirtlokaal', '/', 'nl', 'NL'],
      ['flirtlokaal', '/pages/faq', 'fr', 'NL'],
      ['reifekontakte', '/', 'de', 'DE'],
      ['velvetnights', '/pricing', 'en', 'GB'],
      ['flirtlokaal', '/landers/alonetonight', 'nl', 'NL'],
    ]) {
      const { status, html } = await page(brand, path, language, country);
      expect(status, `${brand}${path}`).toBe(200);
      const link = new RegExp(`<a[^>]*href="/pages/accessibility"[^>]*>${catalogueText(language, 'footer.accessibility')}</a>`);
      expect(html, `${brand}${path}`).toMatch(link);
    }
  });
});

describe('the fictional-profile marker', () => {
  it('is an icon with the brand words on the information pages, never the emoji', async () => {
    for (const [brand, language, country] of [
      ['flirtlokaal', 'nl', 'NL'],
      ['reifekontakte', 'de', 'DE'],
    ]) {
      const { html } = await page(brand, '/pages/faq', language, country);
      expect(html).toMatch(
        /data-testid="fictional-mark"><span class="icon i-lucide-drama[^"]*" aria-hidden="true"><\/span><span>(fictief profiel|fiktives Profil)<\/span>/,
      );
      for (const emoji of EMOJI_MARKERS) expect(shown(html), `${brand} ${emoji}`).not.toContain(emoji);
    }
  });

  it('is an icon with words on the profile cards of the home page', async () => {
    const { html } = await page('flirtlokaal', '/', 'nl');
    const labels = html.match(/data-testid="fictional-label"[^>]*>(?:(?!<\/span><\/span><\/span>).)*/gs) ?? [];
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toContain('i-lucide-drama');
    for (const emoji of EMOJI_MARKERS) expect(shown(html)).not.toContain(emoji);
  });
});

describe('photos in the chat', () => {
  // The buttons and photos themselves: client/components/chat/photo-names.test.tsx (the chat is not server-rendered).
  it('has a name for every photo button of the picker in every language', () => {
    for (const language of LANGUAGES) {
      for (const key of ['chat.photo_pick_n', 'chat.photo_pick_private', 'chat.photo_mine', 'chat.photo_theirs']) {
        const text = catalogueText(language, key);
        if (key.startsWith('chat.photo_pick')) expect(text, `${language} ${key}`).toMatch(/\{\{n\}\}.*\{\{total\}\}/);
        if (language !== 'en' && language !== 'en-US') expect(text, `${language} ${key}`).not.toBe(catalogueText('en', key));
      }
    }
  });
});
