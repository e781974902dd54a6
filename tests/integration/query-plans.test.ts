import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

async function plan(sql: string, ...params: unknown[]): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join('\n');
}

describe('search queries use the composite indexes', () => {
  it('home sample by tenant, gender, country and age', async () => {
    const detail = await plan(
      `SELECT p.id FROM profiles p LEFT JOIN photos ph ON ph.id = p.main_photo_id
        WHERE p.tenant_id = ? AND p.searchable = 1 AND p.gender = ? AND p.country = ? AND p.birthdate BETWEEN ? AND ?
          AND p.main_photo_id IS NOT NULL ORDER BY p.birthdate DESC LIMIT 12`,
      'flirtlokaal',
      'female',
      'NL',
      '1950-01-01',
      '2007-01-01',
    );
    expect(detail).toMatch(/SEARCH p USING INDEX profiles_search_(country|region)/);
    expect(detail).not.toMatch(/SCAN p\b/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('with a region as well', async () => {
    const detail = await plan(
      `SELECT id FROM profiles WHERE tenant_id = ? AND searchable = 1 AND gender = ? AND country = ? AND region = ? AND birthdate BETWEEN ? AND ? LIMIT 24`,
      'flirtlokaal',
      'male',
      'NL',
      'NH',
      '1950-01-01',
      '2007-01-01',
    );
    expect(detail).toMatch(/USING (COVERING )?INDEX profiles_search_region/);
  });

  it('session lookup by token hash', async () => {
    expect(await plan('SELECT member_id FROM sessions WHERE token_hash = ? AND tenant_id = ?', 'x', 'y')).toMatch(
      /USING INDEX|PRIMARY KEY/,
    );
  });
});

/** A D1 that records every statement it prepares with its parameters, so the real queries can be explained. */
function recordingDb(log: { sql: string; params: unknown[] }[]): D1Database {
  return new Proxy(env.DB, {
    get(target, key) {
      if (key === 'prepare') {
        return (sql: string) => {
          const statement = target.prepare(sql);
          return new Proxy(statement, {
            get(s, k) {
              if (k === 'bind')
                return (...params: unknown[]) => {
                  log.push({ sql, params });
                  return s.bind(...params);
                };
              const value = Reflect.get(s, k);
              return typeof value === 'function' ? value.bind(s) : value;
            },
          });
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('every search filter combination walks an index', async () => {
  const { searchProfiles } = await import('../../worker/profiles/search');
  const now = new Date('2026-11-21T12:00:00Z');
  // Member 43 has blocked someone: its searches carry the block check.
  const combos = [
    { region: null, memberId: null, order: 'young' },
    { region: 'NH', memberId: null, order: 'old' },
    { region: null, memberId: 42, order: 'old' },
    { region: 'NH', memberId: 42, order: 'young' },
    { region: null, memberId: 43, order: 'young' },
    { region: 'NH', memberId: 43, order: 'old' },
    // Most recently active first, the default since issue 46 item 1: the page walks profiles_active.
    { region: null, memberId: null, order: 'active' },
    { region: 'NH', memberId: 42, order: 'active' },
    { region: null, memberId: 43, order: 'active' },
  ] as const;
  for (const combo of combos) {
    it(`region ${combo.region ?? 'any'}, ${combo.memberId ? `member ${combo.memberId}` : 'visitor'}, ${combo.order} first (with similar results)`, async () => {
      await env.DB.prepare(
        "INSERT OR IGNORE INTO blocks (tenant_id, blocker_id, blocked_profile_id, created_at) VALUES ('flirtlokaal', 43, 7, '2026-01-01')",
      ).run();
      const all: { sql: string; params: unknown[] }[] = [];
      await searchProfiles(
        recordingDb(all),
        { tenantId: 'flirtlokaal', memberId: combo.memberId, blocks: combo.memberId === 43, now },
        { gender: 'female', country: 'NL', region: combo.region, minAge: 25, maxAge: 35 },
        1,
        combo.order,
      );
      const log = all.filter((q) => /FROM profiles p/.test(q.sql));
      expect(log.length).toBe(4); // count + page, and the same for the similar results
      expect(log.every((q) => q.sql.includes('FROM blocks b'))).toBe(combo.memberId === 43);
      for (const { sql, params } of log) {
        const detail = await plan(sql, ...params);
        const byActivity = combo.order === 'active' && /ORDER BY p.last_active/.test(sql);
        expect(detail).toMatch(
          byActivity
            ? /SEARCH p USING (COVERING )?INDEX profiles_active/
            : /SEARCH p USING (COVERING )?INDEX profiles_search_(country|region)/,
        );
        expect(detail).not.toMatch(/SCAN p\b/);
        if (/ORDER BY/.test(sql)) expect(detail).not.toMatch(/TEMP B-TREE/);
      }
    });
  }

  it('the swipe stack and the likes lists', async () => {
    const { swipeStack } = await import('../../worker/profiles/swipe');
    const { listLikes } = await import('../../worker/profiles/likes');
    const log: { sql: string; params: unknown[] }[] = [];
    const band = { min: 30, max: 46 };
    await swipeStack(
      recordingDb(log),
      'flirtlokaal',
      42,
      { gender: 'female', country: 'NL', band, viewer: { band, region: 'NH', city: null } },
      now,
    );
    expect(await plan(log[0].sql, ...log[0].params)).toMatch(/SEARCH p USING (COVERING )?INDEX profiles_active/);
    await listLikes(recordingDb(log), 'flirtlokaal', 42, now);
    for (const { sql, params } of log) expect(await plan(sql, ...params)).not.toMatch(/SCAN (p|l)\b/);
  });

  it('the home feed and the landers walk profiles_active newest first, without a sort', async () => {
    const { featuredProfiles } = await import('../../worker/profiles/profiles');
    const log: { sql: string; params: unknown[] }[] = [];
    await featuredProfiles(recordingDb(log), 'flirtlokaal', 'NL', { gender: 'female', minAge: 18, maxAge: 99 }, now, 12, null, {
      band: null,
      region: null,
      city: null,
    });
    const detail = await plan(log[0].sql, ...log[0].params);
    expect(detail).toMatch(/SEARCH p USING (COVERING )?INDEX profiles_active/);
    expect(detail).not.toMatch(/SCAN p\b|TEMP B-TREE/);
  });
});
