import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A stand-in for Yoti's Age Verification API under /yoti/ of the upstream test server (the yotishop fixture brand's
 * api_base), answering as Yoti's API reference and results page show: POST /api/v1/sessions -> `{ id, status,
 * expires_at }` (401 without the test brand's bearer key or SDK id), GET /api/v1/sessions/<id>/result -> the
 * session's configuration with status, method, age and reference_id (404 for an unknown session).
 * Test controls: POST /yoti/__status/<id> `{ status, method }` sets what the member did; GET /yoti/__requests?session=
 * lists the requests the stand-in got for that session (method, path, headers, body), creation included.
 */
export const YOTI_TEST_API_KEY = 'test-yoti-api-key';
export const YOTI_TEST_SDK_ID = '5d3add31-3a3a-4d3b-a6b4-347edb35264c';

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  sdkId: string | null;
  contentType: string | null;
  body: unknown;
}
interface StandInSession {
  config: Record<string, unknown>;
  status: string;
  method: string | null;
  seen: Seen[];
}
const sessions = new Map<string, StandInSession>();

function json(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(body));
}

const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : null;
};

/** True when the request was Yoti's (under /yoti/) and is answered. */
export function yotiStandIn(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string): boolean {
  if (!url.pathname.startsWith('/yoti/')) return false;
  const path = url.pathname.slice('/yoti'.length);
  const answer = (status: number, reply: unknown) => {
    json(res, status, reply);
    return true;
  };
  let body: unknown = null;
  try {
    body = rawBody ? JSON.parse(rawBody) : null;
  } catch {
    body = rawBody;
  }
  const seen: Seen = {
    method: req.method ?? 'GET',
    path,
    authorization: header(req, 'authorization'),
    sdkId: header(req, 'yoti-sdk-id'),
    contentType: header(req, 'content-type'),
    body,
  };
  const control = path.match(/^\/__status\/([\w-]+)$/);
  if (control && req.method === 'POST') {
    const s = sessions.get(control[1]!);
    if (!s) return answer(404, {});
    const set = body as { status: string; method?: string };
    s.status = set.status;
    s.method = set.method ?? null;
    return answer(200, { ok: true });
  }
  if (path === '/__requests') {
    return answer(200, sessions.get(url.searchParams.get('session') ?? '')?.seen ?? []);
  }
  const authorised = seen.authorization === `Bearer ${YOTI_TEST_API_KEY}` && seen.sdkId === YOTI_TEST_SDK_ID;
  if (path === '/api/v1/sessions' && req.method === 'POST') {
    if (!authorised) return answer(401, { error: 'Missing or unknown Yoti-Sdk-Id' });
    const id = randomUUID();
    const expires = new Date(Date.now() + Number((body as { ttl?: number }).ttl ?? 600) * 1000).toISOString();
    sessions.set(id, { config: body as Record<string, unknown>, status: 'PENDING', method: null, seen: [seen] });
    return answer(200, { id, status: 'PENDING', expires_at: expires });
  }
  const result = path.match(/^\/api\/v1\/sessions\/([\w-]+)\/result$/);
  if (result && req.method === 'GET') {
    const s = sessions.get(result[1]!);
    if (!authorised) return answer(401, { error: 'Missing or unknown Yoti-Sdk-Id' });
    if (!s) return answer(404, { error: 'Session not found' });
    s.seen.push(seen);
    const c = s.config as { reference_id?: string; callback?: { url?: string }; notification_url?: string; cancel_url?: string };
    return answer(200, {
      sdk_id: YOTI_TEST_SDK_ID,
      callback_url: c.callback?.url,
      callback: c.callback,
      notification_url: c.notification_url,
      cancel_url: c.cancel_url,
      type: 'OVER',
      age_estimation: s.config.age_estimation,
      doc_scan: s.config.doc_scan,
      age: 18,
      status: s.status,
      method: s.method,
      reference_id: c.reference_id,
      id: result[1],
      evidence_id: randomUUID(),
    });
  }
  return answer(404, { error: 'not found' });
}
