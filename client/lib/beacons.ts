// Page-visibility beacons (SPEC.md §7: an empty JSON body to /api/page-hidden.php when the page becomes hidden) and
// page-bounce logging (SPEC.md §4: with `lb` in the query, a page hidden within 10 s reports a bounce).

const BOUNCE_WINDOW_MS = 10_000;
const URL = '/api/page-hidden.php';

function send(body: string): void {
  try {
    if (navigator.sendBeacon?.(URL, body)) return;
  } catch {
    // fall through to fetch
  }
  void fetch(URL, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}

export function startBeacons(): () => void {
  let bounceOpen = new URLSearchParams(location.search).has('lb');
  const onChange = () => {
    if (document.visibilityState !== 'hidden') return;
    // performance.now() counts from the start of the page load: the visit's length so far.
    const elapsed = Math.round(performance.now());
    if (bounceOpen && elapsed < BOUNCE_WINDOW_MS) {
      send(JSON.stringify({ kind: 'bounce', path: location.pathname.slice(0, 300), duration_ms: elapsed }));
    } else {
      send('{}');
    }
    bounceOpen = false;
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
