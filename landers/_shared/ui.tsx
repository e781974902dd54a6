import type { ReactNode } from 'react';
import type { LanderProfile, LanderProps } from './types';

/**
 * A profile photo. The first photos of a page (index < eager) are what a phone shows first: they load at once with a
 * high priority (the LCP image); the rest wait until they are scrolled near. Width and height keep the space.
 */
export function ProfilePhoto({
  profile,
  t,
  index,
  eager,
  className = '',
  alt,
}: {
  profile: LanderProfile;
  t: LanderProps['t'];
  index: number;
  eager: number;
  className?: string;
  /** Decorative copies of a photo that is described elsewhere pass an empty alt. */
  alt?: string;
}) {
  const first = index < eager;
  return (
    <img
      src={profile.photo.src}
      width={profile.photo.width}
      height={profile.photo.height}
      alt={alt ?? t('profile.photo_of', { name: profile.name })}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding={first ? undefined : 'async'}
      className={`block h-full w-full object-cover ${className}`}
    />
  );
}

/** The brand's mark on a fictional profile: its icon and label, with the full explanation as a tooltip. */
export function FictionalBadge({
  profile,
  fictional,
  className = '',
}: {
  profile: LanderProfile;
  fictional: LanderProps['fictional'];
  className?: string;
}) {
  if (!profile.fictional) return null;
  return (
    <span className={`lander-fict ${className}`} title={fictional.warning} data-testid="fictional-label">
      <Icon name="mask" size={14} className="align-middle" /> {fictional.singular}
    </span>
  );
}

/** A call to action: always a real link into signup, so it works without JavaScript and for crawlers. */
export function Cta({
  href,
  children,
  className = '',
  variant = 'solid',
}: {
  href: string;
  children: ReactNode;
  className?: string;
  variant?: 'solid' | 'light';
}) {
  return (
    <a href={href} className={`lander-cta ${variant === 'light' ? 'lander-cta-light' : ''} ${className}`} data-testid="lander-cta">
      {children}
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="shrink-0">
        <path d="M5 12h13m-5-6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </a>
  );
}

/** "Anna, 29" */
export const nameAge = (p: LanderProfile) => `${p.name}, ${p.age}`;

/** The profile's city, or its country when the city is unknown. */
export const placeOf = (p: LanderProfile, countryName: string) => p.city ?? countryName;

/** The headline of a variant: its title with the slug's place when there is one. */
export function headline(props: Pick<LanderProps, 't' | 'place'>, variant: string, values: Record<string, unknown> = {}): string {
  return props.place
    ? props.t(`lander.${variant}.title_place`, { ...values, place: props.place })
    : props.t(`lander.${variant}.title`, values);
}

const ICONS = {
  heart:
    'M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z',
  x: 'M6 6l12 12M18 6L6 18',
  shield: 'M12 3l8 3v6c0 4.6-3.4 8.3-8 9-4.6-.7-8-4.4-8-9V6l8-3zm-3.5 9.5l2.5 2.5 4.5-5',
  pin: 'M12 21s-6.5-6.1-6.5-11a6.5 6.5 0 1113 0c0 4.9-6.5 11-6.5 11zm0-8.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  chat: 'M4 5h16v11H9l-5 4V5zm4 5h.01M12 10h.01M16 10h.01',
  phone: 'M8 2.5h8a1.5 1.5 0 011.5 1.5v16a1.5 1.5 0 01-1.5 1.5H8A1.5 1.5 0 016.5 20V4A1.5 1.5 0 018 2.5zM11 18h2',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3z',
  gift: 'M4 10h16v11H4V10zm-1-4h18v4H3V6zm9 0v15M12 6c-1.5-3-5-3.5-5-1.2C7 6 9 6 12 6zm0 0c1.5-3 5-3.5 5-1.2C17 6 15 6 12 6z',
  lock: 'M6 11h12v10H6V11zm2.5 0V8a3.5 3.5 0 117 0v3',
  play: 'M8 5.5v13l11-6.5-11-6.5z',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  comment: 'M21 12a8.5 8.5 0 01-12.6 7.4L3 21l1.6-5.2A8.5 8.5 0 1121 12z',
  send: 'M21 3L10 14M21 3l-7 18-4-7-7-4 18-7z',
  moon: 'M20 14.5A8.5 8.5 0 019.5 4 8.5 8.5 0 1020 14.5z',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zm0-13v4.5l3 2',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  volume: 'M4 9.5h4l5-4v13l-5-4H4v-5zm12.5-1a5 5 0 010 7M19 6a8.5 8.5 0 010 12',
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  // Lucide's drama (theatre masks): the fictional-profile marker, as in the member app (client/components/fictional-mark.tsx).
  mask: 'M10 11h.01M14 6h.01M18 6h.01M6.5 13.1h.01M22 5c0 9-4 12-6 12s-6-3-6-12q0-3 6-3c6 0 6 1 6 3M17.4 9.9c-.8.8-2 .8-2.8 0m-4.5-2.8C9 7.2 7.7 7.7 6 8.6c-3.5 2-4.7 3.9-3.7 5.6c4.5 7.8 9.5 8.4 11.2 7.4c.9-.5 1.9-2.1 1.9-4.7M9.1 16.5c.3-1.1 1.4-1.7 2.4-1.4',
} as const;

export type IconName = keyof typeof ICONS;
const FILLED = new Set<IconName>(['heart', 'star', 'play', 'bolt', 'moon']);

/** A small line icon; decorative (aria-hidden): the text next to it says what it means. */
export function Icon({ name, size = 24, className = '' }: { name: IconName; size?: number; className?: string }) {
  const filled = FILLED.has(name);
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className={className}>
      <path
        d={ICONS[name]}
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A Slot for a count the page fills in later (`data-count`), once per plural form of the language ("1 profiel",
 * "2 profielen"): the runtime shows the form Intl.PluralRules picks for the number (landers/runtime.ts `showCount`).
 * A form the catalogue has no `key_<form>` for uses the key's own text.
 */
export function CountSlot({ t, k, language }: { t: LanderProps['t']; k: string; language: string }) {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  return (
    <>
      {forms.map((form) => {
        const own = `${k}_${form}`;
        const key = t(own, { count: '' }) === own ? k : own;
        return (
          <span key={form} data-plural={form} hidden={form !== 'other'}>
            <Slot t={t} k={key}>
              <span data-count />
            </Slot>
          </span>
        );
      })}
    </>
  );
}

/**
 * A translated sentence with an element in it where the value goes ("Nieuwe matches: <span>3</span>"): the
 * catalogue decides where the number stands, the page decides what it is.
 */
export function Slot({
  t,
  k,
  name = 'count',
  values = {},
  children,
}: {
  t: LanderProps['t'];
  k: string;
  name?: string;
  values?: Record<string, unknown>;
  children: ReactNode;
}) {
  const [before, after = ''] = t(k, { ...values, [name]: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}

/**
 * The fictional mark where a photo is too small for the label (avatars, map pins): the icon, with the label for
 * screen readers and as a tooltip. The full label is always shown with the same profile elsewhere on the page.
 */
export function FictionalMark({
  profile,
  fictional,
  className = '',
}: {
  profile: LanderProfile;
  fictional: LanderProps['fictional'];
  className?: string;
}) {
  if (!profile.fictional) return null;
  return (
    <span className={`lander-fict-mini ${className}`} title={`${fictional.singular}: ${fictional.warning}`} data-testid="fictional-mark">
      <Icon name="mask" size={14} className="align-middle" />
      <span className="sr-only">{fictional.singular}</span>
    </span>
  );
}
