import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fetchBrand } from './helpers';
import { jpegBytes, newMember, newOperator, photoRows, storedKeys, uploadOk, type Member } from './photos-helpers';

// The operator's moderation page (/operator/photos) and what its decisions change for the member and for others.

const SMALL = jpegBytes(200, 200);

function page(brand: string, cookie?: string, query = '') {
  return fetchBrand(brand, `/operator/photos${query}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });
}

/** The form token the page gave this operator. */
async function csrfOf(brand: string, operator: Member): Promise<string> {
  const html = await (await page(brand, operator.cookie)).text();
  const m = /name="csrf" value="([0-9a-f]+)"/.exec(html);
  if (!m) throw new Error('no csrf token on the page');
  return m[1];
}

function decide(brand: string, cookie: string, fields: Record<string, string | number>) {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  return fetchBrand(brand, '/operator/photos', {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: `https://${brand}.localhost` },
  });
}

async function mainImage(brand: string, member: Member) {
  const res = await fetchBrand(brand, '/api/user.php', { headers: { Cookie: member.cookie, 'X-Request-Type': 'client' } });
  return ((await res.json()) as { user: { profile: { main_image: { filename: string; thumb_filename: string } | null } } }).user.profile.main_image;
}

describe('photo moderation', { timeout: 30_000 }, () => {
  it('is for operators of the brand only: members get 403, visitors the login page', async () => {
    const member = await newMember();
    const forbidden = await page('flirtlokaal', member.cookie);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).toContain('Alleen beheerders van deze site hebben toegang tot deze pagina.');
    const visitor = await page('flirtlokaal');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/login');
    // An operator of another brand has no session here at all.
    const foreign = await newOperator('velvetnights');
    expect((await page('flirtlokaal', foreign.cookie)).status).toBe(302);

    // A member cannot post decisions either, even with an operator's token.
    const operator = await newOperator('flirtlokaal');
    const owner = await newMember();
    const { uploaded } = await uploadOk('flirtlokaal', owner, SMALL);
    const csrf = await csrfOf('flirtlokaal', operator);
    const res = await decide('flirtlokaal', member.cookie, { decision: 'approve', photo_id: uploaded, csrf });
    expect(res.status).toBe(403);
    expect((await photoRows(owner.profileId))[0].status).toBe('pending');
  });

  it('shows the pending photos of its own brand only', async () => {
    const operator = await newOperator('flirtlokaal');
    const own = await uploadOk('flirtlokaal', await newMember('flirtlokaal'), SMALL);
    const other = await uploadOk('velvetnights', await newMember('velvetnights'), SMALL);
    const html = await (await page('flirtlokaal', operator.cookie)).text();
    expect(html).toContain(`data-photo-id="${own.uploaded}"`);
    expect(html).not.toContain(`data-photo-id="${other.uploaded}"`);
    expect(html).toContain(`src="/media/${own.photos[0].filename}"`);
    expect(html).not.toMatch(/<script/);
  });

  it('approving makes the photo active and the main_image of GET /api/user.php; pending never is', async () => {
    const operator = await newOperator();
    const member = await newMember();
    const { uploaded, photos } = await uploadOk('flirtlokaal', member, SMALL);
    expect(await mainImage('flirtlokaal', member)).toBeNull();

    const res = await decide('flirtlokaal', operator.cookie, { decision: 'approve', photo_id: uploaded, csrf: await csrfOf('flirtlokaal', operator) });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/operator/photos?done=approved');
    expect(await (await page('flirtlokaal', operator.cookie, '?done=approved')).text()).toContain('Foto goedgekeurd.');

    const row = await env.DB.prepare('SELECT status, reviewed_by, reviewed_at FROM photos WHERE id = ?').bind(uploaded).first<{ status: string; reviewed_by: number; reviewed_at: string }>();
    expect(row).toMatchObject({ status: 'active', reviewed_by: operator.memberId });
    expect(row!.reviewed_at).toBeTruthy();
    expect(await mainImage('flirtlokaal', member)).toEqual({ filename: photos[0].filename, thumb_filename: photos[0].thumb_filename });

    // Deciding twice changes nothing and says so.
    const again = await decide('flirtlokaal', operator.cookie, { decision: 'reject', photo_id: uploaded, csrf: await csrfOf('flirtlokaal', operator) });
    expect(again.headers.get('location')).toBe('/operator/photos?done=gone');
    expect((await photoRows(member.profileId))[0].status).toBe('active');
  });

  it('rejecting hides the photo, deletes its R2 objects, frees its place and hands the main role on', async () => {
    const operator = await newOperator();
    const member = await newMember();
    const first = await uploadOk('flirtlokaal', member, SMALL);
    const second = await uploadOk('flirtlokaal', member, SMALL);
    const csrf = await csrfOf('flirtlokaal', operator);
    const res = await decide('flirtlokaal', operator.cookie, { decision: 'reject', photo_id: first.uploaded, reason: 'explicit', csrf });
    expect(res.headers.get('location')).toBe('/operator/photos?done=rejected');

    const list = (await (await fetchBrand('flirtlokaal', '/api/photos.php', { headers: { Cookie: member.cookie } })).json()) as {
      photos: { id: number; status: string; main: boolean; reject_reason: string | null }[];
      used: number;
    };
    expect(list.photos.find((p) => p.id === first.uploaded)).toMatchObject({ status: 'rejected', main: false, reject_reason: 'explicit' });
    expect(list.photos.find((p) => p.main)?.id).toBe(second.uploaded);
    expect(list.used).toBe(1);
    const keys = await storedKeys('flirtlokaal');
    expect(keys).not.toContain(`flirtlokaal/${first.photos[0].filename}`);
    expect(keys).not.toContain(`flirtlokaal/${first.photos[0].thumb_filename}`);
    expect((await fetchBrand('flirtlokaal', `/media/${first.photos[0].filename}`)).status).toBe(404);
    expect(await mainImage('flirtlokaal', member)).toBeNull(); // the new main photo is still pending
  });

  it('refuses a decision without the session-bound token, or about another brand', async () => {
    const operator = await newOperator();
    const member = await newMember();
    const { uploaded } = await uploadOk('flirtlokaal', member, SMALL);
    const forged = await decide('flirtlokaal', operator.cookie, { decision: 'approve', photo_id: uploaded, csrf: 'f'.repeat(64) });
    expect(forged.status).toBe(403);
    const missing = await decide('flirtlokaal', operator.cookie, { decision: 'approve', photo_id: uploaded });
    expect(missing.status).toBe(400);
    // A cross-site form post is stopped by the app's Origin check before it reaches the page.
    const crossSite = await fetchBrand('flirtlokaal', '/operator/photos', {
      method: 'POST',
      headers: { Cookie: operator.cookie, Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'approve', photo_id: String(uploaded), csrf: await csrfOf('flirtlokaal', operator) }),
    });
    expect(crossSite.status).toBe(403);
    expect((await photoRows(member.profileId))[0].status).toBe('pending');

    const foreign = await uploadOk('velvetnights', await newMember('velvetnights'), SMALL);
    const res = await decide('flirtlokaal', operator.cookie, { decision: 'approve', photo_id: foreign.uploaded, csrf: await csrfOf('flirtlokaal', operator) });
    expect(res.headers.get('location')).toBe('/operator/photos?done=gone');
    const row = await env.DB.prepare('SELECT status FROM photos WHERE id = ?').bind(foreign.uploaded).first<{ status: string }>();
    expect(row!.status).toBe('pending');
  });
});
