import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { TenantSchema } from '../../core/schemas/tenant';
import velvetnights from '../../tenants/velvetnights';
import { ageProviderFor } from '../../worker/age/provider';
import { outcomeOf, YOTI_SESSION_TTL } from '../../worker/age/yoti/adapter';
import { YOTI_NOTIFICATION_PUBLIC_KEY } from '../../worker/age/yoti/signature';
import { TENANTS } from '../../worker/tenants';
import { YOTI_TEST_PRIVATE_KEY } from '../fixtures/yoti-test-key';
import { fictionalProfile, grant } from './chat-helpers';
import { createMember, dbOf, fetchBrand } from './helpers';
import { YOTI_TEST_API_KEY, YOTI_TEST_SDK_ID } from './yoti-stand-in';

declare const __TEST_UPSTREAM_PORT__: number;

// Issue 45 item 2, the production adapter: a brand on Yoti's Age Verification API (tests/fixtures/tenants/yotishop.ts)
// against a local stand-in of Yoti's API (tests/integration/yoti-stand-in.ts). What is checked is what Yoti would see
// (the create-session request: URL, bearer key, SDK id, body) and what the member notices (the page they are sent
// to, chat opening only after Yoti's own result says they passed). Yoti notifies once per attempt: a failed first
// attempt and a passed retry in the same session both count, the same notification again is a replay, a forged one
// changes nothing.

const BRAND = 'yotishop';
const YOTI = `http://127.0.0.1:${__TEST_UPSTREAM_PORT__}/yoti`;
const db = () => dbOf(BRAND);

type Member = Awaited<ReturnType<typeof createMember>>;

const req = (m: Member, method: string, path: string) =>
  fetchBrand(BRAND, path, { method, redirect: 'manual', country: 'GB', headers: { Cookie: m.cookie } });

const status = async (m: Member, session?: string) =>
  (await (await req(m, 'GET', `/api/age-check.php${session ? `?session=${session}` : ''}`)).json()) as {
    status: string;
    method: string | null;
    can_start: boolean;
  };

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  sdkId: string | null;
  contentType: string | null;
  body: Record<string, unknown> | null;
}
const seenBy = async (session: string) =>
  (await (await fetch(`${YOTI}/__requests?session=${encodeURIComponent(session)}`)).json()) as Seen[];

/** What the member did on Yoti's page, as Yoti's result will say. */
const yotiSays = async (session: string, s: string, method?: string) =>
  expect((await fetch(`${YOTI}/__status/${session}`, { method: 'POST', body: JSON.stringify({ status: s, method }) })).status).toBe(200);

async function start(m: Member): Promise<string> {
  const started = await req(m, 'POST', '/api/age-check.php');
  expect(started.status).toBe(201);
  const url = new URL((await started.json<{ url: string }>()).url);
  expect(`${url.origin}${url.pathname}`).toBe(YOTI);
  expect(url.searchParams.get('sdkId')).toBe(YOTI_TEST_SDK_ID);
  return url.searchParams.get('sessionId')!;
}

const b64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const pemBytes = (pem: string) => Uint8Array.from(atob(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s/g, '')), (c) => c.charCodeAt(0));

/** A notification as Yoti posts it, signed as Yoti's notifications page describes (RSA-PSS, SHA-256, max salt). */
async function yotiNotification(
  session: string,
  memberId: number,
  { sequence = 1, state = 'COMPLETE', id = crypto.randomUUID(), sentAt = new Date(), key = YOTI_TEST_PRIVATE_KEY } = {},
) {
  const payload = {
    method: 'AGE_ESTIMATION',
    result: state === 'COMPLETE',
    age: 25,
    session_key: session,
    reference_id: `${BRAND}:${memberId}`,
    id,
    timestamp: Math.floor(sentAt.getTime() / 1000),
    notification_url: `https://${BRAND}.localhost/api/age-check-callback.php`,
    evidence_id: crypto.randomUUID(),
    state,
    check_type: 'PASSIVE',
  };
  const signer = await crypto.subtle.importKey('pkcs8', pemBytes(key), { name: 'RSA-PSS', hash: 'SHA-256' }, false, ['sign']);
  const signed = JSON.stringify(payload).replace(/\s/g, '');
  const signature = b64(await crypto.subtle.sign({ name: 'RSA-PSS', saltLength: 256 - 32 - 2 }, signer, new TextEncoder().encode(signed)));
  return JSON.stringify({ ...payload, sequence_number: sequence, signature });
}

