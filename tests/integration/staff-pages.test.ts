import { describe, expect, it } from 'vitest';
import { STAFF_ENTRY } from '../../build/client-entries';
import { createMember, fetchBrand } from './helpers';
import { createStaff } from './staff-helpers';

// The staff workspace's pages: a small shell of their own under /staff, never the members' app, and the members'
// pages never carry the workspace's script.

describe('staff workspace pages', () => {
  it('/staff/login answers the workspace shell: its own title and script, noindex, never cached', async () => {
    const res = await fetchBrand('flirtlokaal', '/staff/login');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('<title>Flirtlokaal staff</title>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain(`src="/${STAFF_ENTRY}"`);
    expect(html).not.toContain('client/entry.tsx');
    expect(html).not.toContain('__STATE__');
    // The script carries the CSP nonce of the response, as the members' pages do.
    const nonce = /script-src 'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}" src="/${STAFF_ENTRY}"`);
    // Dutch brand, Dutch workspace; before login only the host's own brand is named.
    const boot = JSON.parse(/<script id="__STAFF__" type="application\/json">(.*?)<\/script>/.exec(html)![1]) as {
      language: string;
      brands: { id: string }[];
    };
    expect(boot.language).toBe('nl');
    expect(boot.brands.map((b) => b.id)).toEqual(['flirtlokaal']);
  });

  it('an English-speaking brand gets the English workspace; setup is open without a session', async () => {
    const res = await fetchBrand('velvetnights', '/staff/setup?token=abc');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"language":"en"');
  });

  it('every other workspace page sends a visitor without a staff session to the login', async () => {
    for (const path of ['/staff', '/staff/', '/staff/c/flirtlokaal/12', '/staff/profiles', '/staff/audit']) {
      const res = await fetchBrand('flirtlokaal', path, { redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe('/staff/login');
    }
  });

  it('a member session is no staff session', async () => {
    const member = await createMember('flirtlokaal');
    const res = await fetchBrand('flirtlokaal', '/staff', { redirect: 'manual', headers: { Cookie: member.cookie } });
    expect(res.headers.get('location')).toBe('/staff/login');
  });

  it('with a staff session the queue page answers, listing the brands of the staff member', async () => {
    const staff = await createStaff([
      { brand: 'flirtlokaal', role: 'operator' },
      { brand: 'velvetnights', role: 'operator' },
    ]);
    const res = await fetchBrand('flirtlokaal', '/staff', { headers: { Cookie: staff.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('"id":"velvetnights"');
    expect(html).not.toContain('"id":"reifekontakte"');
    // Another brand's photos and pages, seen from this host: its photos through /staff/media here, its pages on its site.
    const boot = JSON.parse(/<script id="__STAFF__" type="application\/json">(.*?)<\/script>/.exec(html)![1]) as {
      brands: { id: string; cdn: string; origin: string }[];
    };
    expect(boot.brands.find((b) => b.id === 'flirtlokaal')).toMatchObject({ cdn: '/media/', origin: 'https://flirtlokaal.localhost' });
    expect(boot.brands.find((b) => b.id === 'velvetnights')).toMatchObject({
      cdn: '/staff/media/velvetnights/',
      origin: 'https://velvetnights.localhost',
    });
    const login = await fetchBrand('flirtlokaal', '/staff/login', { redirect: 'manual', headers: { Cookie: staff.cookie } });
    expect(login.headers.get('location')).toBe('/staff');
  });

  it("the members' home page does not reference the workspace", async () => {
    const html = await (await fetchBrand('flirtlokaal', '/', { country: 'NL' })).text();
    expect(html).not.toContain('client/staff');
    expect(html).not.toContain('staff-');
  });
});
