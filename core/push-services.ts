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
  const host = url.hostname.toLowerCase();
  // new URL() has already normalized numeric forms (0x7f.1, 2130706433) to dotted IPv4; IPv6 keeps its brackets.
  if (url.port || IPV4.test(host) || host.startsWith('[')) return false;
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}
