import type { Language } from '../constants';

/**
 * Phrases with which a member asks whether a profile is real (issue 14, "privacy and honesty"): the queue and the
 * answer screen flag such a conversation (`asks_if_real`) so the operator answers honestly (the disclosure text).
 * Short and deliberately broad: a false flag costs an operator a glance, a missed one costs the member the truth.
 * Matched on whole words in lower case with accents kept; every language's list is tried, because members do not
 * always write in the language they chose.
 */
export const ASKS_IF_REAL: Record<Language, readonly string[]> = {
  nl: [
    'ben je echt',
    'ben jij echt',
    'ben je wel echt',
    'besta je echt',
    'ben je nep',
    'nep profiel',
    'nepprofiel',
    'nep',
    'ben je een bot',
    'ben jij een bot',
    'een robot',
    'ben je een medewerker',
    'fictief',
  ],
  en: [
    'are you real',
    'r u real',
    'are u real',
    'is this real',
    'fake',
    'a bot',
    'are you a bot',
    'a robot',
    'are you a person',
    'real person',
    'catfish',
    'fictional',
  ],
  'en-US': [
    'are you real',
    'r u real',
    'are u real',
    'is this real',
    'fake',
    'a bot',
    'are you a bot',
    'a robot',
    'real person',
    'catfish',
    'fictional',
  ],
  de: [
    'bist du echt',
    'bist du real',
    'gibt es dich wirklich',
    'fake',
    'gefälscht',
    'ein bot',
    'bist du ein bot',
    'ein roboter',
    'fiktiv',
    'echte person',
  ],
  fr: [
    'es-tu réel',
    'es-tu réelle',
    'tu es réel',
    'tu es réelle',
    'tu es vrai',
    'tu es vraie',
    'faux profil',
    'un faux',
    'fake',
    'un bot',
    'un robot',
    'fictif',
    'fictive',
  ],
  es: [
    'eres real',
    'eres de verdad',
    'perfil falso',
    'eres falso',
    'eres falsa',
    'fake',
    'un bot',
    'eres un bot',
    'un robot',
    'ficticio',
    'ficticia',
  ],
  it: [
    'sei reale',
    'sei vero',
    'sei vera',
    'profilo falso',
    'sei finto',
    'sei finta',
    'fake',
    'un bot',
    'sei un bot',
    'un robot',
    'fittizio',
    'fittizia',
  ],
  da: ['er du ægte', 'er du rigtig', 'findes du', 'falsk profil', 'fake', 'en bot', 'er du en bot', 'en robot', 'fiktiv'],
  nb: ['er du ekte', 'finnes du', 'falsk profil', 'fake', 'en bot', 'er du en bot', 'en robot', 'fiktiv'],
  sv: ['är du äkta', 'är du på riktigt', 'finns du', 'falsk profil', 'fejk', 'fake', 'en bot', 'är du en bot', 'en robot', 'fiktiv'],
  fi: [
    'oletko oikea',
    'oletko aito',
    'oletko todellinen',
    'feikki',
    'valeprofiili',
    'fake',
    'botti',
    'oletko botti',
    'robotti',
    'fiktiivinen',
  ],
  pl: [
    'jesteś prawdziwa',
    'jesteś prawdziwy',
    'czy istniejesz',
    'fałszywy profil',
    'fake',
    'bot',
    'jesteś botem',
    'robot',
    'fikcyjny',
    'fikcyjna',
  ],
};

const LETTER = /[\p{L}\p{N}]/u;

/** Compiled once: every phrase of every language, matched with word boundaries that know accented letters. */
const PHRASES = [...new Set(Object.values(ASKS_IF_REAL).flat())].map((p) => p.toLowerCase());

/** Whether one message text asks whether the profile is real. */
export function asksIfReal(text: string | null | undefined): boolean {
  if (!text) return false;
  const hay = text.toLowerCase().replace(/\s+/g, ' ').replace(/[’‘]/g, "'");
  for (const phrase of PHRASES) {
    let from = 0;
    for (;;) {
      const at = hay.indexOf(phrase, from);
      if (at < 0) break;
      const before = at === 0 ? '' : hay[at - 1];
      const after = hay[at + phrase.length] ?? '';
      if (!LETTER.test(before) && !LETTER.test(after)) return true;
      from = at + 1;
    }
  }
  return false;
}

/** Whether any of the member's unanswered messages asks it. */
export function anyAsksIfReal(texts: readonly (string | null)[]): boolean {
  return texts.some((t) => asksIfReal(t));
}
