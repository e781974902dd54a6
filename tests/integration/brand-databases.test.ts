import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DB_LATENCY_HEADER, injectedLatency, latestBookmark } from '../../worker/db/request-db';
import { PASSWORD, call, sessionCookie, signUp } from './account-helpers';
import { fictionalProfile, newKey, send, textTo } from './chat-helpers';
import { createMember, dbOf } from './helpers';
import { passAgeCheck } from './age-helpers';
import { checkout, json, memberState, placeOrder } from './payment-helpers';

// Issue 20 items 5, 6 and 9: velvetnights keeps its data in DB_VELVET (tenants/velvetnights.ts), the other brands in
// DB; reads run in a D1 session whose bookmark travels in the d1b cookie (worker/db/request-db.ts).

const count = async (db: D1Database, sql: string, ...params: unknown[]) =>
  (await db
    .prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const bookmarkOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('d1b='));

describe('a brand on its own database', () => {
  it('signs up, logs in, chats and buys on velvetnights: every row in DB_VELVET, none in DB', async () => {
    expect(dbOf('velvetnights')).toBe(env.DB_VELVET);
    const member = await signUp('velvetnights', { email: `velvet${newKey()}@example.com` });
    const login = await call('velvetnights', 'POST', '/api/user.php', { email: member.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const cookie = sessionCookie(login);
    const memberId = member.user.id;
    // Confirmed and with credits (the activation mail is tested in signup.test.ts), then a chat message costs 5.
    await env.DB_VELVET.prepare("UPDATE members SET status = 'confirmed' WHERE id = ? AND tenant_id = 'velvetnights'").bind(memberId).run();
    await env.DB_VELVET.prepare("UPDATE profiles SET status = 'active' WHERE member_id = ? AND tenant_id = 'velvetnights'")
      .bind(memberId)
      .run();
    // GB asks the age check before paying (age-assurance.test.ts tests it): this member passed it.
    await passAgeCheck('velvetnights', memberId);
    const placed = await placeOrder(
      'velvetnights',
      cookie,
      { package_id: 22, amount: 2599, currency: 'GBP', method: 'creditcard', issuer: undefined },
      { country: 'GB' },
    );
    expect((await checkout('velvetnights', placed.paymentId, 'paid')).status).toBe(303);
    const paid = await memberState('velvetnights', memberId);
    expect(paid).toMatchObject({ paid: true, ledger: paid.credits });
    expect(paid.credits).toBeGreaterThanOrEqual(120);
    const profile = await fictionalProfile('velvetnights');
    const sent = await send({ cookie } as never, textTo(profile, 'Hello from the second database'), newKey(), 'velvetnights');
    expect(sent.status).toBe(201);
    expect((await memberState('velvetnights', memberId)).credits).toBe(paid.credits - 5);

    for (const [table, where] of [
      ['members', 'id = ?'],
      ['sessions', 'member_id = ?'],
      ['orders', 'member_id = ?'],
      ['credit_ledger', 'member_id = ?'],
      ['messages', 'sender_member_id = ?'],
    ] as const) {
      expect(
        await count(env.DB_VELVET, `SELECT COUNT(*) AS n FROM ${table} WHERE ${where} AND tenant_id = 'velvetnights'`, memberId),
        table,
      ).toBeGreaterThan(0);
      expect(await count(env.DB, `SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = 'velvetnights'`), table).toBe(0);
    }
    expect(await count(env.DB, "SELECT COUNT(*) AS n FROM outbox WHERE tenant_id = 'velvetnights'")).toBe(0);
  }, 30_000); // two argon2 hashes and a checkout: slow on a busy machine

  it('keeps the same member id in two databases apart: each brand sees its own member only', async () => {
    const id = 4_242_000;
    const now = new Date().toISOString();
    for (const [db, tenant] of [
      [env.DB, 'flirtlokaal'],
      [env.DB_VELVET, 'velvetnights'],
    ] as const) {
      await db.batch([
        db
          .prepare(
            "INSERT INTO members (id, tenant_id, email, status, credits, signup_date, created_at) VALUES (?, ?, ?, 'confirmed', 0, ?, ?)",
          )
          .bind(id, tenant, `same@${tenant}.example`, now, now),
        db
          .prepare(
            "INSERT INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, last_active, created_at) VALUES (?, ?, ?, ?, 'male', 'hetero', '1990-01-01', 'NL', ?, ?)",
          )
          .bind(id, tenant, id, `Same${tenant}`, now, now),
      ]);
    }
    // A session made on velvetnights' database: the member's name there, and nothing on flirtlokaal.
    const velvet = await createMember('velvetnights');
    const flirt = await createMember('flirtlokaal');
    const mine = await json(await call('velvetnights', 'GET', '/api/user.php', undefined, velvet.cookie));
    expect(mine.user.profile.name).toBe(`Tester${velvet.memberId}`);
    // A session of one brand's database is nobody on the other brand.
    expect((await json(await call('flirtlokaal', 'GET', '/api/user.php', undefined, velvet.cookie))).user ?? null).toBeNull();
    expect((await json(await call('velvetnights', 'GET', '/api/user.php', undefined, flirt.cookie))).user ?? null).toBeNull();
    const profileOn = async (brand: string, cookie: string) =>
      (await call(brand, 'GET', `/api/profile.php?id=${id}`, undefined, cookie)).json<any>();
    expect((await profileOn('velvetnights', velvet.cookie)).profile?.name).toBe('Samevelvetnights');
    expect((await profileOn('flirtlokaal', flirt.cookie)).profile?.name).toBe('Sameflirtlokaal');
    // velvetnights' member does not exist in DB at all.
    expect(await count(env.DB, 'SELECT COUNT(*) AS n FROM members WHERE id = ?', velvet.memberId)).toBe(0);
  });
});

describe('the D1 session bookmark', () => {
  it('a write returns a bookmark cookie; the next read carries it and sees the write; reads set none', async () => {
    const m = await createMember('flirtlokaal');
    const read = await call('flirtlokaal', 'GET', '/api/user.php', undefined, m.cookie);
    expect(read.status).toBe(200);
    expect(bookmarkOf(read)).toBeUndefined();
    const page = await call('flirtlokaal', 'GET', '/', undefined, undefined);
    expect(bookmarkOf(page)).toBeUndefined();
    const write = await call('flirtlokaal', 'PUT', '/api/user.php', { language: 'de' }, m.cookie);
    expect(write.status).toBeLessThan(300);
    const cookie = bookmarkOf(write);
    expect(cookie).toMatch(/^d1b=[0-9a-f-]+; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const next = await call('flirtlokaal', 'GET', '/api/user.php', undefined, `${m.cookie}; ${cookie!.split(';')[0]}`);
    expect((await next.json<any>()).user.language).toBe('de');
    // The same bookmark again (no newer write): no cookie.
    expect(bookmarkOf(next)).toBeUndefined();
  });

  it('ignores a bookmark that is not one, in the cookie or in the header of a send over the live socket', async () => {
    const m = await createMember('velvetnights');
    const res = await call('velvetnights', 'GET', '/api/user.php', undefined, `${m.cookie}; d1b=x'; DROP TABLE members`);
    expect(res.status).toBe(200);
    const header = await call('velvetnights', 'GET', '/api/user.php', undefined, m.cookie, { 'X-D1-Bookmark': "x'; DROP TABLE members" });
    expect(header.status).toBe(200);
  });

  it('starts at the later of the cookie and the header (bookmarks sort oldest to newest)', () => {
    expect(latestBookmark('0000000a-00000002', '0000000b-00000001')).toBe('0000000b-00000001');
    expect(latestBookmark('0000000c-00000001', '0000000b-00000001')).toBe('0000000c-00000001');
    expect(latestBookmark(undefined, 'nonsense!')).toBeUndefined();
    expect(latestBookmark('0000000a-00000002', undefined)).toBe('0000000a-00000002');
  });
});

describe('X-Debug-DB-Latency', () => {
  it('slows every D1 call of a local request by the given time, and is ignored in production', async () => {
    const m = await createMember('flirtlokaal');
    // A lower bound only (a busy machine is slower, never faster): /api/user.php reads the session from D1 first.
    const started = Date.now();
    const res = await call('flirtlokaal', 'GET', '/api/user.php', undefined, m.cookie, { [DB_LATENCY_HEADER]: '400' });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(injectedLatency({ ...env, APP_ENV: 'test' }, '80')).toBe(80);
    expect(injectedLatency({ ...env, APP_ENV: 'local' }, '80')).toBe(80);
    expect(injectedLatency({ ...env, APP_ENV: 'production' }, '80')).toBe(0);
    expect(injectedLatency({ ...env, APP_ENV: 'test' }, 'soon')).toBe(0);
    expect(injectedLatency({ ...env, APP_ENV: 'test' }, '99999')).toBe(5_000);
  });
});
