import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { contrastWithWhite, readableShade } from '../../landers/_shared/colors';
import { placeFromSlug } from '../../landers/_shared/place';
import { LANDERS } from '../../landers/registry';
import { createMember, fetchBrand } from './helpers';

const VARIANTS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'tinderswipe',
  'transitionsvideolanding',
  'video',
];

let nextId = 700_000;
const yearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-15`;

/** Searchable profiles with photos, of the given gender and ages, every other one fictional. */
async function seed(tenant: string, country: string, city: string, gender: 'female' | 'male', ages: number[]): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  const statements = ages.flatMap((age, i) => {
    const id = nextId++;
    ids.push(id);
    return [
      env.DB.prepare(
        `INSERT INTO profiles (id, tenant_id, name, gender, sexuality, birthdate, country, city, fictional, main_photo_id, last_active, created_at)
         VALUES (?, ?, ?, ?, 'hetero', ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(id, tenant, `Lana${id}`, gender, yearsAgo(age), country, city, i % 2, id, now, now),
      env.DB.prepare(
        `INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, created_at) VALUES (?, ?, ?, ?, ?, 'active', ?)`,
      ).bind(
        id,
        tenant,
        id,
        `seed/${gender === 'female' ? 'f' : 'm'}/${id}-1-${age}.svg`,
        `seed/${gender === 'female' ? 'f' : 'm'}/${id}-1-${age}-thumb.svg`,
        now,
      ),
    ];
  });
  await env.DB.batch(statements);
  return ids;
}

const page = async (brand: string, path: string, country: string, cookie = '') => {
  const res = await fetchBrand(brand, path, { country, headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });
  return { res, html: await res.text() };
};

const setCookies = (res: Response) => res.headers.getSetCookie();
const cookieNamed = (res: Response, name: string) => setCookies(res).find((c) => c.startsWith(`${name}=`));

