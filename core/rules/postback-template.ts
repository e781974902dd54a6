import { publicHttpsHost } from '../push-services';

/**
 * Affiliate networks' postback URL templates (issue 47 item 3): what an admin may save, and the URL a conversion
 * makes of it. A template is an https URL on the network's own host (the push endpoints' guard: no credentials,
 * ports, IP literals or local names, so never a private, loopback or metadata address) with tokens in braces.
 * Only the tokens below exist: a network learns nothing its template does not name (item 7), and a token is
 * percent-encoded where it is put, so a value can never add a parameter or change the host.
 */
export const POSTBACK_TOKENS = [
  'click_id',
  'event',
  'order_id',
  'amount',
  'currency',
  'payout',
  'campaign',
  'sub1',
  'sub2',
  'sub3',
  'sub4',
  'sub5',
] as const;
export type PostbackToken = (typeof POSTBACK_TOKENS)[number];
export type PostbackValues = Partial<Record<PostbackToken, string>>;

export const POSTBACK_EVENTS = ['lead', 'sale', 'rebill', 'reversal'] as const;
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];

export const MAX_TEMPLATE_LENGTH = 1000;
const TOKEN = /\{([a-z0-9_]+)\}/g;

export type TemplateProblem = 'too_long' | 'unknown_token' | 'not_https' | 'unsafe_host' | 'other_host';

/** A network's postback host as an admin types it: a public host name, lowercased; null when it is not one. */
export function normalizePostbackHost(host: string): string | null {
  if (!/^[A-Za-z0-9.-]{1,253}$/.test(host)) return null;
  try {
    return publicHttpsHost(new URL(`https://${host}/`));
  } catch {
    return null;
  }
}

/**
 * Why a template may not be saved, or null when it may. `extraHosts` (host:port, exact) exists only for the tests'
 * stand-in network (worker/tracking/postback-hosts.ts), as the push sink's host does for push.
 */
export function templateProblem(template: string, networkHost: string, extraHosts: readonly string[] = []): TemplateProblem | null {
  if (template.length > MAX_TEMPLATE_LENGTH) return 'too_long';
  for (const [, name] of template.matchAll(TOKEN)) if (!(POSTBACK_TOKENS as readonly string[]).includes(name)) return 'unknown_token';
  let url: URL;
  try {
    url = new URL(template.replace(TOKEN, 'x'));
  } catch {
    return 'not_https';
  }
  if (url.protocol !== 'https:') return 'not_https';
  if (extraHosts.includes(url.host) && !url.username && !url.password) return extraHosts.includes(networkHost) ? null : 'other_host';
  const host = publicHttpsHost(url);
  if (!host) return 'unsafe_host';
  return host === normalizePostbackHost(networkHost) ? null : 'other_host';
}

/** The URL to call: every token replaced by its percent-encoded value ('' for a value the conversion lacks). */
export function renderPostback(template: string, values: PostbackValues): string {
  return template.replace(TOKEN, (_, name: string) => encodeURIComponent(values[name as PostbackToken] ?? ''));
}

/** The delay before the next delivery attempt: 30 s, doubling, at most an hour (Queues' retry delaySeconds). */
export function postbackRetryDelay(attempt: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
}
