import type { Context } from 'hono';
import type { Language } from '../core/constants';
import type { Tenant } from '../core/schemas/tenant';
import type { i18n } from 'i18next';
import type { SessionMember } from './services/sessions';
import type { StaffSession } from './staff/session';

/** The one typed environment of every Hono app and middleware in the worker. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    nonce: string;
    tenant: Tenant;
    language: Language;
    /** The visitor's geo-IP country, upper case, or null when unknown. */
    country: string | null;
    member: SessionMember | null;
    /** The staff workspace's session (staff/session.ts), set on /staff and /api/staff only; never a member. */
    staff: StaffSession | null;
    /** The request's clock; tests and local mode may set it (X-Debug-Now) to test time rules. */
    now: Date;
    t: i18n['t'];
  };
}

export type AppContext = Context<AppEnv>;

/** Local development and tests allow debug overrides (geo-IP country, clock); production never does. */
export function isLocal(env: Env): boolean {
  return env.APP_ENV === 'local' || env.APP_ENV === 'test';
}
