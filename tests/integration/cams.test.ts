import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CamsResponse } from '../../core/schemas/cams';
import { purgeExpired } from '../../worker/account/purge';
import { createMember, fetchBrand, pageState } from './helpers';

// Shows: #1 20:00-23:00 UTC, #2 21:30-23:30, #3 08:00-12:00 (ranked 1, 2, 3 by the partner).
async function seedPerformers(tenant: string, base: number) {
  const rows: [number, string, number, number, number][] = [
    [base + 1, `anna_${base}`, 20 * 60, 180, 1],
    [base + 2, `bea_${base}`, 21 * 60 + 30, 120, 2],
    [base + 3, `cleo_${base}`, 8 * 60, 240, 3],
  ];
  await env.DB.batch(
    rows.map(([id, handle, start, minutes, position]) =>
      env.DB.prepare(
        `INSERT INTO cam_performers (id, tenant_id, handle, name, age, country, image, shift_start, shift_minutes, position)
       VALUES (?, ?, ?, ?, 29, 'NL', ?, ?, ?, ?)`,
      ).bind(id, tenant, handle, handle.split('_')[0], `seed/f/${id}-1-29-thumb.svg`, start, minutes, position),
    ),
  );
}

const at = (hhmm: string) => ({ 'X-Debug-Now': `2026-11-23T${hhmm}:00Z` });
const clicks = (tenant: string) =>
  env.DB.prepare('SELECT performer_id, member_id, variant FROM cam_clicks WHERE tenant_id = ? ORDER BY created_at').bind(tenant).all();

describe('cam-profile listing', () => {
  it("lists the partner's performers, live ones first, with the time until the others start", async () => {
    await seedPerformers('flirtlokaal', 1000);
    const res = await fetchBrand('flirtlokaal', '/api/cams.php', { headers: at('21:00') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CamsResponse;
    expect(body).toMatchObject({ variant: 'cam', partner: 'LiveLounge', live_count: 1 });
    expect(body.performers.map((p) => [p.name, p.live, p.starts_in_minutes])).toEqual([
      ['anna', true, 0],
      ['bea', false, 30],
      ['cleo', false, 11 * 60],
    ]);
    expect(body.performers[0].image).toBe('seed/f/1001-1-29-thumb.svg');

    // Later the same evening the order follows the shows.
    const later = (await (await fetchBrand('flirtlokaal', '/api/cams.php', { headers: at('22:00') })).json()) as CamsResponse;
    expect(later.live_count).toBe(2);
    expect(later.performers.slice(0, 2).map((p) => p.name)).toEqual(['anna', 'bea']);
  });

  it('renders the page on the server with every card naming the partner', async () => {
    await seedPerformers('flirtlokaal', 2000);
    const html = await (await fetchBrand('flirtlokaal', '/cams', { country: 'NL', headers: at('21:00') })).text();
    expect(html).toContain('Live cams van LiveLounge');
    expect(html).toContain('ze zijn geen leden van Flirtlokaal');
    const cards = html.match(/data-testid="cam-card"/g)?.length ?? 0;
    expect(cards).toBeGreaterThanOrEqual(3);
    expect(html.match(/Cammodel van LiveLounge/g)?.length).toBe(cards);
    expect(html).toContain('href="/cams/2001/go"');
    expect(pageState(html).settings.brand.cam_partner).toBe('LiveLounge');
  });

  it("a click is logged and leads to the performer's room at the partner, with the brand's affiliate id", async () => {
    await seedPerformers('flirtlokaal', 3000);
    const member = await createMember('flirtlokaal');
    const res = await fetchBrand('flirtlokaal', '/cams/3002/go', { headers: { Cookie: member.cookie }, redirect: 'manual' });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe('https://livelounge.example/room/bea_3000');
    expect(to.searchParams.get('aff')).toBe('flirtlokaal-nl');
    const { results } = await env.DB.prepare('SELECT id, member_id, variant FROM cam_clicks WHERE performer_id = 3002').all<{
      id: string;
      member_id: number;
      variant: string;
    }>();
    expect(results).toEqual([{ id: to.searchParams.get('click'), member_id: member.memberId, variant: 'cam' }]);
    // Nothing about the member goes to the partner.
    expect(res.headers.get('location')).not.toContain(String(member.memberId));

    // When the account is purged, its clicks are no longer tied to it.
    await env.DB.prepare("UPDATE members SET status = 'deleted', deleted_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 30 * 86_400_000).toISOString(), member.memberId)
      .run();
    await purgeExpired(env, new Date());
    const after = await env.DB.prepare('SELECT member_id FROM cam_clicks WHERE performer_id = 3002').first<{ member_id: number | null }>();
    expect(after?.member_id).toBeNull();
  });

  it("in the resell variant sends members to the partner's signup", async () => {
    await seedPerformers('reifekontakte', 4000);
    const body = (await (await fetchBrand('reifekontakte', '/api/cams.php', { headers: at('09:00') })).json()) as CamsResponse;
    expect(body).toMatchObject({ variant: 'resell', partner: 'CamTreff', live_count: 1 });
    const html = await (await fetchBrand('reifekontakte', '/cams', { country: 'DE' })).text();
    expect(html).toContain('Triff die Cam-Models von CamTreff');
    expect(html).toContain('wir geben deine Daten nicht weiter');

    const res = await fetchBrand('reifekontakte', '/cams/4003/go', { redirect: 'manual' });
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe('https://camtreff.example/anmelden');
    expect(to.searchParams.get('model')).toBe('cleo_4000');
    expect((await clicks('reifekontakte')).results).toEqual([{ performer_id: 4003, member_id: null, variant: 'resell' }]);
  });

  it("keeps brands apart: another brand's performer, an unknown id or a brand without a partner is a 404", async () => {
    await seedPerformers('reifekontakte', 5000);
    for (const path of ['/cams/5001/go', '/cams/999999/go', '/cams/abc/go', '/cams/99999999999999999999/go']) {
      const res = await fetchBrand('flirtlokaal', path, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
      // The brand's own error page, as for any unknown page.
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(await res.text(), path).toContain('<html');
    }
    expect((await clicks('flirtlokaal')).results.filter((r) => r.performer_id === 5001)).toEqual([]);
    expect((await fetchBrand('flirtlokaal', '/api/cams.php')).status).toBe(200);
    expect(((await (await fetchBrand('flirtlokaal', '/api/cams.php')).json()) as CamsResponse).performers.some((p) => p.id === 5001)).toBe(
      false,
    );

    // velvetnights has no cam partner: no page, no API, no link on the search page.
    expect((await fetchBrand('velvetnights', '/cams')).status).toBe(404);
    const api = await fetchBrand('velvetnights', '/api/cams.php');
    expect(api.status).toBe(404);
    expect((await fetchBrand('velvetnights', '/cams/5001/go', { redirect: 'manual' })).status).toBe(404);
  });

  it('stops counting clicks from one address beyond the hourly limit, but still lets the visitor through', async () => {
    await seedPerformers('flirtlokaal', 6000);
    const headers = { 'cf-connecting-ip': '203.0.113.9' };
    for (let i = 0; i < 125; i++) {
      const res = await fetchBrand('flirtlokaal', '/cams/6001/go', { headers, redirect: 'manual' });
      expect(res.status).toBe(302);
    }
    const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM cam_clicks WHERE performer_id = 6001').first<{ n: number }>();
    expect(row?.n).toBe(120);
  });
});
