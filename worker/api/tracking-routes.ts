import { Hono } from 'hono';
import { PageHiddenSchema } from '../../core/schemas/tracking';
import { clientIp, type AppEnv } from '../context';
import { parseOrFail } from '../errors';
import { recordPageEvent } from '../services/page-events';
import { readTrafficSource } from '../services/traffic-source';
import { limit } from './helpers';

/** page-hidden.php: page-visibility beacons and lander bounces (SPEC.md §4 "lb"), for reporting. */
export const trackingRoutes = new Hono<AppEnv>();

trackingRoutes.post('/page-hidden.php', async (c) => {
  await limit(c, `beacon:${clientIp(c)}`, { limit: 120, windowSeconds: 3600 });
  // sendBeacon may post text/plain: read the text and parse it ourselves; an empty body is the plain beacon.
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = null;
  }
  const event = parseOrFail(PageHiddenSchema, body);
  // The cookie is the visitor's to change: store only its sanitised fields.
  const source = readTrafficSource(c);
  const path = event.path ?? new URL(c.req.header('referer') ?? '/', c.req.url).pathname.slice(0, 300);
  await recordPageEvent(
    c.env.DB,
    c.get('tenant').id,
    { kind: event.kind, path, source, durationMs: event.duration_ms ?? null },
    c.get('now'),
  );
  return c.body(null, 204);
});
