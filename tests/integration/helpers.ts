import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import { z } from 'zod';
import { answerSchema } from '../../core/contract/answer-schema';
import { hashToken, newToken } from '../../worker/auth/sessions';
import { databaseOf } from '../../worker/db/request-db';
import { TENANTS } from '../../worker/tenants';

/** The D1 database that holds a brand's data (velvetnights has its own, DB_VELVET): what a test writes and checks. */
export function dbOf(brand: string): D1Database {
  const tenant = TENANTS.find((t) => t.id === brand);
  return tenant ? databaseOf(env, tenant) : env.DB;
}

/**
 * A request clock at midday (13:00 in Amsterdam): a checkout page rendered between 00:00 and 05:00 local time shows
 * the pause screen first (issue 45 item 10, spending-check.test.ts), so a test of the checkout's own content pins
 * the hour.
 */
export const DAYTIME = { 'X-Debug-Now': '2026-11-29T12:00:00Z' };

export const BRANDS = ['flirtlokaal', 'reifekontakte', 'velvetnights'] as const;

export interface FetchOptions extends RequestInit {
  country?: string;
  /**
   * Skips the contract check of the answer: only for answers the contract does not document on purpose (a proxied
   * brand's fake upstream, a deliberately broken answer in a robustness test). Say why at the call.
   */
  unchecked?: true;
}

/**
 * A request through the Worker's own fetch, as a browser on <brand>.localhost would make it. Every JSON answer of an
 * /api/*.php call (the staff API's /api/staff/*.php too) is checked (on a clone) against the schema core/contract documents for its method, path and status:
 * an answer that does not match, or a JSON answer the contract does not document, fails the test (error answers
 * too: their code must be one the contract lists for that status).
 */
export async function fetchBrand(brand: string, path: string, { country, unchecked, ...init }: FetchOptions = {}): Promise<Response> {
  const res = await exports.default.fetch(
    new Request(`https://${brand}.localhost${path}`, init),
    country ? ({ cf: { country } } as never) : undefined,
  );
  if (!unchecked) await checkContract(init.method ?? 'GET', path, res);
  return res;
}

// The member site's calls and the staff workspace's (/api/staff/*, core/contract/staff-ops.ts).
const CONTRACT_CALL = /^\/api\/[^?]*\.php(\?|$)/;

async function checkContract(method: string, asked: string, res: Response): Promise<void> {
  // The path as the Worker saw it (`/api/staff/../user.php` is /api/user.php).
  const url = new URL(asked, 'https://brand.localhost');
  const path = url.pathname + url.search;
  if (!CONTRACT_CALL.test(path) || !res.headers.get('Content-Type')?.includes('application/json')) return;
  const where = `${method} ${path} ${res.status}`;
  const schema = answerSchema(method, path, res.status);
  expect(schema, `${where}: a JSON answer core/contract does not document for this status`).not.toBeNull();
  const parsed = z.safeParse(schema!, await res.clone().json());
  // The issues go into the message too: vitest's diff abbreviates nested objects.
  const issues = parsed.error ? z.prettifyError(parsed.error) : '';
  expect(parsed.error?.issues ?? [], `${where}: the answer does not match its schema in core/contract:\n${issues}`).toEqual([]);
}

let nextId = 1;

/** A member with a profile and a live session, written straight into D1; returns the session cookie. */
export async function createMember(
  tenant: string,
  opts: { status?: 'confirmed' | 'not_confirmed'; credits?: number; paid?: boolean; language?: string | null; currency?: string } = {},
): Promise<{ memberId: number; profileId: number; cookie: string; token: string }> {
  const id = 900_000 + nextId++;
  const now = new Date().toISOString();
  const token = newToken();
  const db = dbOf(tenant);
  await db.batch([
    db
      .prepare(
        `INSERT INTO members (id, tenant_id, email, status, credits, paid_user, language, currency, signup_date, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        tenant,
        `m${id}@test.example`,
        opts.status ?? 'confirmed',
        opts.credits ?? 0,
        opts.paid ? 1 : 0,
        opts.language ?? null,
        // The member's currency (issue 46 item 4); unset, the server takes their profile country's (NL) or the brand's.
        opts.currency ?? null,
        now,
        now,
      ),
    db
      .prepare(
        `INSERT INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, last_active, created_at, status)
       VALUES (?, ?, ?, ?, 'male', 'hetero', '1990-01-01', 'NL', ?, ?, ?)`,
      )
      .bind(id, tenant, id, `Tester${id}`, now, now, opts.status === 'not_confirmed' ? 'disabled' : 'active'),
    db
      .prepare('INSERT INTO sessions (token_hash, tenant_id, member_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .bind(await hashToken(token), tenant, id, now, new Date(Date.now() + 30 * 86_400_000).toISOString()),
  ]);
  return { memberId: id, profileId: id, cookie: `auth=${token}`, token };
}

/** A few searchable profiles with photos, enough for the home page sample. */
export async function seedProfiles(tenant: string, country: string, count = 6): Promise<void> {
  const now = new Date().toISOString();
  const statements = [];
  const db = dbOf(tenant);
  for (let i = 0; i < count; i++) {
    const id = 500_000 + nextId++;
    statements.push(
      db
        .prepare(
          `INSERT INTO profiles (id, tenant_id, name, gender, sexuality, birthdate, country, city, fictional, main_photo_id, last_active, created_at)
         VALUES (?, ?, ?, 'female', 'hetero', ?, ?, 'Utrecht', ?, ?, ?, ?)`,
        )
        .bind(id, tenant, `Anna${id}`, `${1990 + i}-05-05`, country, i % 2, id, now, now),
      db
        .prepare(
          `INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, created_at)
         VALUES (?, ?, ?, ?, ?, 'active', ?)`,
        )
        .bind(id, tenant, id, `seed/f/${id}-1-30.svg`, `seed/f/${id}-1-30-thumb.svg`, now),
    );
  }
  await db.batch(statements);
}

/** The state the server serialized into the page. */
export function pageState(html: string): Record<string, any> {
  const m = /<script id="__STATE__" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!m) throw new Error('no state in page');
  return JSON.parse(m[1]);
}
