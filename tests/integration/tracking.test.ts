import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fetchBrand } from './helpers';

const beacon = (body: string, headers: Record<string, string> = {}) =>
  fetchBrand('flirtlokaal', '/api/page-hidden.php', { method: 'POST', body, headers: { 'Content-Type': 'text/plain', ...headers } });

describe('POST /api/page-hidden.php', () => {
  it('records the empty beacon of the app and a lander bounce with its traffic source', async () => {
    expect((await beacon('{}', { Referer: 'https://flirtlokaal.localhost/members' })).status).toBe(204);
    expect(
      (
        await beacon(JSON.stringify({ kind: 'bounce', path: '/landers/gallery', duration_ms: 3200 }), {
          Cookie: `ts=${encodeURIComponent('{"network":"ads1"}')}`,
        })
      ).status,
    ).toBe(204);
    const { results } = await env.DB.prepare(
      "SELECT kind, path, traffic_source, duration_ms FROM page_events WHERE tenant_id = 'flirtlokaal' ORDER BY id",
    ).all();
    expect(results).toEqual([
      { kind: 'hidden', path: '/members', traffic_source: null, duration_ms: null },
      { kind: 'bounce', path: '/landers/gallery', traffic_source: '{"network":"ads1"}', duration_ms: 3200 },
    ]);
  });

  it('refuses malformed beacons and stores nothing', async () => {
    const count = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM page_events WHERE tenant_id = 'flirtlokaal'").first<{ n: number }>())!.n;
    const before = await count();
    for (const body of [
      'not json',
      JSON.stringify({ kind: 'evil' }),
      JSON.stringify({ path: 'javascript:alert(1)' }),
      JSON.stringify({ duration_ms: -1 }),
    ]) {
      expect((await beacon(body)).status, body).toBe(400);
    }
    expect(await count()).toBe(before);
  });
});
