import { describe, expect, it } from 'vitest';
import { createMember, fetchBrand, pageState, seedProfiles } from './helpers';

describe('pages', () => {
  it('streams the home page with the brand, a sign-up call, real profiles and the search entry', async () => {
    await seedProfiles('flirtlokaal', 'NL', 6);
    const res = await fetchBrand('flirtlokaal', '/', { country: 'NL' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<title>Flirtlokaal - flirten en daten in Nederland en België</title>');
    expect(html).toContain('lang="nl"');
    expect(html).toContain('data-testid="cta-signup"');
    expect(html).toContain('Gratis aanmelden');
    expect(html).toContain('role="search"');
    expect(html.match(/data-testid="fictional-label"/g)?.length).toBe(3);
    expect(html).toContain('fictief profiel');
    const state = pageState(html);
    expect(state.settings.name).toBe('Flirtlokaal');
    expect(state.language).toBe('nl');
    expect(state.fallback['/api/featured.php'].profiles).toHaveLength(6);
  });

  it("shows the query's ages as chosen in the home page's search entry, without a script", async () => {
    const html = await (await fetchBrand('flirtlokaal', '/?min_age=30&max_age=45', { country: 'NL' })).text();
    const select = (name: string) => new RegExp(`<select name="${name}"[^>]*>(.*?)</select>`, 's').exec(html)?.[1] ?? '';
    for (const [name, age] of [
      ['min_age', '30'],
      ['max_age', '45'],
    ]) {
      const options = [...select(name).matchAll(/<option value="(\d+)"( selected(?:="")?)?>(\d+)<\/option>/g)];
      expect(options.map((o) => Number(o[1]))).toEqual(Array.from({ length: 82 }, (_, i) => 18 + i));
      expect(options.every((o) => o[1] === o[3])).toBe(true);
      expect(options.filter((o) => o[2]).map((o) => o[1])).toEqual([age]);
    }
    // Without a query: from 18 to 99.
    const plain = await (await fetchBrand('flirtlokaal', '/', { country: 'NL' })).text();
    expect(plain).toMatch(/<select name="min_age"[^>]*>(?:(?!<\/select>).)*<option value="18" selected(?:="")?>/s);
    expect(plain).toMatch(/<select name="max_age"[^>]*>(?:(?!<\/select>).)*<option value="99" selected(?:="")?>/s);
  });

  it('hides the search entry where logged_out_search is none', async () => {
    const html = await (await fetchBrand('reifekontakte', '/', { country: 'DE' })).text();
    expect(html).not.toContain('role="search"');
    expect(html).toContain('lang="de"');
  });

  it('sends only the active language catalogue', async () => {
    const state = pageState(await (await fetchBrand('velvetnights', '/', { country: 'GB' })).text());
    expect(state.language).toBe('en');
    expect(state.catalogue.nav.login).toBe('Log in');
    expect(JSON.stringify(state.catalogue)).not.toContain('Inloggen');
  });

  it('follows the i18n_redirected cookie', async () => {
    const html = await (await fetchBrand('flirtlokaal', '/', { country: 'BE', headers: { Cookie: 'i18n_redirected=fr' } })).text();
    expect(html).toContain('lang="fr"');
  });

  it('shows the 2257 statement to US visitors only, whatever the language (issue 45 item 1)', async () => {
    const footer = 'data-testid="us-footer"';
    const page = async (brand: string, country: string, language?: string) =>
      (await fetchBrand(brand, '/', { country, headers: language ? { Cookie: `i18n_redirected=${language}` } : {} })).text();
    expect(await page('velvetnights', 'US')).toContain(footer);
    expect(await page('velvetnights', 'US', 'es')).toContain(footer);
    // The journey found it shown to UK visitors: the visitor's country decides, not the brand's language.
    expect(await page('velvetnights', 'GB')).not.toContain(footer);
    expect(await page('velvetnights', 'IE')).not.toContain(footer);
    expect(await page('flirtlokaal', 'NL', 'en')).not.toContain(footer);
    expect(await page('flirtlokaal', 'US', 'en')).toContain(footer);
    const settings = async (country: string) =>
      (await (await fetchBrand('velvetnights', '/api/settings.php', { country })).json()) as { brand: { show_us_footer: boolean } };
    expect((await settings('US')).brand.show_us_footer).toBe(true);
    expect((await settings('GB')).brand.show_us_footer).toBe(false);
  });

  it('renders each layout with its parts', async () => {
    const member = await createMember('flirtlokaal');
    const cases = [
      ['/', 'default'],
      ['/chats', 'chat'],
      ['/landers/tinderswipe', 'lander'],
      ['/lang-config', 'empty'],
    ] as const;
    for (const [path, layout] of cases) {
      const html = await (await fetchBrand('flirtlokaal', path, { country: 'NL', headers: { Cookie: member.cookie } })).text();
      expect(html, path).toContain(`data-layout="${layout}"`);
      const hasNav = html.includes('aria-label="Hoofdmenu"');
      const hasFooter = html.includes('data-testid="disclaimer"');
      expect(hasNav, `${path} nav`).toBe(layout === 'default');
      expect(hasFooter, `${path} footer`).toBe(layout === 'default' || layout === 'lander');
    }
  });

  it('shows the site-entry warning to new visitors only, per the rules', async () => {
    const warn = async (path: string, country: string, cookie = '') =>
      pageState(await (await fetchBrand('flirtlokaal', path, { country, headers: { Cookie: cookie } })).text()).entryWarning;
    expect(await warn('/', 'BE')).toBe(true);
    expect(await warn('/', 'BE', 'entry_ok=1')).toBe(false);
    expect(await warn('/', 'BE', 'app_mode=1')).toBe(false);
    expect(await warn('/', 'FR')).toBe(false);
    // The empty layout shows it only in NL and DE (landers, which render without the app, test this themselves).
    expect(await warn('/lang-config', 'BE')).toBe(false);
    expect(await warn('/lang-config', 'NL')).toBe(true);
    expect(await warn('/complete-signup', 'NL')).toBe(false);
    const member = await createMember('flirtlokaal');
    expect(await warn('/members', 'NL', member.cookie)).toBe(false);
  });

  it('shows the navigation of a logged-in member with credits or Get Premium', async () => {
    const free = await createMember('velvetnights');
    const paid = await createMember('velvetnights', { paid: true, credits: 7 });
    const freeHtml = await (await fetchBrand('velvetnights', '/premium', { headers: { Cookie: free.cookie } })).text();
    expect(freeHtml).toContain('data-testid="nav-premium"');
    const paidHtml = await (await fetchBrand('velvetnights', '/premium', { headers: { Cookie: paid.cookie } })).text();
    expect(paidHtml).toContain('data-testid="nav-credits"');
    expect(paidHtml).toMatch(/data-testid="credits-count"[^>]*bg-warning[^>]*>7</);
  });

  it('redirects visitors from the members area to login, and members away from login', async () => {
    const res = await fetchBrand('flirtlokaal', '/chats', { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Fchats');
    const member = await createMember('flirtlokaal');
    const login = await fetchBrand('flirtlokaal', '/login', { redirect: 'manual', headers: { Cookie: member.cookie } });
    expect(login.headers.get('location')).toBe('/members');
  });

  it('does not accept a session of one brand on another', async () => {
    const member = await createMember('flirtlokaal');
    const res = await fetchBrand('velvetnights', '/chats', { redirect: 'manual', headers: { Cookie: member.cookie } });
    expect(res.status).toBe(302);
    const user = await (await fetchBrand('velvetnights', '/api/user.php', { headers: { Cookie: member.cookie } })).json();
    expect(user).toEqual({ user: null });
  });
});

describe('error pages', () => {
  it('answers an unknown route with the 404 page and a link home', async () => {
    const res = await fetchBrand('velvetnights', '/no/such/page', { country: 'GB' });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('This page could not be found');
    expect(html).toContain('Back to the home page');
    expect(html).toContain('href="/"');
    expect(pageState(html).error).toEqual({ status: 404 });
  });

  it('translates the 404 page for the Dutch brand', async () => {
    const html = await (await fetchBrand('flirtlokaal', '/members/abc', { country: 'NL' })).text();
    expect(html).toContain('Deze pagina kon niet worden gevonden');
  });

  it('answers unknown API paths with JSON, never a page', async () => {
    // An unknown call: the contract has nothing to check it against; its answer is checked here.
    const res = await fetchBrand('flirtlokaal', '/api/nope.php', { unchecked: true });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Deze functie bestaat niet.' } });
    const posted = await fetchBrand('flirtlokaal', '/api/nope.php', {
      unchecked: true,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://flirtlokaal.localhost' },
      body: '{}',
    });
    expect(posted.status).toBe(404);
    expect((await posted.json<{ error: { code: string } }>()).error.code).toBe('not_found');
  });

  it('sends a form posted before the page hydrated back to the page, and posts elsewhere to the 404 page', async () => {
    const post = (path: string) =>
      fetchBrand('flirtlokaal', path, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://flirtlokaal.localhost' },
        body: 'email=a%40b.nl&password=secret',
      });
    // (The login form's post is answered by the Worker itself: tests/integration/journeys-login.test.ts.)
    const complaint = await post('/complaints?x=1');
    expect(complaint.status).toBe(303);
    expect(complaint.headers.get('location')).toBe('/complaints?x=1');
    expect((await post('/no/such/page')).status).toBe(404);
  });
});

describe('security headers', () => {
  it('sends a nonce CSP that matches the page scripts, HSTS, nosniff, referrer policy and no framing', async () => {
    const res = await fetchBrand('flirtlokaal', '/', { country: 'NL' });
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(await res.text()).toContain(`nonce="${nonce}"`);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const again = await fetchBrand('flirtlokaal', '/', { country: 'NL' });
    expect(again.headers.get('content-security-policy')).not.toBe(csp);
  });

  it('puts them on API answers and error pages too', async () => {
    for (const path of ['/api/settings.php', '/nope']) {
      const res = await fetchBrand('flirtlokaal', path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });
});
