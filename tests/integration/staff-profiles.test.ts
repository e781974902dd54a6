import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { FictionalProfile } from '../../core/schemas/staff-answers';
import { fetchBrand } from './helpers';
import { jpegBytes } from './photos-helpers';
import { createStaff, staffApi } from './staff-helpers';

const BRAND = 'flirtlokaal';
const base = {
  brand: BRAND,
  name: 'Sanne',
  gender: 'female',
  sexuality: 'hetero',
  birthdate: '1995-06-15',
  country: 'NL',
  region: 'UT',
  city: 'Utrecht',
  hair_colour: 'blond',
  body_type: 'slim',
  relationship_status: 'single',
  about: 'Houdt van <i>wandelen</i>',
  interests: [1, 4, 7],
  active: true,
};

async function audits(action: string, targetId: number): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_audit WHERE action = ? AND target_id = ?')
    .bind(action, String(targetId))
    .first<{ n: number }>())!.n;
}

describe('fictional profiles in the workspace', () => {
  it('operators create and edit them; the fictional flag stays, the label shows, every change is audited', async () => {
    const op = await createStaff([{ brand: BRAND, role: 'operator' }]);
    const created = await staffApi(BRAND, 'POST', 'profiles.php', { cookie: op.cookie, body: base });
    expect(created.status).toBe(201);
    const { profile } = (await created.json()) as { profile: FictionalProfile };
    expect(profile).toMatchObject({
      name: 'Sanne',
      fictional: true,
      active: true,
      interests: [1, 4, 7],
      label: 'fictief profiel',
      city: 'Utrecht',
      photos: [],
    });
    expect(profile.id).toBeGreaterThan(1_000_000_000);
    expect(await audits('profile_create', profile.id)).toBe(1);

    // "fictional: false" and a member id are not fields: they are dropped, the flag stays.
    const edited = await staffApi(BRAND, 'PUT', 'profiles.php', {
      cookie: op.cookie,
      body: { ...base, id: profile.id, name: 'Sanne B', active: false, interests: [2], fictional: false, member_id: 1 },
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { profile: FictionalProfile }).profile).toMatchObject({
      name: 'Sanne B',
      active: false,
      interests: [2],
      fictional: true,
    });
    const row = await env.DB.prepare('SELECT fictional, member_id, status, searchable FROM profiles WHERE id = ?').bind(profile.id).first();
    expect(row).toEqual({ fictional: 1, member_id: null, status: 'disabled', searchable: 0 });
    expect(await audits('profile_edit', profile.id)).toBe(1);

    const list = (await (await staffApi(BRAND, 'GET', `profiles.php?brand=${BRAND}`, { cookie: op.cookie })).json()) as {
      profiles: FictionalProfile[];
    };
    expect(list.profiles.some((p) => p.id === profile.id && p.fictional)).toBe(true);
    expect(list.profiles.every((p) => p.fictional === true)).toBe(true);
  });

  it("a member's profile, another brand's profile and a role too low are refused", async () => {
    const op = await createStaff([{ brand: BRAND, role: 'operator' }]);
    const moderator = await createStaff([{ brand: BRAND, role: 'moderator' }]);
    const member = 900_999;
    await env.DB.prepare(`INSERT INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, last_active, created_at)
      VALUES (?, ?, NULL, 'Echt', 'male', 'hetero', '1990-01-01', 'NL', '2026-01-01', '2026-01-01')`)
      .bind(member, BRAND)
      .run();
    const notFictional = await staffApi(BRAND, 'PUT', 'profiles.php', { cookie: op.cookie, body: { ...base, id: member } });
    expect(notFictional.status).toBe(404);
    expect(await env.DB.prepare('SELECT name, fictional FROM profiles WHERE id = ?').bind(member).first()).toEqual({
      name: 'Echt',
      fictional: 0,
    });
    expect((await staffApi(BRAND, 'POST', 'profiles.php', { cookie: op.cookie, body: { ...base, brand: 'velvetnights' } })).status).toBe(
      404,
    );
    expect((await staffApi(BRAND, 'POST', 'profiles.php', { cookie: moderator.cookie, body: base })).status).toBe(403);
    expect((await staffApi(BRAND, 'POST', 'profiles.php', { cookie: op.cookie, body: { ...base, birthdate: 'gisteren' } })).status).toBe(
      400,
    );
  });

  it('photos go through the upload pipeline and are approved at once', async () => {
    const op = await createStaff([{ brand: BRAND, role: 'operator' }]);
    const { profile } = (await (await staffApi(BRAND, 'POST', 'profiles.php', { cookie: op.cookie, body: base })).json()) as {
      profile: FictionalProfile;
    };
    const form = new FormData();
    form.set('brand', BRAND);
    form.set('profile_id', String(profile.id));
    form.set('photo', new File([jpegBytes(400, 500) as Uint8Array<ArrayBuffer>], 'sanne.jpg', { type: 'image/jpeg' }));
    const res = await fetchBrand(BRAND, '/api/staff/profile-photo.php', {
      method: 'POST',
      body: form,
      headers: { Cookie: op.cookie, Origin: `https://${BRAND}.localhost` },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { profile: FictionalProfile; uploaded: number };
    expect(body.profile.photos).toHaveLength(1);
    expect(body.profile.main_image).toEqual({
      filename: body.profile.photos[0].filename,
      thumb_filename: body.profile.photos[0].thumb_filename,
    });
    const row = await env.DB.prepare('SELECT status, reviewed_by FROM photos WHERE id = ?').bind(body.uploaded).first();
    expect(row).toEqual({ status: 'active', reviewed_by: op.staffId });
    expect(await env.MEDIA.head(`${BRAND}/${body.profile.photos[0].filename}`)).not.toBeNull();
    expect(await audits('profile_photo', profile.id)).toBe(1);
  });

  it('a photo the pipeline refuses is answered with the reason, as a member is, and stores nothing', async () => {
    const op = await createStaff([{ brand: BRAND, role: 'operator' }]);
    const { profile } = (await (await staffApi(BRAND, 'POST', 'profiles.php', { cookie: op.cookie, body: base })).json()) as {
      profile: FictionalProfile;
    };
    const upload = async (bytes: Uint8Array) => {
      const form = new FormData();
      form.set('brand', BRAND);
      form.set('profile_id', String(profile.id));
      form.set('photo', new File([bytes as Uint8Array<ArrayBuffer>], 'sanne.jpg', { type: 'image/jpeg' }));
      const res = await fetchBrand(BRAND, '/api/staff/profile-photo.php', {
        method: 'POST',
        body: form,
        headers: { Cookie: op.cookie, Origin: `https://${BRAND}.localhost` },
      });
      return { status: res.status, error: ((await res.json()) as { error: { code: string; message: string } }).error };
    };
    const tooBig = await upload(jpegBytes(600, 750));
    expect(tooBig.status).toBe(422);
    expect(tooBig.error.code).toBe('photo_dimensions');
    expect(tooBig.error.message).toContain('640 × 480');
    const tooSmall = await upload(jpegBytes(150, 150));
    expect(tooSmall.error.code).toBe('photo_too_small');
    const notAPhoto = await upload(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(notAPhoto.status).toBe(415);
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM photos WHERE profile_id = ?').bind(profile.id).first<{ n: number }>();
    expect(count!.n).toBe(0);
  });
});
