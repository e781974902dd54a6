import { COOKIE } from '../../core/constants';
import { sanitizeTrafficValue } from '../../core/rules/traffic-source';
import type { Tables } from '../db/tables';

/**
 * Paid clicks (issue 47 item 1). A landing or entry URL whose `network` parameter names a network of the brand is one
 * click: one row, written after the answer (waitUntil). The visitor's first-party click cookie (`tc`, 30 days) holds
 * the row's id and a fingerprint of the URL's parameters, so a reload or the entry warning's redirect of the same URL
 * is not another click. A network's own click id counts once per network (a replayed one is ignored).
 */
export const CLICK_COOKIE = COOKIE.clickId;
export const CLICK_DAYS = 30;
/** Clicks are personal data: kept at most 13 months (the daily purge, worker/account/purge.ts). */
export const CLICK_RETENTION_DAYS = 395;

const PARAM_NAME = /^[A-Za-z0-9_]{1,32}$/;
const MAX_PARAMS = 30;

/** The URL's parameters as the click stores them: names of [A-Za-z0-9_], values cleaned like the traffic source. */
export function cleanClickParams(query: URLSearchParams): Record<string, string> {
  const clean: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of query) {
    if (count >= MAX_PARAMS) break;
    if (!PARAM_NAME.test(name) || name === 'entry_ok' || name in clean) continue;
    const v = sanitizeTrafficValue(value);
    if (v === null) continue;
    clean[name] = v;
    count++;
  }
  return clean;
}

/** FNV-1a of the cleaned parameters, sorted: the same click URL gives the same fingerprint. */
export function clickFingerprint(params: Record<string, string>): string {
  let h = 0x811c9dc5;
  const text = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

const COOKIE_VALUE = /^([A-Za-z0-9_-]{22})\.([0-9a-f]{8})$/;

export function parseClickCookie(value: string | undefined): { id: string; fingerprint: string } | null {
  const m = value ? COOKIE_VALUE.exec(value) : null;
  return m ? { id: m[1], fingerprint: m[2] } : null;
}

export function newClickId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
    .slice(0, 22);
}

export interface NewClick {
  id: string;
  tenantId: string;
  network: string;
  params: Record<string, string>;
  lander: string;
  country: string;
  device: string;
  now: Date;
}

/**
 * One conditional statement: the row exists only when the brand has the network, active, for the visitor's country;
 * its campaign and click id come from the parameters the network's row names. Nothing otherwise.
 */
export async function recordClick(db: D1Database, click: NewClick): Promise<boolean> {
  const sub = (n: number) => `json_extract(?3, '$.sub${n}')`;
  const result = await db
    .prepare(
      `INSERT INTO clicks (id, tenant_id, network_id, campaign, sub1, sub2, sub3, sub4, sub5, ref, network_click_id, lander, country, device, created_at)
       SELECT ?1, n.tenant_id, n.id, json_extract(?3, '$."' || n.campaign_param || '"'), ${[1, 2, 3, 4, 5].map(sub).join(', ')},
              json_extract(?3, '$.ref'), json_extract(?3, '$."' || n.click_id_param || '"'), ?4, ?5, ?6, ?7
         FROM traffic_networks n
        WHERE n.tenant_id = ?2 AND n.name = ?8 AND n.active = 1
          AND (n.countries = '' OR instr(',' || n.countries || ',', ',' || ?5 || ',') > 0)
       ON CONFLICT DO NOTHING`,
    )
    .bind(
      click.id,
      click.tenantId,
      JSON.stringify(click.params),
      click.lander,
      click.country,
      click.device,
      click.now.toISOString(),
      click.network,
    )
    .run();
  return result.meta.changes > 0;
}

export type ClickRow = Tables['clicks'] & { attribution_days: number };

/** The click of a cookie, with its network's attribution window; null when there is none (never recorded, purged). */
export function clickById(db: D1Database, tenantId: string, id: string): Promise<ClickRow | null> {
  return db
    .prepare(
      `SELECT c.*, n.attribution_days FROM clicks c JOIN traffic_networks n ON n.id = c.network_id AND n.tenant_id = c.tenant_id
        WHERE c.tenant_id = ? AND c.id = ?`,
    )
    .bind(tenantId, id)
    .first<ClickRow>();
}
