import type { MiddlewareHandler } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { COOKIE } from '../../core/constants';
import type { Tenant } from '../../core/schemas/tenant';
import { LOCAL_TOOLS } from '../build-target';
import { isLocal, type AppContext, type AppEnv } from '../context';
import { bindingOf } from '../env-access';
import { tenantById } from '../tenants';

/**
 * The request's database (issue 20 items 5, 6 and 9; docs/decisions/009-one-database-per-brand.md).
 *
 * Every brand names its D1 binding in its tenant file (`database`, default 'DB'). The middleware below makes
 * `c.env.DB` that brand's database, inside one D1 session (read replication): reads may go to the nearest replica,
 * and the bookmark cookie carries the member's last write to their next request so they always read it back. The
 * services keep reading `env.DB` (from `c.env`), so a function that takes `env` needs no change. Code without a
 * request (Durable Objects, crons, queues) takes `brandEnv(env, tenant)`; staff accounts take `staffDb(env)`.
 */

/** The bookmark of the member's last write: host-only, HttpOnly; only a request that wrote sets it. */
export const BOOKMARK_COOKIE = COOKIE.bookmark;
/**
 * The bookmark of the member's last send over the live socket (worker/chat/member-hub.ts), which cannot set a
 * cookie: the tab sends it with its API calls, and the session starts at the later of it and the cookie.
 */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';
/** Local mode only: each D1 call of the request waits this long first (a visitor far from the primary). */
export const DB_LATENCY_HEADER = 'X-Debug-DB-Latency';
const MAX_LATENCY_MS = 5_000;
// D1 bookmarks are hex groups joined by dashes; anything else is ignored rather than sent to D1.
const BOOKMARK = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){0,8}$/i;
// A statement that may write. SELECT and WITH...SELECT read; PRAGMA is not used on request paths.
const READ_ONLY = /^\s*(SELECT|WITH\s(?![\s\S]*\b(INSERT|UPDATE|DELETE|REPLACE)\b))/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// The plain environment a request's env was made from (the request env replaces DB; the bindings stay).
const RAW = new WeakMap<object, Env>();

export function rawEnv(env: Env): Env {
  return RAW.get(env) ?? env;
}

/** The D1 binding of a brand: `env[tenant.database]`. A binding missing from wrangler.toml is a deployment error. */
export function databaseOf(env: Env, tenant: Pick<Tenant, 'id' | 'database'>): D1Database {
  const db = bindingOf<D1Database>(rawEnv(env), tenant.database);
  if (typeof db?.prepare !== 'function') throw new Error(`brand ${tenant.id}: no D1 binding ${tenant.database}`);
  return db;
}

/** The environment of a brand's background work (Durable Objects, crons, queues, mails): its `DB` is the brand's. */
export function brandEnv(env: Env, tenant: Pick<Tenant, 'id' | 'database'>): Env {
  const raw = rawEnv(env);
  const db = databaseOf(raw, tenant);
  if (db === raw.DB) return raw;
  const out = { ...raw, DB: db };
  RAW.set(out, raw);
  return out;
}

/** Staff accounts, roles and sessions are global (one staff member works for several brands): the default database. */
export function staffDb(env: Env): D1Database {
  return rawEnv(env).DB;
}

/** Every distinct database bound for the given brands (crons loop over these). */
export function databasesOf(
  env: Env,
  tenants: readonly Pick<Tenant, 'id' | 'database'>[],
): { binding: string; db: D1Database; tenantIds: string[] }[] {
  const out = new Map<string, { binding: string; db: D1Database; tenantIds: string[] }>();
  for (const tenant of tenants) {
    const entry = out.get(tenant.database) ?? { binding: tenant.database, db: databaseOf(env, tenant), tenantIds: [] };
    entry.tenantIds.push(tenant.id);
    out.set(tenant.database, entry);
  }
  return [...out.values()];
}

/**
 * The staff workspace works across brands from any brand's host: a call about a brand reaches that brand's database,
 * in the request's session when it is the host brand's own, else the binding itself (its primary).
 */
export function brandEnvFor(c: AppContext, brand: string): Env {
  const tenant = tenantById(brand);
  if (!tenant) throw new Error(`unknown brand ${brand}`);
  return tenant.database === c.get('tenant').database ? c.env : brandEnv(c.env, tenant);
}

export function brandDb(c: AppContext, brand: string): D1Database {
  return brandEnvFor(c, brand).DB;
}

/** Some brands and the database that holds them. */
export interface BrandGroup {
  db: D1Database;
  brands: string[];
}

