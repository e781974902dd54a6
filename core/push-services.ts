/**
 * The browsers' push services: the only hosts a push subscription may point at, so that a member cannot make the
 * Worker send requests (signed with the brand's VAPID key) to any other server, an internal one included.
 * One list, used by the subscription's schema (core/schemas/push.ts) and again by the sender (worker/push/send.ts).
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  // Chrome, Edge on Android, Opera, Samsung Internet (Firebase Cloud Messaging).
  'fcm.googleapis.com',
  // Firefox (Mozilla autopush).
  'updates.push.services.mozilla.com',
  // Safari (Apple web push).
  'web.push.apple.com',
];

/** Host suffixes whose sub-domains are the same services' nodes (Windows push: *.notify.windows.com). */
export const PUSH_SERVICE_SUFFIXES: readonly string[] = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * True when the endpoint is an https URL on a known push service's host, on the default port and without
 * credentials. `extraHosts` (host:port, exact) exists only for the test push sink (worker/push/allowed-hosts.ts).
 */
export function isPushServiceEndpoint(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (extraHosts.includes(url.host)) return true;
  const host = publicHttpsHost(url);
  if (!host) return false;
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}

/**
 * The host name of an https URL that may be called from the Worker: no credentials, the default port, a name (no
 * IPv4 or IPv6 literal: private, loopback and metadata addresses are written so) that is not a local-only name.
 * Null otherwise. The same guard for push endpoints (above) and affiliate networks' postbacks (core/rules/postback-template.ts).
 */
export function publicHttpsHost(url: URL): string | null {
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  // new URL() has already normalized numeric forms (0x7f.1, 2130706433) to dotted IPv4; IPv6 keeps its brackets.
  if (IPV4.test(host) || host.startsWith('[') || !host.includes('.')) return null;
  if (/(^|\.)(localhost|local|internal|localdomain|home\.arpa|in-addr\.arpa|ip6\.arpa)$/.test(host)) return null;
  if (host === 'metadata.google.internal' || host.startsWith('metadata.')) return null;
  return host;
}
