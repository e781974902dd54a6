import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import flirtlokaal from '../../tenants/flirtlokaal';
import { checkStoredBrand } from '../../worker/brands/brand-settings';
// @ts-expect-error: a plain .mjs module of the scripts, without a declaration file
import { STORED_BRANDS_SQL, rowsOfExecute, storedBrandProblems } from '../../scripts/lib/deploy/stored-brands-check.mjs';

// `npm run deploy` (dry run included) checks the brands stored in D1 against the schema it ships (issue 48; docs/
// decisions/023): a version the new schema refuses would stop serving, so the deploy lists it with the field and the
// reason and stops. Here its query runs on a D1 built from the real migrations, judged by the tree's checkStoredBrand.

function settingsNamed(name: string): Record<string, unknown> {
  const { id: _id, hosts: _hosts, database: _db, ...rest } = structuredClone(flirtlokaal) as typeof flirtlokaal & { database?: string };
  return { ...rest, settings: { ...rest.settings, name } };
}

/** A brand as the workspace stores it: versions 1..n, `live` serving, the last one the preview's. */
async function stored(id: string, versions: Record<string, unknown>[], live: number | null) {
  const now = '2026-11-01T00:00:00Z';
  await env.DB.batch([
    env.DB.prepare(
      'INSERT INTO brands (id, database, status, live_version, latest_version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).bind(id, 'DB', live ? 'live' : 'draft', live, versions.length, now, now),
    ...versions.map((v, i) =>
      env.DB.prepare('INSERT INTO brand_versions (brand_id, version, settings, created_at) VALUES (?, ?, ?, ?)').bind(
        id,
        i + 1,
        JSON.stringify(v),
        now,
      ),
    ),
  ]);
}

const rows = async () => (await env.DB.prepare(STORED_BRANDS_SQL).all()).results;

describe("the deploy's check of stored brands", () => {
  it('passes when every live and newest version passes the schema being deployed', async () => {
    await stored('goedmerk', [settingsNamed('Goed Een'), settingsNamed('Goed Twee')], 1);
    const mine = (await rows()).filter((r) => r.id === 'goedmerk');
    expect(mine.map((r) => [r.version, r.serves])).toEqual([
      [1, 'live'],
      [2, 'preview'],
    ]);
    expect(storedBrandProblems(mine, checkStoredBrand)).toEqual([]);
  });

  it('lists each refused version with the brand, the field and the reason, the live one and the preview alike', async () => {
    // Stored when the schema allowed it; the schema now being deployed does not (a colour name, a lower-case country).
    const before = settingsNamed('Oud Merk');
    const colour = structuredClone(before) as { look: { colors: { primary: string } } };
    colour.look.colors.primary = 'red';
    const country = structuredClone(before) as { settings: { countries: string[] } };
    country.settings.countries = ['nl'];
    await stored('oudmerk', [before, colour, country], 2);
    // An old version that serves nowhere any more is not checked: only the live and the newest.
    const mine = (await rows()).filter((r) => r.id === 'oudmerk');
    expect(mine.map((r) => r.version)).toEqual([2, 3]);
    expect(storedBrandProblems(mine, checkStoredBrand)).toEqual([
      'stored brand oudmerk version 2 (live) fails the new schema: look.colors.primary: a #rrggbb colour',
      'stored brand oudmerk version 3 (preview) fails the new schema: settings.countries.0: ISO 3166-1 alpha-2, upper case',
    ]);
  });

  it("reads wrangler's --json answer, and refuses settings that are not JSON", () => {
    expect(rowsOfExecute(JSON.stringify([{ results: [{ id: 'x' }], success: true }]))).toEqual([{ id: 'x' }]);
    expect(rowsOfExecute('✘ [ERROR] no such table: brands')).toBeNull();
    const broken = { id: 'kapot', database: 'DB', version: 1, serves: 'live', settings: '{', hosts: '[]' };
    expect(storedBrandProblems([broken], checkStoredBrand)).toEqual([
      'stored brand kapot version 1 (live) fails the new schema: _: stored settings are not JSON',
    ]);
  });
});
