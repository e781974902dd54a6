import type { Context, ExecutionContext as HonoExecutionContext } from 'hono';
import type { Language } from '../core/constants';
import type { Tenant } from '../core/schemas/tenant';
import type { i18n } from 'i18next';
import type { SessionMember } from './auth/sessions';
import type { StaffSession } from './auth/staff-identity';
import { LOCAL_TOOLS } from './build-target';

/** The one typed environment of every Hono app and middleware in the worker. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    nonce: string;
    tenant: Tenant;
    /** A brand made in the workspace: the version this host serves ('v3', or 'p4' on its preview host). */
    brandVersion?: string;
    language: Language;
    /** The visitor's geo-IP country, upper case, or null when unknown. */
    country: string | null;
    /**
     * Local mode only: true when no geo-IP, header or cookie named the country and the brand's first country stands
     * in for it. Rules about the law of the visitor's country (age assurance) do not act on a country nobody told.
     */
    countryAssumed?: boolean;
    member: SessionMember | null;
    /** The staff workspace's session (staff/session.ts), set on /staff and /api/staff only; never a member. */
    staff: StaffSession | null;
    /** The request's clock; tests and local mode may set it (X-Debug-Now) to test time rules. */
    now: Date;
    t: i18n['t'];
    /**
     * The Worker's own request handler, for a local stand-in that calls back like the real service would (the sandbox
     * checkout posts to the brand's webhook). Set by app.ts, so such a module needs no import of the app.
     */
    handle: (request: Request, env: Env, ctx: HonoExecutionContext) => Response | Promise<Response>;
    /**
     * The page's whole HTML as the render sent it (worker/ssr/render.tsx), for the edge cache to keep without reading
     * the answer back; null when the page failed after its head (and its 200) had gone out: the error screen stands
     * in its place, and the edge cache must not keep it.
     */
    renderedPage?: Promise<string | null>;
  };
}

export type AppContext = Context<AppEnv>;

/**
 * Local development and tests allow debug overrides (geo-IP country, clock); production never does, and a production
 * build (worker/build-target.ts) is never local, whatever APP_ENV says.
 */
export function isLocal(env: Env): boolean {
  return LOCAL_TOOLS && (env.APP_ENV === 'local' || env.APP_ENV === 'test');
}

/** The host the browser used for this request (with its port, locally). */
export function requestHost(c: AppContext): string {
  return c.req.header('host') ?? new URL(c.req.url).host;
}

/** The visitor's address as the edge saw it; locally there is none. */
export function clientIp(c: AppContext): string {
  return c.req.header('cf-connecting-ip') ?? 'local';
}