describe('landers', () => {
  beforeAll(async () => {
    await seed('flirtlokaal', 'NL', 'Utrecht', 'female', [22, 24, 27, 31, 33, 36, 41, 44, 48, 52, 23, 29, 35, 38, 46, 26]);
    await seed('flirtlokaal', 'NL', 'Utrecht', 'male', [30, 34]);
    await seed('reifekontakte', 'DE', 'München', 'female', [25, 28, 44, 51, 58, 63]);
  });

  it('finds every variant folder, and nothing else', () => {
    expect([...LANDERS.keys()].sort()).toEqual(VARIANTS);
  });

  it.each(VARIANTS)('%s renders fully on the server with real profiles, signup links and only the lander runtime', async (variant) => {
    const { res, html } = await page('flirtlokaal', `/landers/${variant}`, 'NL', 'entry_ok=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<html lang="nl"');
    expect(html).toMatch(/<title>[^<]+\| Flirtlokaal<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain(`data-lander="${variant}"`);
    expect(html).toContain('data-layout="lander"');
    expect(html).toContain('data-testid="lander-logo"');
    expect(html).toContain('data-testid="disclaimer"');
    // Real profiles of the brand: women (the general niche), their photos under the CDN prefix, sized, the first eager.
    expect(html).toMatch(/src="\/media\/seed\/f\/\d+-1-\d+-thumb\.svg"/);
    expect(html).not.toContain('/media/seed/m/');
    expect(html).toMatch(/<img[^>]+width="320"[^>]+height="400"/);
    expect(html).toMatch(/<img[^>]+loading="eager"[^>]+fetchPriority="high"|<img[^>]+fetchPriority="high"[^>]+loading="eager"/i);
    expect(html).toContain('data-testid="fictional-label"');
    expect(html).toContain('fictief profiel');
    // Calls to action lead into signup.
    expect(html).toContain('href="/signup"');
    expect(html).toContain('data-testid="lander-cta"');
    // Not hydrated: the small runtime, with the CSP nonce, and nothing of the app bundle or its state.
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(html).toContain(`<script type="module" nonce="${nonce}" src="/landers/runtime.ts"></script>`);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('client/entry');
    expect(html).not.toContain('__STATE__');
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
  });

  it("labels every fictional profile with the marker's icon and the brand's label, never the emoji", async () => {
    const { html } = await page('flirtlokaal', '/landers/alonetonight', 'NL', 'entry_ok=1');
    const cards = html.match(/class="at-card"/g)?.length ?? 0;
    expect(cards).toBe(16);
    expect(html.match(/data-testid="fictional-label"/g)).toHaveLength(8);
    expect(html).not.toContain('🎭');
    expect(html.match(/data-testid="fictional-label"[^>]*><svg[^>]*aria-hidden="true"/g)).toHaveLength(8);
  });

  it("sends the matches sentence in each plural form of the page's language, for the runtime to pick by count", async () => {
    const forms = async (brand: string, country: string) => {
      const { html } = await page(brand, '/landers/tinderswipe', country, 'entry_ok=1');
      return Object.fromEntries(
        [...html.matchAll(/<span data-plural="(\w+)"[^>]*>(.*?<span data-count="true"><\/span>.*?)<\/span>/g)].map(([, form, sentence]) => [
          form,
          sentence.replace('<span data-count="true"></span>', '#'),
        ]),
      );
    };
    expect(await forms('flirtlokaal', 'NL')).toEqual({ one: 'Je vindt # profiel leuk', other: 'Je vindt # profielen leuk' });
    expect(await forms('reifekontakte', 'DE')).toEqual({ one: 'Dir gefällt # Profil', other: 'Dir gefallen # Profile' });
  });

  it("shows the niche's ages: the mature brand only women of 40 and over", async () => {
    const { html } = await page('reifekontakte', '/landers/gallery', 'DE');
    const ages = [...html.matchAll(/-1-(\d+)-thumb\.svg/g)].map((m) => Number(m[1]));
    expect(ages.length).toBeGreaterThan(0);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(40);
    expect(html).toContain('<html lang="de"');
  });

  it("takes the niche from the slug's prefix (SPEC.md §9): milf-amsterdam on the general brand shows women of 40 and over in Amsterdam", async () => {
    const general = await page('flirtlokaal', '/landers/gallery/amsterdam', 'NL');
    const generalAges = [...general.html.matchAll(/-1-(\d+)-thumb\.svg/g)].map((m) => Number(m[1]));
    expect(Math.min(...generalAges)).toBeLessThan(40);
    const { res, html } = await page('flirtlokaal', '/landers/gallery/milf-amsterdam', 'NL');
    expect(res.status).toBe(200);
    const ages = [...html.matchAll(/-1-(\d+)-thumb\.svg/g)].map((m) => Number(m[1]));
    expect(ages.length).toBeGreaterThan(0);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(40);
    // The prefix is the niche, not part of the place.
    expect(html).toContain('Amsterdam');
    expect(html).not.toContain('Milf Amsterdam');
  });

  it('answers unknown landers, and a slug where a lander takes none, with the 404 page', async () => {
    for (const path of ['/landers/nope', '/landers/_shared', '/landers/registry', '/landers/tinderswipe/amsterdam', '/landers/Gallery']) {
      const { res, html } = await page('flirtlokaal', path, 'NL');
      expect(res.status, path).toBe(404);
      expect(html, path).toContain('Deze pagina kon niet worden gevonden');
    }
  });

  it('puts a place from the slug into the headline, spelled as we know the city', async () => {
    const { res, html } = await page('flirtlokaal', '/landers/alonetonight/den-haag', 'BE');
    expect(res.status).toBe(200);
    expect(html).toContain('Den Haag');
    expect((await page('reifekontakte', '/landers/maplanding/munchen', 'DE')).html).toContain('München');
    expect((await page('flirtlokaal', '/landers/gallery/spring-party', 'BE')).html).toContain('Spring Party');
  });

  it('stores the traffic source of the URL in the ts cookie, sanitised and length-limited', async () => {
    const long = 'x'.repeat(100);
    const { res } = await page('flirtlokaal', `/landers/gallery?network=ads%201&ref=${long}&sub1=a%3Cb%3Ec&sub2=&sub3=s.3_-&lb=1`, 'BE');
    expect(res.status).toBe(200);
    const cookie = cookieNamed(res, 'ts')!;
    expect(cookie).toBeTruthy();
    const value = JSON.parse(decodeURIComponent(/^ts=([^;]*)/.exec(cookie)![1]));
    expect(value).toEqual({ network: 'ads1', ref: 'x'.repeat(64), sub1: 'abc', sub3: 's.3_-' });
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toMatch(/Domain=/i);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('sets no traffic-source cookie without a source in the URL', async () => {
    const { res } = await page('flirtlokaal', '/landers/gallery?lb=1&network=%3C%3E', 'BE');
    expect(cookieNamed(res, 'ts')).toBeUndefined();
  });

  it('lets the signup rule see the stored source', async () => {
    const { res } = await page('flirtlokaal', '/landers/video?network=n1', 'BE');
    const ts = cookieNamed(res, 'ts')!.split(';')[0];
    const { html } = await page('flirtlokaal', '/', 'BE', `${ts}; entry_ok=1`);
    expect(html).toContain('"hasTrafficSource":true');
  });

  it('escapes what a visitor types into the URL', async () => {
    const slug = encodeURIComponent('<script>alert(1)</script>');
    const query = `network=%3Cscript%3E&foo=${encodeURIComponent('"><script>alert(2)</script>')}&bar=${encodeURIComponent("'><img src=x onerror=alert(3)>")}`;
    for (const variant of VARIANTS.filter((v) => v !== 'tinderswipe')) {
      const { res, html } = await page('flirtlokaal', `/landers/${variant}/${slug}?${query}`, 'NL');
      expect(res.status, variant).toBe(200);
      expect(html.match(/<script/g), variant).toHaveLength(1);
      expect(html, variant).not.toContain('alert(2)</script>');
      expect(html, variant).not.toContain('<img src=x');
      // The warning's form carries the query on, escaped.
      expect(html, variant).toContain('value="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    }
  });

  it('shows the site-entry warning to new visitors from NL and DE only, as a dialog over an inert page', async () => {
    const shown = async (brand: string, country: string, cookie = '') => {
      const { html } = await page(brand, '/landers/collagelanding', country, cookie);
      const has = html.includes('data-testid="entry-warning"');
      expect(html.includes(' inert=""'), `${brand} ${country} inert`).toBe(has);
      return has;
    };
    expect(await shown('flirtlokaal', 'NL')).toBe(true);
    expect(await shown('reifekontakte', 'DE')).toBe(true);
    expect(await shown('flirtlokaal', 'BE')).toBe(false);
    expect(await shown('reifekontakte', 'AT')).toBe(false);
    expect(await shown('velvetnights', 'GB')).toBe(false);
    expect(await shown('flirtlokaal', 'NL', 'entry_ok=1')).toBe(false);
    expect(await shown('flirtlokaal', 'NL', 'app_mode=1')).toBe(false);
    const member = await createMember('flirtlokaal');
    expect(await shown('flirtlokaal', 'NL', member.cookie)).toBe(false);

    const { html } = await page('flirtlokaal', '/landers/collagelanding?network=n', 'NL');
    expect(html).toMatch(/role="dialog" aria-modal="true" aria-labelledby="ew-title"/);
    expect(html).toContain('data-entry-warning="entry_ok"');
    expect(html).toMatch(/<form[^>]+action="\/landers\/collagelanding" method="get"/);
    expect(html).toContain('<input type="hidden" name="network" value="n"/>');
    expect(html).toMatch(/<button type="submit" value="1"[^>]+name="entry_ok"/);
  });

  it('answers the warning form without JavaScript: stores entry_ok for a year and returns to the page', async () => {
    const { res } = await page('flirtlokaal', '/landers/gallery/utrecht?network=n2&lb=1&entry_ok=1', 'NL');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/landers/gallery/utrecht?network=n2&lb=1');
    const entry = cookieNamed(res, 'entry_ok')!;
    expect(entry).toMatch(/^entry_ok=1;/);
    expect(entry).toContain('Max-Age=31536000');
    expect(entry).toContain('Path=/');
    expect(cookieNamed(res, 'ts')).toBeTruthy();
    const after = await page('flirtlokaal', '/landers/gallery/utrecht?network=n2&lb=1', 'NL', 'entry_ok=1');
    expect(after.html).not.toContain('data-testid="entry-warning"');
  });

  it('speaks the visitor language and shows the US statement in English where the brand has it', async () => {
    const { html } = await page('velvetnights', '/landers/socialnetwork', 'US');
    expect(html).toContain('<html lang="en-US"');
    expect(html).toContain('data-testid="us-footer"');
    expect(html).toContain('href="/pages/terms"');
  });

  it('renders without any profile to show', async () => {
    const { res, html } = await page('velvetnights', '/landers/maplanding', 'GB');
    expect(res.status).toBe(200);
    expect(html).toContain('href="/signup"');
  });
});

describe('lander helpers', () => {
  it('reads a place from a slug: known cities as we spell them, anything else title-cased and cleaned', () => {
    expect(placeFromSlug('den-haag')).toBe('Den Haag');
    expect(placeFromSlug('s-hertogenbosch')).toBe("'s-Hertogenbosch");
    expect(placeFromSlug('munchen')).toBe('München');
    expect(placeFromSlug('z%C3%BCrich')).toBe('Zürich');
    expect(placeFromSlug('summer_party-2026')).toBe('Summer Party 2026');
    expect(placeFromSlug('<script>alert(1)</script>')).toBe('Scriptalert1script');
    expect(placeFromSlug('%E0%A4%A')).toBe('E0A4A');
    expect(placeFromSlug('x'.repeat(300))).toHaveLength(40);
    for (const empty of [undefined, '', '---', '%3C%3E']) expect(placeFromSlug(empty)).toBeNull();
  });

  it('darkens a brand colour just enough for white text to read at WCAG AA', () => {
    expect(contrastWithWhite('#e83e8c')).toBeLessThan(4.5);
    const shade = readableShade('#e83e8c');
    expect(contrastWithWhite(shade)).toBeGreaterThanOrEqual(4.5);
    expect(readableShade('#6f42c1')).toBe('#6f42c1');
    expect(readableShade('red;}</style>')).toBe('#8b1a5a');
  });
});
