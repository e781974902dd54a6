import { describe, expect, it } from 'vitest';
import { AgeSandbox, ageSandboxKey } from '../../worker/age/sandbox';
import { signBody } from '../../worker/age/signature';
import { TENANTS } from '../../worker/tenants';
import { env } from 'cloudflare:test';
import { passAgeCheck } from './age-helpers';
import { fictionalProfile, grant, newKey, openSocket, textTo } from './chat-helpers';
import { createMember, dbOf, fetchBrand } from './helpers';
import { orderBody } from './payment-helpers';
import { uploadOk } from './photos-helpers';
import { createStaff, staffApi } from './staff-helpers';

// Issue 45 items 2 and 3 in workerd: GB asks a highly effective age check before a chat, a private photo or a
// payment. The member starts a check, does it on the local sandbox provider's page, the sandbox posts its signed
// notification to the brand's real callback path and sends the browser back; only then do chat and pay open. A
// forged, replayed, stale or other brand's notification is refused and changes nothing; NL is not gated.

const BRAND = 'velvetnights';
const tenant = TENANTS.find((t) => t.id === BRAND)!;
const db = () => dbOf(BRAND);

type Member = Awaited<ReturnType<typeof createMember>>;

function req(
  m: Member | null,
  method: string,
  path: string,
  { body, country = 'GB', headers = {} as Record<string, string> } = {} as {
    body?: unknown;
    country?: string;
    headers?: Record<string, string>;
  },
) {
  return fetchBrand(BRAND, path, {
    method,
    redirect: 'manual',
    country,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(m ? { Cookie: m.cookie } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function gbMember() {
  const m = await createMember(BRAND, { paid: true, language: 'en' });
  await grant(m.memberId, 100, BRAND);
  return m;
}

const sendText = (m: Member, profile: number, country = 'GB') =>
  req(m, 'POST', '/api/chat.php', { body: textTo(profile, 'Hello there'), country, headers: { 'Idempotency-Key': newKey() } });
const openChat = (m: Member, profile: number) => req(m, 'GET', `/api/chat.php?profile=${profile}`);
const order = (m: Member) =>
  req(m, 'POST', '/api/order.php', {
    body: orderBody({ package_id: 22, amount: 2599, currency: 'GBP', method: 'creditcard', issuer: undefined }),
  });
const status = async (m: Member, session?: string) =>
  (await (await req(m, 'GET', `/api/age-check.php${session ? `?session=${session}` : ''}`)).json()) as {
    required_for: string[];
    status: string;
    method: string | null;
    can_start: boolean;
    url: string | null;
  };

/** Starts a check and clicks an outcome on the sandbox page, as the member's browser does; the page it lands on. */
async function doCheck(m: Member, outcome: 'pass' | 'fail' | 'inconclusive' | 'cancelled', method = 'age_estimation') {
  const started = await req(m, 'POST', '/api/age-check.php');
  expect(started.status).toBe(201);
  const url = new URL((await started.json<{ url: string }>()).url, `https://${BRAND}.localhost`);
  const sessionId = url.searchParams.get('sessionId')!;
  const page = await fetchBrand(BRAND, `${url.pathname}${url.search}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Inconclusive');
  const clicked = await fetchBrand(BRAND, `${url.pathname}${url.search}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `https://${BRAND}.localhost` },
    body: new URLSearchParams({ outcome, method }),
  });
  expect(clicked.status).toBe(303);
  const back = new URL(clicked.headers.get('Location')!);
  expect(back.pathname).toBe('/age-check');
  expect(back.searchParams.get('session')).toBe(sessionId);
  return sessionId;
}

const checkRow = (sessionId: string) =>
  db().prepare('SELECT * FROM age_checks WHERE tenant_id = ? AND session_id = ?').bind(BRAND, sessionId).first<Record<string, unknown>>();

const callback = (body: string, signature: string, brand = BRAND) =>
  fetchBrand(brand, '/api/age-check-callback.php', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Age-Signature': signature },
    body,
  });

const notification = (sessionId: string, sentAt = new Date()) =>
  JSON.stringify({
    session_id: sessionId,
    notification_id: crypto.randomUUID(),
    topic: 'session_completed',
    sent_at: sentAt.toISOString(),
  });

describe('age assurance: GB', () => {
  it('blocks chat and paying until the member passes the check in the sandbox, then allows both', async () => {
    const m = await gbMember();
    const profile = await fictionalProfile(BRAND);

    const opened = await openChat(m, profile);
    expect(opened.status).toBe(403);
    const error = (await opened.json<{ error: { code: string; message: string } }>()).error;
    expect(error.code).toBe('age_check_required');
    expect(error.message).toContain('confirm your age');
    expect((await sendText(m, profile)).status).toBe(403);
    expect((await order(m)).status).toBe(403);
    const before = await status(m);
    expect(before).toMatchObject({ required_for: ['photos', 'chat', 'pay'], status: 'none', can_start: true });
    // Nothing was sent or ordered: no credits spent, no order row.
    const orders = await db().prepare('SELECT COUNT(*) AS n FROM orders WHERE member_id = ?').bind(m.memberId).first<{ n: number }>();
    expect(orders?.n).toBe(0);

    const sessionId = await doCheck(m, 'pass', 'doc_scan');
    // The signed callback recorded it before the browser came back; the return only reads it.
    expect(await checkRow(sessionId)).toMatchObject({ outcome: 'pass', method: 'doc_scan', member_id: m.memberId, country: 'GB' });
    expect(await status(m, sessionId)).toMatchObject({ status: 'pass', method: 'doc_scan', can_start: false });

    expect((await openChat(m, profile)).status).toBe(200);
    expect((await sendText(m, profile)).status).toBe(201);
    expect((await order(m)).status).toBe(201);
    // Done once: a second check is refused.
    expect((await req(m, 'POST', '/api/age-check.php')).status).toBe(409);
  });

  it.each(['fail', 'inconclusive', 'cancelled'] as const)('keeps the block after %s, and lets the member try again', async (outcome) => {
    const m = await gbMember();
    const profile = await fictionalProfile(BRAND);
    const sessionId = await doCheck(m, outcome);
    expect(await checkRow(sessionId)).toMatchObject({ outcome });
    expect(await status(m, sessionId)).toMatchObject({ status: outcome, can_start: true });
    expect((await sendText(m, profile)).status).toBe(403);
    expect((await order(m)).status).toBe(403);
    // A retry that passes opens it.
    await doCheck(m, 'pass');
    expect((await sendText(m, profile)).status).toBe(201);
  });

  it('refuses a forged, another brand’s, stale or unknown notification and changes nothing', async () => {
    const m = await gbMember();
    const started = await req(m, 'POST', '/api/age-check.php');
    const sessionId = new URL((await started.json<{ url: string }>()).url, 'https://x').searchParams.get('sessionId')!;
    // The member is still at the provider: the sandbox has no outcome, the brand's check none.
    const key = ageSandboxKey(BRAND);
    const body = notification(sessionId);

    const forged = await callback(body, 'f'.repeat(64));
    expect(forged.status).toBe(400);
    expect((await forged.json<{ error: { code: string } }>()).error.code).toBe('age_signature_invalid');
    expect((await callback(body, await signBody(ageSandboxKey('flirtlokaal'), body))).status).toBe(400);
    expect((await callback(body, '')).status).toBe(400);
    // A body changed after signing.
    expect((await callback(body.replace(sessionId, `${sessionId}x`), await signBody(key, body))).status).toBe(400);
    const stale = notification(sessionId, new Date(Date.now() - 3_600_000));
    const staleAnswer = await callback(stale, await signBody(key, stale));
    expect(staleAnswer.status).toBe(400);
    expect((await staleAnswer.json<{ error: { code: string } }>()).error.code).toBe('age_result_stale');
    const unknown = notification('no-such-session');
    expect((await callback(unknown, await signBody(key, unknown))).status).toBe(404);
    // Correctly signed but the member has not finished: the provider's own result has no outcome, nothing is recorded.
    expect((await callback(body, await signBody(key, body))).status).toBe(404);

    // Another brand's check, signed with that brand's key, sent here: refused.
    const other = await createMember('flirtlokaal', { paid: true });
    const otherStart = await fetchBrand('flirtlokaal', '/api/age-check.php', {
      method: 'POST',
      country: 'GB',
      headers: { Cookie: other.cookie },
    });
    const otherSession = new URL((await otherStart.json<{ url: string }>()).url, 'https://x').searchParams.get('sessionId')!;
    const flirtTenant = TENANTS.find((t) => t.id === 'flirtlokaal')!;
    await new AgeSandbox(dbOf('flirtlokaal'), flirtTenant).complete(otherSession, 'pass', 'age_estimation');
    const otherNote = notification(otherSession);
    expect((await callback(otherNote, await signBody(ageSandboxKey('flirtlokaal'), otherNote))).status).toBe(400);
    expect((await callback(otherNote, await signBody(key, otherNote))).status).toBe(404);

    expect(await checkRow(sessionId)).toMatchObject({ outcome: null, notification_id: null });
    expect(await status(m)).toMatchObject({ status: 'pending' });
    expect((await sendText(m, await fictionalProfile(BRAND))).status).toBe(403);
  });

  it('refuses a replayed notification: the outcome stays as first recorded', async () => {
    const m = await gbMember();
    const sessionId = await doCheck(m, 'fail');
    const first = await checkRow(sessionId);
    // The sandbox is made to say "pass" now; a second notification (even a fresh, correctly signed one) is a replay.
    await db().prepare("UPDATE age_sandbox_sessions SET outcome = 'pass' WHERE session_id = ?").bind(sessionId).run();
    const again = notification(sessionId);
    const replayed = await callback(again, await signBody(ageSandboxKey(BRAND), again));
    expect(replayed.status).toBe(409);
    expect((await replayed.json<{ error: { code: string } }>()).error.code).toBe('age_result_replayed');
    expect(await checkRow(sessionId)).toEqual(first);
    expect(await status(m)).toMatchObject({ status: 'fail' });
    expect((await order(m)).status).toBe(403);
  });

  it('records a result once when 25 copies of its notification arrive at once', async () => {
    const m = await gbMember();
    const started = await req(m, 'POST', '/api/age-check.php');
    const sessionId = new URL((await started.json<{ url: string }>()).url, 'https://x').searchParams.get('sessionId')!;
    // The member passed at the provider; its notification is delivered 25 times at once (a provider's retries).
    await new AgeSandbox(db(), tenant).complete(sessionId, 'pass', 'age_estimation');
    const body = notification(sessionId);
    const signature = await signBody(ageSandboxKey(BRAND), body);
    const answers = await Promise.all(Array.from({ length: 25 }, () => callback(body, signature)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(24);
    expect(await status(m)).toMatchObject({ status: 'pass', method: 'age_estimation' });
    const rows = await db()
      .prepare('SELECT COUNT(*) AS n FROM age_status WHERE tenant_id = ? AND member_id = ?')
      .bind(BRAND, m.memberId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('serves the age-check page to a member, and sends a visitor to log in', async () => {
    const m = await gbMember();
    expect((await req(m, 'GET', '/age-check')).status).toBe(200);
    expect([302, 303]).toContain((await req(null, 'GET', '/age-check')).status);
  });

  it('answers the block in the member’s language', async () => {
    const m = await createMember(BRAND, { paid: true, language: 'de' });
    const res = await openChat(m, await fictionalProfile(BRAND));
    expect((await res.json<{ error: { message: string } }>()).error.message).toContain('bestätige zuerst dein Alter');
  });
});

describe('age assurance: the same gate everywhere', () => {
  it('gates a send over the live socket opened from GB', async () => {
    const m = await gbMember();
    const profile = await fictionalProfile(BRAND);
    const tab = await openSocket(m, { 'X-Debug-Country': 'GB' }, BRAND);
    const refused = await tab.sendFrame(textTo(profile, 'Over the socket'));
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'age_check_required' } } });
    const messages = await db()
      .prepare('SELECT COUNT(*) AS n FROM messages WHERE sender_profile_id = ?')
      .bind(m.profileId)
      .first<{ n: number }>();
    expect(messages?.n).toBe(0);
    await passAgeCheck(BRAND, m.memberId);
    expect((await tab.sendFrame(textTo(profile, 'Over the socket'))).status).toBe(201);
    tab.ws.close(1000);
  });

  it('shows a private photo to a premium member from GB only after the check; the owner always', async () => {
    const owner = await createMember('flirtlokaal', { language: 'nl' });
    const [photo] = (await uploadOk('flirtlokaal', owner)).photos;
    await env.DB.prepare("UPDATE photos SET status = 'active', private = 1 WHERE id = ?").bind(photo.id).run();
    const viewer = await createMember('flirtlokaal', { paid: true });
    const get = (who: Member, country: string) =>
      fetchBrand('flirtlokaal', `/media/${photo.filename}`, { headers: { Cookie: who.cookie, 'X-Debug-Country': country } });
    expect((await get(viewer, 'GB')).status).toBe(404);
    expect((await get(viewer, 'NL')).status).toBe(200);
    expect((await get(owner, 'GB')).status).toBe(200);
    await passAgeCheck('flirtlokaal', viewer.memberId);
    expect((await get(viewer, 'GB')).status).toBe(200);
  });

  it('shows a GB member only the public main photo of a profile until the check, then all of them', async () => {
    const profile = await fictionalProfile(BRAND);
    const now = new Date().toISOString();
    const photo = (id: number, isPrivate: number) =>
      db()
        .prepare(
          `INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, private, created_at)
           VALUES (?, ?, ?, ?, ?, 'active', ?, ?)`,
        )
        .bind(id, BRAND, profile, `seed/f/${id}-1-30.svg`, `seed/f/${id}-1-30-thumb.svg`, isPrivate, now);
    await db().batch([photo(profile, 0), photo(profile + 100_000, 0), photo(profile + 200_000, 1)]);
    await db().prepare('UPDATE profiles SET main_photo_id = ? WHERE id = ?').bind(profile, profile).run();
    const m = await gbMember();
    const photos = async (country: string) =>
      (
        await (await req(m, 'GET', `/api/profile.php?id=${profile}`, { country })).json<{ profile: { photos: { id: number }[] } }>()
      ).profile.photos.map((p) => p.id);
    expect(await photos('GB')).toEqual([profile]);
    expect(await photos('NL')).toHaveLength(3);
    await passAgeCheck(BRAND, m.memberId);
    expect(await photos('GB')).toHaveLength(3);
  });

  it('shows staff the member’s age-check status on the member page', async () => {
    const m = await gbMember();
    await doCheck(m, 'fail');
    await doCheck(m, 'pass', 'doc_scan');
    const admin = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const res = await staffApi(BRAND, 'GET', `member.php?brand=${BRAND}&id=${m.memberId}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const detail = await res.json<{ account: { age_check: unknown } }>();
    expect(detail.account.age_check).toMatchObject({ status: 'pass', method: 'doc_scan', attempts: 2 });
  });
});

describe('age assurance elsewhere', () => {
  it('does not gate a member visiting from NL, nor one in IE (self-declaration)', async () => {
    const m = await gbMember();
    const profile = await fictionalProfile(BRAND);
    expect((await sendText(m, profile, 'NL')).status).toBe(201);
    expect((await sendText(m, profile, 'IE')).status).toBe(201);
    const nl = await createMember('flirtlokaal', { paid: true });
    await grant(nl.memberId, 50, 'flirtlokaal');
    const sent = await fetchBrand('flirtlokaal', '/api/chat.php', {
      method: 'POST',
      country: 'NL',
      headers: { 'Content-Type': 'application/json', Cookie: nl.cookie, 'Idempotency-Key': newKey() },
      body: JSON.stringify(textTo(await fictionalProfile('flirtlokaal'))),
    });
    expect(sent.status).toBe(201);
    const answer = await fetchBrand('flirtlokaal', '/api/age-check.php', { country: 'NL', headers: { Cookie: nl.cookie } });
    expect(await answer.json()).toMatchObject({ required_for: [], status: 'none' });
  });
});

describe('self-declaration on the entry warning (item 3)', () => {
  it('logs the declaration with its time, text version, text and language', async () => {
    const visitor = `visitor-${crypto.randomUUID()}`;
    const res = await fetchBrand('flirtlokaal', '/api/age-declaration.php', {
      method: 'POST',
      country: 'NL',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: '2026-11-29', visitor }),
    });
    expect(res.status).toBe(201);
    const row = await dbOf('flirtlokaal')
      .prepare('SELECT * FROM age_declarations WHERE tenant_id = ? AND visitor = ?')
      .bind('flirtlokaal', visitor)
      .first<Record<string, string>>();
    expect(row).toMatchObject({ version: '2026-11-29', country: 'NL', language: 'nl', member_id: null });
    expect(row!.text).toContain('18 jaar of ouder');
    expect(Date.now() - Date.parse(row!.created_at)).toBeLessThan(60_000);
    const old = await fetchBrand('flirtlokaal', '/api/age-declaration.php', {
      method: 'POST',
      country: 'NL',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: '2020-01-01', visitor }),
    });
    expect(old.status).toBe(400);
  });

  it('logs it when the warning is confirmed without script too', async () => {
    const before = await dbOf('flirtlokaal').prepare('SELECT COUNT(*) AS n FROM age_declarations').first<{ n: number }>();
    const res = await fetchBrand('flirtlokaal', '/entry-warning', {
      method: 'POST',
      redirect: 'manual',
      country: 'NL',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://flirtlokaal.localhost' },
      body: new URLSearchParams({ back: '/' }),
    });
    expect(res.status).toBe(303);
    const after = await dbOf('flirtlokaal').prepare('SELECT COUNT(*) AS n FROM age_declarations').first<{ n: number }>();
    expect(after!.n).toBe(before!.n + 1);
  });
});

// The sandbox is a stand-in for local mode: tenant is used so a GB brand really is the one tested.
it('tests a brand that serves GB', () => expect(tenant.settings.countries).toContain('GB'));
