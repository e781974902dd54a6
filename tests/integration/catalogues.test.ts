import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../core/constants';
import type { Catalogue } from '../../core/state';

const files = import.meta.glob<Catalogue>('../../locales/*.json', { eager: true, import: 'default' });
const byLanguage = Object.fromEntries(Object.entries(files).map(([f, c]) => [f.replace(/^.*\/(.+)\.json$/, '$1'), c]));

function flatten(catalogue: Catalogue, prefix = ''): Record<string, string> {
  return Object.entries(catalogue).reduce<Record<string, string>>((out, [key, value]) => {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
    return out;
  }, {});
}

const nl = flatten(byLanguage.nl);
/** `key_one`, `key_few`, ...: i18next's plural forms of a key with {{count}} (client/i18n.ts picks them by count). */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
const isPluralForm = (key: string) => PLURAL_FORM.test(key) && (nl[key.replace(PLURAL_FORM, '')] ?? '').includes('{{count}}');
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const wordsOf = (s: string) =>
  s
    .replace(/\{\{\w+\}\}/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
/** Texts that are the same in every language on purpose. */
const SAME_EVERYWHERE = new Set(['footer.us_2257']);

describe('message catalogues', () => {
  it('exist for every interface language', () => {
    expect(Object.keys(byLanguage).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'nl'))('%s has exactly the keys of nl, each translated, with the same placeholders', (language) => {
    const other = flatten(byLanguage[language]);
    // Plural forms (`key_one`, `key_few`) are the language's own: none is required.
    const keys = (c: Record<string, string>) =>
      Object.keys(c)
        .filter((k) => !isPluralForm(k))
        .sort();
    expect(keys(other)).toEqual(keys(nl));
    for (const [key, text] of Object.entries(other)) {
      const base = isPluralForm(key) ? key.replace(PLURAL_FORM, '') : key;
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(nl[base]));
      // Translated, not copied: a text of three words or more that reads as the Dutch one is Dutch. Short ones may
      // be the same word (Match, Sushi, iDEAL, Likes); the 2257 statement is the US law's English everywhere.
      if (wordsOf(text) >= 3 && !SAME_EVERYWHERE.has(key)) expect(text, `${language} ${key}: still the Dutch text`).not.toBe(nl[base]);
    }
  });

  it.each(LANGUAGES)('%s has plural forms only where they read otherwise, and those its language has', (language) => {
    const catalogue = flatten(byLanguage[language]);
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
    for (const [key, text] of Object.entries(catalogue)) {
      const form = isPluralForm(key) && PLURAL_FORM.exec(key)?.[1];
      if (!form) continue;
      expect(categories, `${language} ${key}`).toContain(form);
      expect(text, `${language} ${key}: the same as its key`).not.toBe(catalogue[key.replace(PLURAL_FORM, '')]);
    }
  });

  it('holds the Dutch texts of SPEC.md word for word', () => {
    const texts = Object.values(nl);
    for (const spec of [
      'Je profielnaam moet anders zijn dan je e-mailadres',
      'Je profielnaam mag niet beginnen met een @',
      'Vul uw geboortedatum in',
      '+ jaar',
      'Ongeldige geboortedatum.',
      'Ongeldige e-mail',
      'Nieuw e-mailadres invalide.',
      'Dit e-mailadres heeft al een account op deze site.',
      'De opgegeven wachtwoorden zijn niet gelijk.',
      'Controleer je oude wachtwoord.',
      'Code niet gevonden',
      'Code reeds gebruikt',
      'Code ongeldig',
      'Je moet ingelogd zijn om te chatten',
      "Om meer foto's van {{name}} te zien moet je ingelogd zijn",
      'Om een cadeautje te sturen moet je ingelogd zijn',
      'Je moet ingelogd zijn om een like te geven',
      'Deze functie is alleen beschikbaar voor premium leden.',
      'Er is een fout opgetreden, probeer het later opnieuw.',
      'Login mislukt, probeer opnieuw',
      'Te veel foute pogingen, account voor {{minutes}} min geblokkeerd.',
      'E-mailadres niet gevonden',
      'Link verlopen of invalide, vraag een nieuwe e-mail aan',
      'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
      'Activeren mislukt',
      'Betaling mislukt',
      'De betaling is mislukt of geannuleeerd.',
      'Je hebt onvoldoende credits',
      'Foto-limiet bereikt',
    ]) {
      expect(texts, spec).toContain(spec);
    }
  });
});
