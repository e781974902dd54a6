import { logEvent } from '../log';
import { errorClass } from './rollups';

/**
 * The deployment's alert webhook (issue 48 item 8; README "Reading the operations screen"): when
 * OPS_ALERT_WEBHOOK_URL is set, every incident that opens is also posted there as JSON, signed with
 * OPS_ALERT_WEBHOOK_SECRET: `X-Ops-Signature: sha256=<hex HMAC-SHA-256 of the body>`. The body carries the brand, the
 * kind, the figures and the time it opened; no personal data. A failing webhook is logged, and does not stop the mail.
 */
export interface AlertPayload {
  brand: string;
  kind: string;
  key: string;
  detail: Record<string, number>;
  opened_at: string;
  incident: number;
}

export async function signAlert(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return `sha256=${[...mac].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export async function postSignedAlert(env: Env, payload: AlertPayload): Promise<boolean> {
  const url = env.OPS_ALERT_WEBHOOK_URL;
  if (!url) return false;
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (env.OPS_ALERT_WEBHOOK_SECRET) headers['X-Ops-Signature'] = await signAlert(env.OPS_ALERT_WEBHOOK_SECRET, body);
  try {
    const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    await res.body?.cancel();
    if (!res.ok) logEvent('warn', 'alert webhook refused', { status: res.status, incident: payload.incident });
    return res.ok;
  } catch (error) {
    logEvent('warn', 'alert webhook failed', { errorClass: errorClass(error), incident: payload.incident });
    return false;
  }
}
