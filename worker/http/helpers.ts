import type { Language } from '../../core/constants';
import { toLanguage } from '../../core/rules/language';
import type { AppContext } from '../context';
import { ApiFailure } from '../errors';
import { sendMail, type MailTemplate } from '../mail';
import type { SessionMember } from '../auth/sessions';
import { hit, type Limit } from '../auth/rate-limit';

/** The member of the session, or the 403 that logs a stale client out (SPEC.md §8). */
export function requireMember(c: AppContext): SessionMember {
  const member = c.get('member');
  if (!member) throw new ApiFailure(403, 'authentication_required', 'errors.login_required');
  return member;
}

/** The JSON body, or null when there is none or it is not JSON (the schema then says what is missing). */
export async function jsonBody(c: AppContext): Promise<unknown> {
  return c.req.json().catch(() => null);
}

/**
 * Refuses a live WebSocket handshake from another site or without an upgrade. Browsers send Origin with every
 * WebSocket handshake and do not apply the same-origin policy to it; the CSRF middleware only guards unsafe methods.
 */
export function assertSameOriginUpgrade(c: AppContext): void {
  const origin = c.req.header('Origin');
  if (origin && hostOf(origin) !== (c.req.header('Host') ?? new URL(c.req.url).host)) throw new ApiFailure(403, 'csrf', 'errors.csrf');
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw new ApiFailure(426, 'upgrade_required', 'chat.errors.upgrade_required');
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** Counts a hit and refuses with 429 (and Retry-After) beyond the limit. */
export async function limit(
  c: AppContext,
  key: string,
  rule: Limit,
  messageKey = 'errors.rate_limited',
  code = 'rate_limited',
): Promise<void> {
  const result = await hit(c.env.DB, `${c.get('tenant').id}:${key}`, rule, c.get('now'));
  if (!result.allowed) {
    c.header('Retry-After', String(result.retryAfter));
    throw new ApiFailure(429, code, messageKey, undefined, { minutes: Math.ceil(result.retryAfter / 60) });
  }
}

/** An absolute link on the brand's own host, for mails. */
export function link(c: AppContext, path: string, token?: string): string {
  const url = new URL(path, c.req.url);
  if (token) url.searchParams.set('token', token);
  return url.href;
}

/** Mails a member in their language (or the page's), branded for this tenant. */
export function mailTo(
  c: AppContext,
  to: string,
  language: string | null,
  template: MailTemplate,
  data: Record<string, string>,
  unsubscribeUrl?: string,
  memberId?: number,
) {
  const lang: Language = toLanguage(language) ?? c.get('language');
  return sendMail(c.env, { tenant: c.get('tenant'), to, memberId, language: lang, template, data, unsubscribeUrl }, c.get('now'));
}
