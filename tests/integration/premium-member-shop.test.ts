import { describe, expect, it } from 'vitest';
import { createMember, fetchBrand } from './helpers';

// Issue 46 item 3: a premium member is not asked to become premium on /premium and /credits. The server-rendered
// page (what a cheap phone shows before the app loads) has their status instead of the claim.
const page = async (path: string, cookie?: string) =>
  (await (await fetchBrand('flirtlokaal', path, { headers: cookie ? { Cookie: cookie } : {} })).text()).replace(/<!-- -->/g, '');

describe('the shop for a premium member', () => {
  it('says they are premium on /credits and /premium, and asks nothing', async () => {
    const m = await createMember('flirtlokaal', { paid: true, credits: 120 });
    for (const path of ['/credits', '/premium']) {
      const html = await page(path, m.cookie);
      expect(html, path).toContain('data-testid="premium-status"');
      expect(html, path).toContain('Je bent premium lid');
      expect(html, path).not.toContain('data-testid="premium-claim"');
      expect(html, path).not.toContain('Met je eerste aankoop word je premium lid');
    }
    expect(await page('/premium', m.cookie)).toContain(
      '<h1 id="shop-title" class="m-0 text-3xl font-extrabold text-gray-900">Je premium lidmaatschap</h1>',
    );
  });

  it('still makes the offer to a member who has not bought yet, and to a visitor', async () => {
    const m = await createMember('flirtlokaal');
    for (const html of [await page('/credits', m.cookie), await page('/premium')]) {
      expect(html).toContain('data-testid="premium-claim"');
      expect(html).toContain('meer kans op een match');
      expect(html).not.toContain('data-testid="premium-status"');
    }
  });
});
