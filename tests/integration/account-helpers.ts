import { dbOf, fetchBrand } from './helpers';

export const PASSWORD = 'Sterk-wachtwoord-1';

export function birthdate(yearsAgo: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - yearsAgo);
  return d.toISOString().slice(0, 10);
}

export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    email: `new${Math.random().toString(36).slice(2, 10)}@example.com`,
    name: 'Sanne',
    password: PASSWORD,
    date_of_birth: birthdate(30),
    gender: 'female',
    looking_for: 'male',
    accept_terms: true,
    ...overrides,
  };
}

/** JSON call through the worker, optionally as a logged-in member. */
export function call(brand: string, method: string, path: string, body?: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return fetchBrand(brand, path, {
    method,
    redirect: 'manual',
    country: 'NL',
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The auth cookie a response set, as a Cookie header value. */
export function sessionCookie(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('auth='));
  if (!header) throw new Error('no session cookie');
  return header.split(';')[0];
}

/** The known-device cookie a response sets (worker/auth/known-device.ts), as a Cookie header's part. */
export function deviceCookie(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('known_device='));
  if (!header) throw new Error('no known-device cookie');
  return header.split(';')[0];
}

export async function signUp(brand = 'flirtlokaal', overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  // Each test member signs up from an address of its own: the per-address signup limit is tested on its own.
  const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const res = await call(brand, 'POST', '/api/signup.php', body, undefined, { 'CF-Connecting-IP': ip });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return { ...body, cookie: sessionCookie(res), device: deviceCookie(res), user: ((await res.json()) as { user: { id: number } }).user };
}

/** The newest link in the newest mail to `to` whose path starts with `pathPrefix`. */
export async function mailedLink(brand: string, to: string, pathPrefix: string): Promise<string> {
  const { results } = await dbOf(brand)
    .prepare('SELECT text_body FROM outbox WHERE tenant_id = ? AND recipient = ? ORDER BY id DESC')
    .bind(brand, to)
    .all<{ text_body: string }>();
  for (const { text_body } of results) {
    const found = [...text_body.matchAll(/https?:\/\/[^\s)>"]+/g)].map((m) => m[0]).find((u) => new URL(u).pathname.startsWith(pathPrefix));
    if (found) return found;
  }
  throw new Error(`no mail to ${to} with a ${pathPrefix} link`);
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
export const pathOf = (link: string) => {
  const u = new URL(link);
  return u.pathname + u.search;
};

export async function mailCount(brand: string, to: string, template?: string): Promise<number> {
  const row = await dbOf(brand)
    .prepare(`SELECT COUNT(*) AS n FROM outbox WHERE tenant_id = ? AND recipient = ?${template ? ' AND template = ?' : ''}`)
    .bind(...[brand, to, ...(template ? [template] : [])])
    .first<{ n: number }>();
  return row!.n;
}

let nextIp = 1;
/** An address of its own, so the per-address limits (login, signup, reset) of one test do not touch another. */
export const freshIp = () => ({ 'CF-Connecting-IP': `192.0.2.${nextIp++}` });

/** A login from the given address (headers). */
export const login = (email: string, password: string, headers: Record<string, string> = {}, brand = 'flirtlokaal') =>
  call(brand, 'POST', '/api/user.php', { email, password }, undefined, headers);
