import { Hono } from 'hono';
import { z } from 'zod';
import { PageHiddenSchema } from '../../core/schemas/tracking';
import { clientIp, type AppContext, type AppEnv } from '../context';
import { parseOrFail } from '../errors';
import { recordPageEvent } from './page-events';
import { readTrafficSource } from './traffic-source';
import { limit } from '../http/helpers';
import { operation } from '../http/operation';

/** page-hidden.php: page-visibility beacons and lander bounces (SPEC.md §4 "lb"), for reporting. */
export const trackingRoutes = new Hono<AppEnv>();

// sendBeacon may post text/plain, and an empty body is the plain beacon (the schema's default). A body that is
// there but is not JSON (or is JSON null) is refused before it is parsed (refuseNonJson), so what reaches this
// schema as null is the empty body.
const beaconBody = z.preprocess((body) => body ?? undefined, PageHiddenSchema);

async function refuseNonJson(c: AppContext): Promise<void> {
  const text = await c.req.text();
  if (!text) return;
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {}
  // The same 400 as any other body the schema refuses.
  if (body === null) parseOrFail(PageHiddenSchema, null);
}

operation(
  trackingRoutes,
  'post',
  '/api/page-hidden.php',
  async (c, { body: event }) => {
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
  },
  {
    before: async (c) => {
      await limit(c, `beacon:${clientIp(c)}`, { limit: 120, windowSeconds: 3600 });
      await refuseNonJson(c);
    },
    body: () => beaconBody,
  },
);
