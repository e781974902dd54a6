import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A stand-in affiliate network under /network/ of the upstream test server (the traffic tests' networks point their
 * postback templates at it, TEST_POSTBACK_HOST). GET /network/pb?... records the call and answers 200, or 500 while
 * a failure count is set for its `key` parameter. Test controls: POST /network/__fail?key=&times=N (the next N calls
 * with that key answer 500), GET /network/__seen?key= (the query of every call with that key, in order).
 */
const seen = new Map<string, Record<string, string>[]>();
const failures = new Map<string, number>();

function json(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(body));
}

export function networkStandIn(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (!url.pathname.startsWith('/network/')) return false;
  const key = url.searchParams.get('key') ?? '';
  if (url.pathname === '/network/__fail' && req.method === 'POST') {
    failures.set(key, Number(url.searchParams.get('times') ?? 1));
    json(res, 200, { ok: true });
    return true;
  }
  if (url.pathname === '/network/__seen') {
    json(res, 200, { calls: seen.get(key) ?? [] });
    return true;
  }
  const calls = seen.get(key) ?? [];
  calls.push(Object.fromEntries(url.searchParams));
  seen.set(key, calls);
  const left = failures.get(key) ?? 0;
  if (left > 0) {
    failures.set(key, left - 1);
    json(res, 500, { error: 'down' });
    return true;
  }
  json(res, 200, { ok: true });
  return true;
}
