import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

async function plan(sql: string, ...params: unknown[]): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((r) => r.detail).join('\n');
}

describe('search queries use the composite indexes', () => {
  it('home sample by tenant, gender, country and age', async () => {
    const detail = await plan(
      `SELECT p.id FROM profiles p LEFT JOIN photos ph ON ph.id = p.main_photo_id
        WHERE p.tenant_id = ? AND p.searchable = 1 AND p.gender = ? AND p.country = ? AND p.birthdate BETWEEN ? AND ?
          AND p.main_photo_id IS NOT NULL ORDER BY p.birthdate DESC LIMIT 12`,
      'flirtlokaal', 'female', 'NL', '1950-01-01', '2007-01-01',
    );
    expect(detail).toMatch(/SEARCH p USING INDEX profiles_search_(country|region)/);
    expect(detail).not.toMatch(/SCAN p\b/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('with a region as well', async () => {
    const detail = await plan(
      `SELECT id FROM profiles WHERE tenant_id = ? AND searchable = 1 AND gender = ? AND country = ? AND region = ? AND birthdate BETWEEN ? AND ? LIMIT 24`,
      'flirtlokaal', 'male', 'NL', 'NH', '1950-01-01', '2007-01-01',
    );
    expect(detail).toMatch(/USING (COVERING )?INDEX profiles_search_region/);
  });

  it('session lookup by token hash', async () => {
    expect(await plan('SELECT member_id FROM sessions WHERE token_hash = ? AND tenant_id = ?', 'x', 'y')).toMatch(/USING INDEX|PRIMARY KEY/);
  });
});
