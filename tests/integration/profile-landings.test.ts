import { describe, expect, it } from 'vitest';
import { dbOf, fetchBrand, seedProfiles } from './helpers';

// Issue 46, item 14 (SPEC.md §2): /members/{id}/landing, /landing2/{slug?} and /landing3/{slug?} are three real
// variants, each server-rendered for a visitor: the hero with the way in; the profile's facts with similar
// profiles (each leading to its own landing2); the photo first with a bar at the bottom.

const BRAND = 'flirtlokaal';

async function someProfile(): Promise<{ id: number; name: string }> {
  await seedProfiles(BRAND, 'NL', 8);
  const row = await dbOf(BRAND)
    .prepare("SELECT id, name FROM profiles WHERE tenant_id = ? AND name LIKE 'Anna%' ORDER BY id LIMIT 1")
    .bind(BRAND)
    .first<{ id: number; name: string }>();
  return row!;
}

const page = async (path: string) => {
  const res = await fetchBrand(BRAND, path, { country: 'NL' });
  expect(res.status, path).toBe(200);
  return res.text();
};

describe('the member-linked landing variants', () => {
  it('renders each variant on the server with its own layout, the slug optional', async () => {
    const profile = await someProfile();

    const one = await page(`/members/${profile.id}/landing`);
    expect(one).toContain('data-testid="profile-landing"');
    expect(one).not.toContain('data-testid="profile-landing2"');
    expect(one).not.toContain('data-testid="profile-landing3"');

    for (const path of [`/members/${profile.id}/landing2`, `/members/${profile.id}/landing2/zomer-actie`]) {
      const two = await page(path);
      expect(two).toContain('data-testid="profile-landing2"');
      expect(two).not.toContain('data-testid="profile-landing"');
      expect(two).toMatch(new RegExp(`<h1[^>]*>${profile.name}(<!-- -->)?, (<!-- -->)?\\d+`));
      // Similar people, each leading to their own landing2, not to the members area a visitor cannot enter.
      expect(two).toContain('data-testid="landing-related"');
      expect(two).toMatch(/href="\/members\/\d+\/landing2"/);
      expect(two).toContain('data-testid="landing-signup"');
    }

    for (const path of [`/members/${profile.id}/landing3`, `/members/${profile.id}/landing3/zomer-actie`]) {
      const three = await page(path);
      expect(three).toContain('data-testid="profile-landing3"');
      expect(three).toContain('data-testid="landing3-bar"');
      expect(three).not.toContain('data-testid="landing-related"');
      expect(three).toContain(profile.name);
    }
  });
});
