// The page's translation keys as types, typed from nl.json. A module of its own, imported only as a type: the
// entry's key scan (build/entry-catalogue-keys.ts) reads the template heads of the files the entry imports, and the
// families below would put every key under them into the home page's inline catalogue.
import type nl from '../locales/nl.json';

/** Every key of a catalogue section, dotted ('chat.errors.profile_unavailable'); plural forms by their base key. */
type KeysOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${PluralBase<K>}` : KeysOf<T[K], `${P}${K}.`>;
}[keyof T & string];
type PluralBase<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B | K : K;

/** A key of the catalogues, typed from nl.json (every catalogue has nl.json's keys: scripts/locale-check.mjs). */
export type CatalogueKey = KeysOf<typeof nl>;

/**
 * The families whose last part comes from data: a gift, a payment method, a profile value or field, an interest,
 * an error or validation message the server or a schema names. A value the catalogue lacks shows as the key.
 */
export type DataKey =
  | `chat.gifts.${string}`
  | `payment.methods.${string}`
  | `profile_values.${string}`
  | `profile_view.${string}`
  | `interest.${string}`
  | `errors.${string}`
  | `validation.${string}`;
