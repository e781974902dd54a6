import { renderToReadableStream } from 'react-dom/server';
import { countryName } from '../../core/country-names';
import { brandPageLinks } from '../../core/footer-links';
import { getCookie, setCookie } from 'hono/cookie';
import ASSETS from 'virtual:client-assets';
import { COOKIE } from '../../core/constants';
import { shouldShowEntryWarning } from '../../core/rules/entry-warning';
import type { ProfileCard } from '../../core/schemas/profile';
import { readableShade } from '../../landers/_shared/colors';
import { LanderDocument } from '../../landers/_shared/document';
import { placeFromSlug } from '../../landers/_shared/place';
import { nicheOfSlug } from '../../core/rules/niche';
import type { LanderDefinition, LanderProfile, LanderProps } from '../../landers/_shared/types';
import { headline } from '../../landers/_shared/ui';
import { findLander } from '../../landers/registry';
import { settingsFor } from '../brand-settings';
import type { AppContext } from '../context';
import { describeError, log } from '../log';
import { featuredProfiles, onlineCount } from '../profiles/profiles';
import { storeTrafficSource } from '../tracking/traffic-source';
import { renderErrorPage } from './render';
import { imageUrl } from '../../core/image-url';

const ENTRY_OK_DAYS = 365;
/** The seed's thumbnails are 320x400; uploaded ones are cropped to the same 4:5 box by the page. */
const THUMB = { width: 320, height: 400 } as const;

/**
 * Age bands per niche (SPEC.md §9: none, she, bdsm, bbw, gilf, milf, gay). A lander shows a spread of ages the
 * brand is about, not only its youngest members: each band is asked for its share and the answers interleaved.
 */
const AGE_BANDS: Record<number, [number, number][]> = {
  1: [
    [20, 29],
    [30, 39],
    [40, 55],
  ],
  2: [
    [20, 29],
    [30, 39],
    [40, 55],
  ],
  3: [
    [21, 32],
    [33, 45],
    [46, 60],
  ],
  4: [
    [21, 34],
    [35, 49],
    [50, 65],
  ],
  5: [
    [55, 64],
    [65, 85],
  ],
  6: [
    [40, 47],
    [48, 55],
    [56, 70],
  ],
  7: [
    [20, 29],
    [30, 44],
    [45, 60],
  ],
};

/**
 * The brand's women (men for the gay niche) in the visitor's country, a spread of the niche's ages: each band's most
 * recently active (worker/profiles/profiles.ts featuredProfiles), shown newest first (issue 46, item 11: a lander
 * listed the bands' youngest, last active weeks ago).
 */
async function landerProfiles(c: AppContext, country: string, count: number, niche: number): Promise<ProfileCard[]> {
  const tenant = c.get('tenant');
  const gender = niche === 7 ? 'male' : 'female';
  const bands = AGE_BANDS[niche] ?? AGE_BANDS[1];
  const per = Math.ceil(count / bands.length);
  const lists = await Promise.all(
    bands.map(([minAge, maxAge]) => featuredProfiles(c.env.DB, tenant.id, country, { gender, minAge, maxAge }, c.get('now'), per)),
  );
  let cards: ProfileCard[] = [];
  for (let i = 0; i < per; i++) for (const list of lists) if (list[i]) cards.push(list[i]);
  // A small country may have nobody in the bands: then anyone of the brand's gender there.
  if (cards.length === 0)
    cards = await featuredProfiles(c.env.DB, tenant.id, country, { gender, minAge: 18, maxAge: 99 }, c.get('now'), count);
  return cards.slice(0, count).sort((a, b) => (a.last_active > b.last_active ? -1 : a.last_active < b.last_active ? 1 : 0));
}

function toLanderProfile(card: ProfileCard, cdnPrefix: string): LanderProfile | null {
  if (!card.main_image) return null;
  return {
    id: card.id,
    name: card.name,
    age: card.age,
    city: card.city,
    region: card.region,
    country: card.country,
    fictional: card.fictional,
    lastActive: card.last_active,
    photo: { src: imageUrl(cdnPrefix, card.main_image.thumb_filename), ...THUMB },
    href: `/members/${card.id}/signup`,
  };
}

/** The query carried through the entry warning's form: what the visitor came with, within reason. */
function carriedQuery(query: URLSearchParams): [string, string][] {
  return [...query.entries()]
    .filter(([name]) => name !== 'entry_ok' && name.length <= 64)
    .slice(0, 20)
    .map(([name, value]) => [name, value.slice(0, 512)]);
}

/**
 * /landers/<variant>/<slug?>: a landing page for paid traffic. Rendered on the server, never hydrated: the page
 * loads only the small landers/runtime.ts. Stores the traffic source of the URL for signup and reports.
 */
