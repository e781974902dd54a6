import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import flirtlokaal from '../../tenants/flirtlokaal';
import { call } from './account-helpers';
import { chatMember, fictionalProfile, send, textTo, type TestMember } from './chat-helpers';
import { fetchBrand } from './helpers';
import { createStaff, staffApi } from './staff-helpers';

// Tenant isolation of a brand made in the workspace (issue 48): the main cross-tenant probes (another brand's member,
// conversation, photo and payment, read by id) run in both directions between a runtime brand and a tenant file's
// brand that share one database (DB), where only tenant_id keeps them apart. Each probe is also made by the owner on
// their own brand, so a 404 means "not yours", never a broken fixture.

const RUNTIME = 'isolatiemerk';
const FILE = 'flirtlokaal';

interface Side {
  brand: string;
  member: TestMember;
  conversationId: number;
  photoKey: string;
  orderId: number;
}

async function side(brand: string): Promise<Side> {
  const member = await chatMember({ brand, credits: 50 });
  const sent = await send(member, textTo(await fictionalProfile(brand), 'Hoi daar'), undefined, brand);
  expect(sent.status).toBe(201);
  const conversationId = ((await sent.json()) as { conversation: { id: number } }).conversation.id;
  // An uploaded photo's key as worker/photos/store.ts makes it (p/<32 hex>.jpg).
  const photoKey = `p/${crypto.randomUUID().replaceAll('-', '')}.jpg`;
  const now = new Date().toISOString();
  await env.MEDIA.put(`${brand}/${photoKey}`, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { httpMetadata: { contentType: 'image/jpeg' } });
  const photo = await env.DB.prepare(
    `INSERT INTO photos (tenant_id, profile_id, filename, thumb_filename, status, created_at) VALUES (?, ?, ?, ?, 'active', ?) RETURNING id`,
  )
    .bind(brand, member.profileId, photoKey, photoKey, now)
    .first<{ id: number }>();
  await env.DB.prepare('UPDATE profiles SET main_photo_id = ? WHERE id = ?').bind(photo!.id, member.profileId).run();
  const order = await env.DB.prepare(
    `INSERT INTO orders (tenant_id, member_id, package_id, credits, currency, list_price, amount, country, method, provider, status, consent_at,
                         language, created_at, updated_at, paid_at, made_premium)
     VALUES (?1, ?2, 2, 120, 'EUR', 2995, 2995, 'NL', 'ideal', 'sandbox', 'paid', ?3, 'nl', ?3, ?3, ?3, 1) RETURNING id`,
  )
    .bind(brand, member.memberId, now)
    .first<{ id: number }>();
  return { brand, member, conversationId, photoKey, orderId: order!.id };
}

/** What a member of `viewer` gets for each of `target`'s rows, read by id on the viewer's own brand. */
async function probes(viewer: Side, target: Side) {
  const get = (path: string) => call(viewer.brand, 'GET', path, undefined, viewer.member.cookie);
  return {
    member: (await get(`/api/profile.php?id=${target.member.profileId}`)).status,
    conversation: (await get(`/api/chat.php?id=${target.conversationId}`)).status,
    photo: (await fetchBrand(viewer.brand, `/media/${target.photoKey}`, { headers: { Cookie: viewer.member.cookie } })).status,
    payment: (await get(`/api/order.php?id=${target.orderId}`)).status,
  };
}

let runtime: Side;
let file: Side;

beforeAll(async () => {
  const owner = (await createStaff([{ brand: '*', role: 'owner' }], 'Owner')).cookie;
  const { id: _id, hosts: _hosts, database: _db, ...settings } = structuredClone(flirtlokaal) as typeof flirtlokaal & { database?: string };
  const made = await staffApi(FILE, 'POST', 'brands.php', {
    cookie: owner,
    body: { id: RUNTIME, settings: { ...settings, settings: { ...settings.settings, name: 'Isolatie Merk' } }, database: 'DB' },
  });
  expect(made.status).toBe(201);
  expect((await staffApi(FILE, 'POST', 'brand-live.php', { cookie: owner, body: { id: RUNTIME } })).status).toBe(200);
  runtime = await side(RUNTIME);
  file = await side(FILE);
}, 60_000);

describe('tenant isolation of a runtime brand', { timeout: 60_000 }, () => {
  it("reads its own member, conversation, photo and payment by id (the probes' fixtures work)", async () => {
    const ok = { member: 200, conversation: 200, photo: 200, payment: 200 };
    expect(await probes(runtime, runtime)).toEqual(ok);
    expect(await probes(file, file)).toEqual(ok);
  });

  it("never reads a file brand's member, conversation, photo or payment by id, nor the other way round", async () => {
    const none = { member: 404, conversation: 404, photo: 404, payment: 404 };
    expect(await probes(runtime, file)).toEqual(none);
    expect(await probes(file, runtime)).toEqual(none);
  });

  it("takes no other brand's session, and the staff of one brand do not reach the other's member", async () => {
    const user = async (brand: string, cookie: string) =>
      ((await (await call(brand, 'GET', '/api/user.php', undefined, cookie)).json()) as { user: { id: number } | null }).user;
    expect(await user(FILE, runtime.member.cookie)).toBeNull();
    expect(await user(RUNTIME, file.member.cookie)).toBeNull();
    const admin = (await createStaff([{ brand: RUNTIME, role: 'admin' }])).cookie;
    expect((await staffApi(FILE, 'GET', `member.php?brand=${RUNTIME}&id=${runtime.member.memberId}`, { cookie: admin })).status).toBe(200);
    expect((await staffApi(FILE, 'GET', `member.php?brand=${RUNTIME}&id=${file.member.memberId}`, { cookie: admin })).status).toBe(404);
    expect((await staffApi(FILE, 'GET', `member.php?brand=${FILE}&id=${file.member.memberId}`, { cookie: admin })).status).toBe(404);
  });
});
