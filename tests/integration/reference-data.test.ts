import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { INTERESTS } from '../../core/data/interests';
import { REGIONS } from '../../core/data/regions';

// The migrations carry core/data's reference rows (scripts/gen-reference-migration.mjs); they must not drift.
describe('reference data in D1', () => {
  it('has the 50 interests of core/data', async () => {
    const { results } = await env.DB.prepare('SELECT id, slug, icon FROM interests ORDER BY id').all();
    expect(results).toEqual(INTERESTS.map(({ id, slug, icon }) => ({ id, slug, icon })));
  });
  it('has every region of core/data', async () => {
    const { results } = await env.DB.prepare('SELECT country, code, name FROM regions ORDER BY country, code').all();
    const expected = Object.entries(REGIONS).flatMap(([country, list]) => list.map((r) => ({ country, code: r.code, name: r.name })));
    expected.sort((a, b) => a.country.localeCompare(b.country) || a.code.localeCompare(b.code));
    expect(results).toEqual(expected);
  });
});
