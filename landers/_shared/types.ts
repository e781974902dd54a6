import type { ComponentType } from 'react';
import type { Language } from '../../core/constants';

/** The server's translator for the page language (worker/i18n.ts); the result is plain text, React escapes it. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A real profile of the brand, ready to show: the photo URL is under the brand's cdn_prefix. */
export interface LanderProfile {
  id: number;
  name: string;
  age: number;
  city: string | null;
  region: string | null;
  country: string;
  fictional: boolean;
  /** The profile's real last activity (ISO time). */
  lastActive: string;
  /** The thumbnail (4:5); width and height are given so the page never shifts while it loads. */
  photo: { src: string; width: number; height: number };
  /** Signup with this profile in view (/members/{id}/signup). */
  href: string;
}

/** Everything a lander variant renders from; variants fetch nothing themselves. */
export interface LanderProps {
  t: Translate;
  language: Language;
  brand: { name: string; logoText: string; tagline: string };
  /** The brand's label for fictional profiles: shown on each of them (SPEC.md §3 settings). */
  /** The brand's words for its fictional profiles; the marker's icon is the landers' own (no emoji: issue 45, item 12). */
  fictional: { singular: string; warning: string };
  profiles: LanderProfile[];
  /** From the URL's slug (a city or campaign), cleaned; plain text. */
  place: string | null;
  /** The visitor's country as the brand serves it (settings.geoip_selected_country). */
  country: string;
  countryName: string;
  now: Date;
  /** Calls to action lead into signup; the traffic-source cookie travels along. */
  links: { signup: string; matches: string };
  /** Photos among the first this many are above the fold: loaded eagerly with a high priority. */
  eager: number;
  /** Real numbers of the brand (issue 17, item 2): its profiles in the visitor's country active in the last 10 minutes. */
  counts: { online: number };
}

export interface LanderMeta {
  /** Whether /landers/<variant>/<slug> exists (tinderswipe has no slug). */
  slug: boolean;
  /** How many profiles the variant shows at most. */
  profiles: number;
  /** How many of the first photos are above the fold on a phone. */
  eager: number;
  /** The variant's own styles (keyframes and the like), inlined into its page only. */
  css?: string;
}

/** What a folder landers/<variant>/index.tsx exports. */
export interface LanderModule {
  meta: LanderMeta;
  default: ComponentType<LanderProps>;
}

export interface LanderDefinition extends LanderModule {
  name: string;
}