const notify = (body: string) =>
  fetchBrand(BRAND, '/api/age-check-callback.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

const checkRow = (session: string) =>
  db()
    .prepare('SELECT outcome, method, notification_seq FROM age_checks WHERE tenant_id = ? AND session_id = ?')
    .bind(BRAND, session)
    .first();

async function gbMember() {
  const m = await createMember(BRAND, { paid: true, language: 'en' });
  await grant(m.memberId, 100, BRAND);
  return m;
}

describe('age assurance on Yoti', () => {
  it("creates the session at Yoti's API as Yoti documents it and sends the member to Yoti's page", async () => {
    const m = await gbMember();
    const session = await start(m);
    const [created] = await seenBy(session);
    expect(created).toMatchObject({
      method: 'POST',
      path: '/api/v1/sessions',
      authorization: `Bearer ${YOTI_TEST_API_KEY}`,
      sdkId: YOTI_TEST_SDK_ID,
      contentType: 'application/json',
    });
    expect(created!.body).toEqual({
      type: 'OVER',
      ttl: YOTI_SESSION_TTL,
      reference_id: `${BRAND}:${m.memberId}`,
      // GB: 18; facial estimation with the Challenge 25 buffer, a document at the age itself; both with liveness.
      age_estimation: { allowed: true, threshold: 25, level: 'PASSIVE' },
      doc_scan: { allowed: true, threshold: 18, authenticity: 'AUTO', level: 'PASSIVE' },
      synchronous_checks: true,
      callback: { auto: false, url: `https://${BRAND}.localhost/age-check` },
      cancel_url: `https://${BRAND}.localhost/age-check`,
      notification_url: `https://${BRAND}.localhost/api/age-check-callback.php`,
    });
    expect(await checkRow(session)).toMatchObject({ outcome: null });
    expect(await status(m)).toMatchObject({ status: 'pending' });
  });

  it("back from Yoti's page, the member's standing is Yoti's result, read with the brand's key", async () => {
    const m = await gbMember();
    const session = await start(m);
    // Not finished at Yoti: nothing is recorded.
    expect(await status(m, session)).toMatchObject({ status: 'pending' });
    await yotiSays(session, 'COMPLETE', 'DOC_SCAN');
    expect(await status(m, session)).toMatchObject({ status: 'pass', method: 'doc_scan', can_start: false });
    const read = (await seenBy(session)).filter((s) => s.path === `/api/v1/sessions/${session}/result`);
    expect(read.length).toBeGreaterThanOrEqual(1);
    expect(read[0]).toMatchObject({ method: 'GET', authorization: `Bearer ${YOTI_TEST_API_KEY}`, sdkId: YOTI_TEST_SDK_ID });
  });

  it('takes a failed attempt, then the passed retry of the same session; a replay or a forgery changes nothing', async () => {
    const m = await gbMember();
    const profile = await fictionalProfile(BRAND);
    const session = await start(m);
    expect((await req(m, 'GET', `/api/chat.php?profile=${profile}`)).status).toBe(403);

    await yotiSays(session, 'FAIL', 'AGE_ESTIMATION');
    const first = await yotiNotification(session, m.memberId, { sequence: 1, state: 'FAIL' });
    expect((await notify(first)).status).toBe(200);
    expect(await checkRow(session)).toEqual({ outcome: 'fail', method: 'age_estimation', notification_seq: 1 });
    expect(await status(m)).toMatchObject({ status: 'fail' });

    // A forged "passed" notification: signed with another key, or Yoti's signed body with its state changed.
    const other = (await crypto.subtle.generateKey(
      { name: 'RSA-PSS', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['sign', 'verify'],
    )) as CryptoKeyPair;
    const otherPem = `-----BEGIN PRIVATE KEY-----\n${b64((await crypto.subtle.exportKey('pkcs8', other.privateKey)) as ArrayBuffer)}\n-----END PRIVATE KEY-----`;
    await yotiSays(session, 'COMPLETE', 'AGE_ESTIMATION');
    const forged = await yotiNotification(session, m.memberId, { sequence: 2, key: otherPem });
    const forgedRes = await notify(forged);
    expect(forgedRes.status).toBe(400);
    expect((await forgedRes.json<{ error: { code: string } }>()).error.code).toBe('age_signature_invalid');
    const tampered = first.replace('"state":"FAIL"', '"state":"COMPLETE"').replace('"sequence_number":1', '"sequence_number":2');
    expect((await notify(tampered)).status).toBe(400);
    expect(await status(m)).toMatchObject({ status: 'fail' });
    expect((await req(m, 'GET', `/api/chat.php?profile=${profile}`)).status).toBe(403);

    // The retry passed: Yoti's second notification of the session is taken and the result read again.
    const second = await yotiNotification(session, m.memberId, { sequence: 2, state: 'COMPLETE' });
    expect((await notify(second)).status).toBe(200);
    expect(await checkRow(session)).toEqual({ outcome: 'pass', method: 'age_estimation', notification_seq: 2 });
    expect(await status(m)).toMatchObject({ status: 'pass', can_start: false });
    expect((await req(m, 'GET', `/api/chat.php?profile=${profile}`)).status).toBe(200);

    // The same notification again, or the first one again, is a replay.
    for (const again of [second, first]) {
      const replayed = await notify(again);
      expect(replayed.status).toBe(409);
      expect((await replayed.json<{ error: { code: string } }>()).error.code).toBe('age_result_replayed');
    }
    expect(await checkRow(session)).toEqual({ outcome: 'pass', method: 'age_estimation', notification_seq: 2 });
  });

  it('takes exactly one of the same notification sent 20 times at once', async () => {
    const m = await gbMember();
    const session = await start(m);
    await yotiSays(session, 'COMPLETE', 'DOC_SCAN');
    const body = await yotiNotification(session, m.memberId, { sequence: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(body)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await checkRow(session)).toEqual({ outcome: 'pass', method: 'doc_scan', notification_seq: 1 });
  });

  it('refuses an old notification, and one for a session of no check of the brand', async () => {
    const m = await gbMember();
    const session = await start(m);
    await yotiSays(session, 'COMPLETE', 'AGE_ESTIMATION');
    const old = await yotiNotification(session, m.memberId, { sentAt: new Date(Date.now() - 20 * 60_000) });
    expect((await notify(old)).status).toBe(400);
    const unknown = await yotiNotification(crypto.randomUUID(), m.memberId);
    expect((await notify(unknown)).status).toBe(404);
    expect(await checkRow(session)).toMatchObject({ outcome: null });
  });

  it('production uses Yoti for a brand that names it, never the sandbox; without its key, or Yoti, no check starts', () => {
    const production = { ...env, APP_ENV: 'production' } as Env;
    const yotishop = TENANTS.find((t) => t.id === BRAND)!;
    expect(ageProviderFor(production, yotishop)?.name).toBe('yoti');
    const noKey = { ...production, YOTI_API_KEY_YOTISHOP: undefined } as unknown as Env;
    expect(ageProviderFor(noKey, yotishop)).toBeNull();
    expect(ageProviderFor(production, TenantSchema.parse(velvetnights))).toBeNull();
    // Locally a brand without Yoti keeps the sandbox.
    expect(ageProviderFor(env, TenantSchema.parse(velvetnights))?.name).toBe('sandbox');
  });

  it("reads Yoti's published notification key, and maps only Yoti's documented states to an outcome", async () => {
    await expect(
      crypto.subtle.importKey('spki', pemBytes(YOTI_NOTIFICATION_PUBLIC_KEY), { name: 'RSA-PSS', hash: 'SHA-256' }, false, ['verify']),
    ).resolves.toBeTruthy();
    expect(['COMPLETE', 'FAIL', 'ERROR', 'PENDING', 'SOMETHING_NEW'].map(outcomeOf)).toEqual(['pass', 'fail', 'inconclusive', null, null]);
  });
});
