import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A receiver of the deployment's alert webhook under /alerts/ of the upstream test server (operations-webhook.test.ts).
 * It checks each post as README "Reading the operations screen" tells a receiver to: the HMAC-SHA-256 of the raw body
 * with the shared secret, in hex, must equal `X-Ops-Signature` after `sha256=` (compared in constant time).
 * POST /alerts/hook?key= records the post and its verdict; GET /alerts/__seen?key= lists them in order.
 */
export const ALERT_SINK_SECRET = 'alert-sink-secret-0123456789';

const seen = new Map<string, { body: string; signature: string | null; verified: boolean }[]>();

export function verifyAlert(secret: string, rawBody: string, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function alertSink(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string): boolean {
  if (!url.pathname.startsWith('/alerts/')) return false;
  const key = url.searchParams.get('key') ?? '';
  res.setHeader('Content-Type', 'application/json');
  if (url.pathname === '/alerts/__seen') {
    res.end(JSON.stringify({ posts: seen.get(key) ?? [] }));
    return true;
  }
  const header = req.headers['x-ops-signature'];
  const signature = typeof header === 'string' ? header : null;
  const verified = verifyAlert(ALERT_SINK_SECRET, rawBody, signature ?? undefined);
  seen.set(key, [...(seen.get(key) ?? []), { body: rawBody, signature, verified }]);
  // A receiver refuses what it cannot verify.
  res.statusCode = verified ? 200 : 401;
  res.end(JSON.stringify({ ok: verified }));
  return true;
}