/** Brands grouped by the database that holds them, for a staff list over several brands (one query per database). */
export function brandsByDatabase(c: AppContext, brands: readonly string[]): BrandGroup[] {
  const out = new Map<D1Database, string[]>();
  for (const brand of brands) {
    const db = brandDb(c, brand);
    out.set(db, [...(out.get(db) ?? []), brand]);
  }
  return [...out].map(([db, list]) => ({ db, brands: list }));
}

interface SessionState {
  wrote: boolean;
  delayMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
// Statements handed to batch() must be D1's own: a slowed statement remembers the one it wraps.
const UNWRAP = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

function slowed(statement: D1PreparedStatement, ms: number): D1PreparedStatement {
  const out = new Proxy(statement, {
    get(target, prop) {
      if (prop === 'bind') return (...values: unknown[]) => slowed(target.bind(...values), ms);
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      if (prop === 'first' || prop === 'all' || prop === 'run' || prop === 'raw') {
        return async (...args: unknown[]) => {
          await sleep(ms);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  UNWRAP.set(out, statement);
  return out;
}

/** A D1Database whose queries run in `session`; exec/dump (migrations, never a request) stay on the binding. */
function sessionDatabase(base: D1Database, session: D1DatabaseSession, state: SessionState): D1Database {
  return {
    prepare(query: string) {
      if (!READ_ONLY.test(query)) state.wrote = true;
      const statement = session.prepare(query);
      return state.delayMs > 0 ? slowed(statement, state.delayMs) : statement;
    },
    async batch<T = unknown>(statements: D1PreparedStatement[]) {
      if (state.delayMs > 0) await sleep(state.delayMs);
      return session.batch<T>(statements.map((s) => UNWRAP.get(s) ?? s));
    },
    exec: (query: string) => base.exec(query),
    withSession: (constraint?: string) => base.withSession(constraint),
    dump: () => base.dump(),
  };
}

/** A write outside a request (a send over the live socket): one D1 session from the primary, and its bookmark. */
export function primarySession(db: D1Database): { db: D1Database; bookmark: () => string | null } {
  const session = db.withSession('first-primary');
  return { db: sessionDatabase(db, session, { wrote: false, delayMs: 0 }), bookmark: () => session.getBookmark() };
}

/** The later of two bookmarks (D1's bookmarks sort oldest to newest); malformed ones are ignored. */
export function latestBookmark(...candidates: (string | undefined)[]): string | undefined {
  const valid = candidates.filter((b): b is string => b !== undefined && BOOKMARK.test(b));
  return valid.sort().at(-1);
}

/** The injected latency of a local request (0 in production, whatever the request says). */
export function injectedLatency(env: Env, header: string | undefined): number {
  if (!LOCAL_TOOLS || !isLocal(env) || !header) return 0;
  const ms = Number(header);
  return Number.isFinite(ms) && ms > 0 ? Math.min(Math.round(ms), MAX_LATENCY_MS) : 0;
}

/**
 * After tenant(): `c.env.DB` becomes the brand's database in a D1 session that starts at the member's bookmark
 * (or anywhere, 'first-unconstrained'). A request with an unsafe method that wrote sends the new bookmark back; GET
 * pages never get a Set-Cookie from here, so a visitor's page stays cacheable.
 */
export function requestDb(): MiddlewareHandler<AppEnv> {
  return async function requestDbMiddleware(c, next) {
    const raw = rawEnv(c.env);
    const base = databaseOf(raw, c.get('tenant'));
    const cookie = getCookie(c, BOOKMARK_COOKIE);
    const bookmark = latestBookmark(cookie, c.req.header(BOOKMARK_HEADER));
    const session = base.withSession(bookmark ?? 'first-unconstrained');
    const state: SessionState = { wrote: false, delayMs: LOCAL_TOOLS ? injectedLatency(raw, c.req.header(DB_LATENCY_HEADER)) : 0 };
    const env = { ...raw, DB: sessionDatabase(base, session, state) };
    RAW.set(env, raw);
    c.env = env;
    await next();
    if (!state.wrote || SAFE_METHODS.has(c.req.method)) return;
    const latest = session.getBookmark();
    if (!latest || latest === cookie) return;
    const header = generateCookie(BOOKMARK_COOKIE, latest, { path: '/', httpOnly: true, secure: true, sameSite: 'Lax', maxAge: 3_600 });
    try {
      c.res.headers.append('Set-Cookie', header);
    } catch {
      // A response with immutable headers (passed through from fetch): copy it once.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.append('Set-Cookie', header);
    }
  };
}
