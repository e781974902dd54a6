import { env } from 'cloudflare:test';
import { call } from './account-helpers';
import { createMember, dbOf } from './helpers';

let next = 1;

export interface ProfileOptions {
  gender?: 'male' | 'female';
  age?: number;
  country?: string;
  region?: string | null;
  fictional?: boolean;
  searchable?: boolean;
  /** Photos after the (public) main photo; true marks a private one. */
  extraPhotos?: boolean[];
}

/** Born `age` years and half a year ago: unambiguous ages whatever today's date. */
export function birthdateForAge(age: number): string {
  return new Date(Date.now() - (age + 0.5) * 365.25 * 86_400_000).toISOString().slice(0, 10);
}

/** An operator-style profile (no member) with an active main photo, written straight into D1. */
export async function addProfile(tenant: string, o: ProfileOptions = {}): Promise<number> {
  const id = 600_000 + next++ * 10;
  const now = new Date().toISOString();
  const db = dbOf(tenant);
  const photos = [false, ...(o.extraPhotos ?? [])];
  await db.batch([
    db
      .prepare(
        `INSERT INTO profiles (id, tenant_id, name, gender, sexuality, birthdate, country, region, city, fictional, searchable, main_photo_id, last_active, created_at, about)
       VALUES (?, ?, ?, ?, 'hetero', ?, ?, ?, 'Utrecht', ?, ?, ?, ?, ?, 'Hallo!')`,
      )
      .bind(
        id,
        tenant,
        `Profiel${id}`,
        o.gender ?? 'female',
        birthdateForAge(o.age ?? 30),
        o.country ?? 'NL',
        o.region ?? 'UT',
        o.fictional ? 1 : 0,
        o.searchable === false ? 0 : 1,
        id * 4,
        now,
        now,
      ),
    ...photos.map((priv, k) =>
      db
        .prepare(
          `INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, private, position, created_at) VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?)`,
        )
        .bind(id * 4 + k, tenant, id, `seed/f/${id}-${k + 1}-30.svg`, `seed/f/${id}-${k + 1}-30-thumb.svg`, priv ? 1 : 0, k + 1, now),
    ),
  ]);
  return id;
}

/** A confirmed member (male, hetero, NL) with a session; `paid` makes them premium. */
export async function member(tenant = 'flirtlokaal', opts: { paid?: boolean; status?: 'confirmed' | 'not_confirmed' } = {}) {
  const m = await createMember(tenant, opts);
  const as = (method: string, path: string, body?: unknown) => call(tenant, method, path, body, m.cookie);
  return { ...m, as, json: async <T = any>(method: string, path: string, body?: unknown) => (await as(method, path, body)).json<T>() };
}

export async function setMember(memberId: number, sql: string, ...params: unknown[]) {
  await env.DB.prepare(sql)
    .bind(...params, memberId)
    .run();
}