export async function renderLander(c: AppContext, variant: string, slug: string | undefined): Promise<Response> {
  const lander: LanderDefinition | undefined = findLander(variant);
  if (!lander || (slug !== undefined && !lander.meta.slug)) return renderErrorPage(c, 404);

  const url = new URL(c.req.url);
  const storedSource = storeTrafficSource(c, url.searchParams) !== null;

  if (url.searchParams.has('entry_ok')) return answerEntryWarning(c, url);

  const tenant = c.get('tenant');
  const settings = settingsFor(tenant, c.get('country'), c.get('language'));
  const language = c.get('language');
  const props = await landerProps(c, lander, slug, settings);
  const { t } = props;
  const entryWarning = shouldShowEntryWarning({
    loggedIn: Boolean(c.get('member')),
    skipped: getCookie(c, COOKIE.entryWarningSkipped) === '1',
    enabled: tenant.settings.enable_site_entry_popup,
    installedApp: getCookie(c, COOKIE.appMode) === '1',
    country: c.get('country'),
    countries: tenant.settings.countries,
    layout: 'lander',
  });

  // The app's UnoCSS stylesheet (it holds the landers' utilities too); Vite's dev server serves it as /__uno.css.
  const stylesheets = ASSETS.dev ? ['/__uno.css'] : [...new Set([...ASSETS.app.css, ...ASSETS.lander.css])];
  const title = `${headline(props, lander.name)} | ${settings.name}`;
  const Variant = lander.default;
  const stream = await renderToReadableStream(
    <LanderDocument
      props={props}
      variant={lander.name}
      title={title}
      description={t(`lander.${lander.name}.intro`)}
      colors={{
        primary: readableShade(settings.brand.colors.primary),
        secondary: readableShade(settings.brand.colors.secondary, '#2b1030'),
        theme: settings.brand.colors.primary,
      }}
      stylesheets={stylesheets}
      css={lander.meta.css ?? ''}
      script={ASSETS.lander.script}
      nonce={c.get('nonce')}
      entryWarning={
        entryWarning
          ? { t, brand: settings.name, action: url.pathname, query: carriedQuery(url.searchParams), cookie: COOKIE.entryWarningSkipped }
          : null
      }
      usFooter={settings.brand.show_us_footer}
      supportEmail={settings.support_email}
      brandPages={brandPageLinks(settings.brand.info_pages, language)}
    >
      <Variant {...props} />
    </LanderDocument>,
    {
      nonce: c.get('nonce'),
      onError(error) {
        log(c, 'error', 'lander render error', describeError(error));
      },
    },
  );

  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    // A page that just stored a cookie is this visitor's alone; otherwise a minute in the browser's cache is fine.
    'Cache-Control': storedSource ? 'private, no-store' : 'private, max-age=60',
    Vary: 'Cookie',
  };
  // Lets the edge send the stylesheet ahead as an Early Hint.
  if (!ASSETS.dev && stylesheets.length > 0) headers.Link = stylesheets.map((href) => `<${href}>; rel=preload; as=style`).join(', ');
  return c.body(stream, 200, headers);
}

/** The no-JavaScript way through the site-entry warning: store the answer, then show the page without the flag. */
function answerEntryWarning(c: AppContext, url: URL): Response {
  if (url.searchParams.get('entry_ok') === '1') {
    setCookie(c, COOKIE.entryWarningSkipped, '1', { path: '/', secure: true, sameSite: 'Lax', maxAge: ENTRY_OK_DAYS * 86_400 });
  }
  const rest = new URLSearchParams(url.searchParams);
  rest.delete('entry_ok');
  const query = rest.toString();
  c.header('Cache-Control', 'private, no-store');
  return c.redirect(`${url.pathname}${query ? `?${query}` : ''}`, 303);
}

/** What every variant is rendered with: the brand, its profiles for the visitor's country, the place, the counts. */
async function landerProps(
  c: AppContext,
  lander: LanderDefinition,
  slug: string | undefined,
  settings: ReturnType<typeof settingsFor>,
): Promise<LanderProps> {
  const language = c.get('language');
  const translate = c.get('t');
  const country = settings.geoip_selected_country;
  // A slug's niche prefix (milf-amsterdam) chooses whose profiles the page shows; without one, the brand's niche.
  const { niche, rest } = nicheOfSlug(slug);
  const [cards, online] = await Promise.all([
    landerProfiles(c, country, lander.meta.profiles, niche ?? c.get('tenant').settings.niche),
    onlineCount(c.env.DB, c.get('tenant').id, country, c.get('now')),
  ]);
  return {
    t: (key, values) => String(translate(key, values as never)),
    language,
    brand: { name: settings.name, logoText: settings.brand.logo_text, tagline: settings.brand.tagline },
    fictional: { singular: settings.fictional_singular, warning: settings.fictional_warning },
    profiles: cards.map((card) => toLanderProfile(card, settings.cdn_prefix)).filter((p): p is LanderProfile => p !== null),
    place: placeFromSlug(rest),
    country,
    countryName: countryName(country, language),
    now: c.get('now'),
    links: { signup: '/signup', matches: '/signup-matches' },
    eager: lander.meta.eager,
    counts: { online },
  };
}
