import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_RESULTS, SEARCH_PAGE_SIZE } from '../../core/constants';
import { call } from './account-helpers';
import { fetchBrand, pageState } from './helpers';
import { addProfile, member } from './member-fixtures';

const ids = (r: { results: { id: number }[] }) => r.results.map((p) => p.id);

describe('search', () => {
  it('filters by gender, country, region and age, and counts the matches', async () => {
    const young = await addProfile('flirtlokaal', { age: 25, region: 'NH' });
    const old = await addProfile('flirtlokaal', { age: 50, region: 'NH' });
    const elsewhere = await addProfile('flirtlokaal', { age: 25, region: 'UT' });
    const man = await addProfile('flirtlokaal', { age: 25, region: 'NH', gender: 'male' });
    const belgian = await addProfile('flirtlokaal', { age: 25, country: 'BE', region: 'VAN' });
    const me = await member();
    const r = await me.json('GET', '/api/search.php?country=NL&region=NH&min_age=20&max_age=30');
    expect(ids(r)).toContain(young);
    expect(ids(r)).not.toContain(old);
    expect(ids(r)).not.toContain(elsewhere);
    expect(ids(r)).not.toContain(man);
    expect(ids(r)).not.toContain(belgian);
    expect(r.num_results).toBe(r.results.length);
    expect(r.filter).toMatchObject({ gender: 'female', country: 'NL', region: 'NH', min_age: 20, max_age: 30 });
    // Few results: similar ones from the whole country and a wider age range, without repeating the main ones.
    expect(ids(r.similar)).toContain(elsewhere);
    expect(ids(r.similar)).not.toContain(young);
  });

  it('orders youngest or oldest first across pages, ties in a stable order, every card with its photo', async () => {
    const mine: number[] = [];
    // Five ages, six profiles each: pages split the ties, which must neither repeat nor skip a profile.
    for (let i = 0; i < 30; i++) mine.push(await addProfile('flirtlokaal', { age: 61 + (i % 5), region: 'DR' }));
    const me = await member();
    for (const sort of ['young', 'old'] as const) {
      const q = `/api/search.php?country=NL&region=DR&min_age=61&max_age=65&sort=${sort}`;
      const pages = [await me.json('GET', q), await me.json('GET', `${q}&page=2`)];
      const cards = pages.flatMap((p) => p.results);
      const ages = cards.map((c: any) => c.age);
      expect(ages).toEqual([...ages].sort((a, b) => (sort === 'young' ? a - b : b - a)));
      expect(new Set(ids({ results: cards })).size).toBe(cards.length);
      for (const id of mine) expect(ids({ results: cards })).toContain(id);
      for (const card of cards) expect(card.main_image?.thumb_filename).toMatch(/-thumb\.svg$/);
    }
  });

  it('pages through results and refuses negative, huge or non-numeric pages without searching', async () => {
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i++) await addProfile('flirtlokaal', { age: 40, region: 'FR' });
    const me = await member();
    const first = await me.json('GET', '/api/search.php?country=NL&region=FR&min_age=39&max_age=41');
    const second = await me.json('GET', '/api/search.php?country=NL&region=FR&min_age=39&max_age=41&page=2');
    expect(first.results).toHaveLength(SEARCH_PAGE_SIZE);
    expect(second.results).toHaveLength(3);
    expect(first.num_results).toBe(SEARCH_PAGE_SIZE + 3);
    expect(ids(second).some((id: number) => ids(first).includes(id))).toBe(false);
    for (const page of ['-1', '0', String(SEARCH_MAX_RESULTS), 'abc', '1e3']) {
      const res = await me.as('GET', `/api/search.php?page=${page}`);
      expect(res.status).toBe(400);
      expect((await res.json<any>()).error.fields.page).toBe('Kies een geldige pagina.');
    }
  });

  it('refuses a country the brand does not serve and a region of another country', async () => {
    const me = await member();
    expect((await me.as('GET', '/api/search.php?country=FR')).status).toBe(400);
    expect((await me.as('GET', '/api/search.php?country=NL&region=VAN')).status).toBe(400);
  });

  it('never shows invisible members, the searcher, or profiles blocked either way', async () => {
    const hidden = await member('flirtlokaal');
    const blocker = await member('flirtlokaal');
    const blockedByMe = await addProfile('flirtlokaal', { age: 33, gender: 'male' });
    const me = await member('flirtlokaal');
    await env.DB.prepare('UPDATE profiles SET searchable = 0 WHERE id = ?').bind(hidden.profileId).run();
    await blocker.as('POST', '/api/block.php', { profile_id: me.profileId });
    await me.as('POST', '/api/block.php', { profile_id: blockedByMe });
    const r = await me.json('GET', '/api/search.php?gender=male&country=NL&min_age=18&max_age=99');
    const all = [...ids(r), ...(r.similar ? ids(r.similar) : [])];
    expect(all).not.toContain(hidden.profileId);
    expect(all).not.toContain(blocker.profileId);
    expect(all).not.toContain(blockedByMe);
    expect(all).not.toContain(me.profileId);
    // Blocking works both ways: the blocker does not find the member they blocked either.
    const theirs = await blocker.json('GET', '/api/search.php?gender=male&country=NL');
    expect(ids(theirs)).not.toContain(me.profileId);
  });

  it('marks fictional profiles', async () => {
    const fictional = await addProfile('flirtlokaal', { age: 61, fictional: true, region: 'ZE' });
    const me = await member();
    const r = await me.json('GET', '/api/search.php?country=NL&region=ZE&min_age=60&max_age=62');
    expect(r.results.find((p: any) => p.id === fictional).fictional).toBe(true);
  });

  it('lets visitors search only where the brand allows it', async () => {
    await addProfile('flirtlokaal', { age: 28 });
    const visitor = await call('flirtlokaal', 'GET', '/api/search.php?country=NL');
    expect(visitor.status).toBe(200);
    // ReifeKontakte has logged_out_search 'none'.
    const refused = await call('reifekontakte', 'GET', '/api/search.php?country=DE');
    expect(refused.status).toBe(403);
    expect((await refused.json<any>()).error.code).toBe('login_required');
  });

  it('opens the search page to visitors only where the brand allows it, with every filter', async () => {
    const found = await addProfile('flirtlokaal', { age: 33, region: 'GR' });
    const page = await fetchBrand('flirtlokaal', '/members?country=NL&region=GR&min_age=32&max_age=34', {
      country: 'NL',
      redirect: 'manual',
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    const state = pageState(html);
    const answer = state.fallback['/api/search.php?country=NL&region=GR&min_age=32&max_age=34'];
    expect(ids(answer)).toContain(found);
    expect(state.user).toBeNull();
    // The region filter comes with the country's regions and shows the region searched, before any script (and
    // without one): a member who reloads, or follows a link to the search, sees the filter in effect.
    const regionSelect = html.match(/<select name="region"[^>]*>(.*?)<\/select>/)?.[1] ?? '';
    expect(regionSelect).toContain('<option value="GR" selected="">Groningen</option>');
    expect(regionSelect.match(/<option /g)?.length).toBe(13);
    const refused = await fetchBrand('reifekontakte', '/members', { country: 'DE', redirect: 'manual' });
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('/login?next=%2Fmembers');
    // The rest of the members area stays closed to visitors everywhere.
    expect((await fetchBrand('flirtlokaal', '/likes', { redirect: 'manual' })).status).toBe(302);
  });

  it('keeps brands apart', async () => {
    const other = await addProfile('velvetnights', { age: 30, country: 'NL' });
    const me = await member('flirtlokaal');
    const r = await me.json('GET', '/api/search.php?country=NL&min_age=29&max_age=31');
    expect(ids(r)).not.toContain(other);
  });
});

describe('the home sample for visitors', () => {
  it('follows the visitor filter only where visitors may search', async () => {
    await addProfile('flirtlokaal', { age: 70, gender: 'male' });
    await addProfile('reifekontakte', { age: 70, gender: 'male', country: 'DE', region: 'BY' });
    const allowed = await (await call('flirtlokaal', 'GET', '/api/featured.php?gender=male&min_age=65&max_age=75')).json<any>();
    expect(allowed.profiles.every((p: any) => p.gender === 'male' && p.age >= 65)).toBe(true);
    expect(allowed.profiles.length).toBeGreaterThan(0);
    // ReifeKontakte does not let visitors search: the filter is ignored, the brand's own sample shows.
    const refused = await (
      await fetchBrand('reifekontakte', '/api/featured.php?gender=male&min_age=65&max_age=75', { country: 'DE' })
    ).json<any>();
    expect(refused.profiles.some((p: any) => p.gender === 'male')).toBe(false);
  });
});
