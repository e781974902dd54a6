import { describe, expect, it } from 'vitest';
import { fetchBrand, pageState } from './helpers';
import { newMember } from './payment-helpers';

// The shop's pages are rendered on the server with the packages of the visitor's country already in the page.

describe('shop pages', () => {
  it('/premium and /pricing show the package overview to visitors, with the claim, styles, popular label and refund days', async () => {
    for (const path of ['/premium', '/pricing']) {
      const res = await fetchBrand('flirtlokaal', path, { country: 'NL' });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('data-testid="packages"');
      for (const style of ['p0', 'p1', 'p2', 'p3']) expect(html).toContain(`data-style="${style}"`);
      expect(html).toContain('Populair');
      expect(html).toMatch(/46%<!-- --> meer kans op een match|46% meer kans op een match/);
      expect(html).toMatch(/binnen <!-- -->14<!-- --> dagen|binnen 14 dagen/);
      expect(html).toMatch(/€\s?29,95/);
      expect(pageState(html).fallback['/api/packages.php'].currency).toBe('EUR');
    }
    const us = await (await fetchBrand('velvetnights', '/premium', { country: 'US' })).text();
    expect(us).toContain('$29.99');
  });

  it('/credits and the payment pages are for members only', async () => {
    for (const path of ['/credits', '/credits/2/ideal', '/transactions/1', '/directdebit', '/credits/repeat-order']) {
      const res = await fetchBrand('flirtlokaal', path, { country: 'NL', redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
    const m = await newMember();
    const page = await fetchBrand('flirtlokaal', '/credits/2/ideal', { country: 'NL', headers: { Cookie: m.cookie } });
    expect(page.status).toBe(200);
    const state = pageState(await page.text());
    expect(state.route).toMatchObject({ name: 'credits-id-paymentmethod', params: { id: '2', paymentmethod: 'ideal' } });
    expect(state.fallback['/api/packages.php'].methods).toContain('ideal');
  });
});
