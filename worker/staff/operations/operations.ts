import { LATENCY_COLUMNS, percentileBound } from '../../../core/rules/latency';
import { type Operations, type OperationsPeriod, type OperationsRoute, OVER_LAST_BOUND } from '../../../core/schemas/staff-operations';
import type { BrandGroup } from '../../db/request-db';
import type { Tables } from '../../db/tables';
import { tenantById } from '../../tenants';

/** The routes outside parties call: payment providers' webhooks and postbacks, the age check's, the mail provider's. */
export const WEBHOOK_ROUTES: readonly string[] = [
  '/api/payment-webhook.php',
  '/api/verotel-postback.php',
  '/api/ccbill-webhook.php',
  '/api/age-check-callback.php',
  '/api/mail-events.php',
];

const PERIOD_MS: Record<OperationsPeriod, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000 };
const JOB_ROWS = 100;
const INCIDENT_ROWS = 50;

const SQL = {
  // The primary key (tenant_id, bucket, route) gives the range; one row per route of the period.
  routes: `SELECT route, SUM(requests) AS requests, SUM(errors) AS errors, SUM(refused) AS refused,
      ${LATENCY_COLUMNS.map((c) => `SUM(${c}) AS ${c}`).join(', ')}
    FROM request_rollups WHERE tenant_id = ?1 AND bucket >= ?2 GROUP BY route`,
  mails: `SELECT COUNT(*) AS failed, MAX(created_at) AS last_failed_at FROM outbox
    WHERE tenant_id = ?1 AND created_at >= ?2 AND status = 'failed'`,
  postbacks: `SELECT p.network_id, COALESCE(MAX(n.label), MAX(n.name), '#' || p.network_id) AS network,
      SUM(p.status = 'failed') AS failed, SUM(p.status = 'sent' AND p.attempts > 1) AS retried,
      SUM(p.status IN ('queued', 'sending') AND p.attempts > 0) AS retrying,
      MAX(CASE WHEN p.status <> 'sent' THEN p.last_status_code END) AS last_status_code
    FROM postbacks p LEFT JOIN traffic_networks n ON n.id = p.network_id AND n.tenant_id = p.tenant_id
    WHERE p.tenant_id = ?1 AND p.created_at >= ?2 GROUP BY p.network_id
    HAVING SUM(p.status = 'failed') + SUM(p.status = 'sent' AND p.attempts > 1) + SUM(p.status IN ('queued', 'sending') AND p.attempts > 0) > 0`,
  queue: `SELECT MIN(waiting_since) AS waiting_since FROM conversations
    WHERE tenant_id = ?1 AND waiting_since IS NOT NULL AND fictional_profile_id IS NOT NULL`,
  incidents: `SELECT tenant_id, kind, key, opened_at, closed_at FROM ops_incidents
    WHERE tenant_id = ?1 AND (closed_at IS NULL OR opened_at >= ?2) ORDER BY opened_at DESC LIMIT ${INCIDENT_ROWS}`,
  jobs: `SELECT name, cron, started_at, duration_ms, outcome FROM job_runs WHERE started_at >= ?1
    ORDER BY started_at DESC LIMIT ${JOB_ROWS}`,
};

type RouteRow = Pick<Tables['request_rollups'], 'route' | 'requests' | 'errors' | 'refused' | (typeof LATENCY_COLUMNS)[number]>;
type PostbackRow = {
  network_id: number;
  network: string;
  failed: number;
  retried: number;
  retrying: number;
  last_status_code: number | null;
};
type JobRow = Pick<Tables['job_runs'], 'name' | 'cron' | 'started_at' | 'duration_ms' | 'outcome'>;
type IncidentRow = Pick<Tables['ops_incidents'], 'tenant_id' | 'kind' | 'key' | 'opened_at' | 'closed_at'>;

const bound = (value: number | null) => (value === null ? null : Number.isFinite(value) ? value : OVER_LAST_BOUND);

function routeFigures(brand: string, r: RouteRow): OperationsRoute {
  const counts = LATENCY_COLUMNS.map((c) => r[c]);
  return {
    brand,
    route: r.route,
    requests: r.requests,
    errors: r.errors,
    error_rate: r.requests > 0 ? r.errors / r.requests : 0,
    refused: r.refused,
    p50_ms: bound(percentileBound(counts, 0.5)),
    p95_ms: bound(percentileBound(counts, 0.95)),
  };
}

/** The operations figures of the given brands (each checked for the owner's role) over the period. */
export async function loadOperations(groups: BrandGroup[], period: OperationsPeriod, now: Date): Promise<Operations> {
  const since = new Date(now.getTime() - PERIOD_MS[period]);
  const sinceIso = since.toISOString();
  const out: Operations = {
    period,
    since: sinceIso,
    brands: groups.flatMap((g) => g.brands),
    routes: [],
    webhooks: [],
    pushes: [],
    mails: [],
    postbacks: [],
    queues: [],
    jobs: [],
    incidents: [],
  };
  for (const { db, brands } of groups) {
    const perBrand = brands.flatMap((brand) => [
      db.prepare(SQL.routes).bind(brand, sinceIso.slice(0, 16)),
      db.prepare(SQL.mails).bind(brand, sinceIso),
      db.prepare(SQL.postbacks).bind(brand, sinceIso),
      db.prepare(SQL.queue).bind(brand),
      db.prepare(SQL.incidents).bind(brand, sinceIso),
    ]);
    const results = await db.batch<Record<string, unknown>>([...perBrand, db.prepare(SQL.jobs).bind(sinceIso)]);
    for (const [i, brand] of brands.entries()) {
      const [routes, mails, postbacks, queue, incidents] = results.slice(i * 5, i * 5 + 5).map((r) => r.results);
      for (const row of routes as RouteRow[]) {
        if (row.route === 'push') {
          out.pushes.push({ brand, sent: row.requests - row.errors - row.refused, refused: row.refused, failed: row.errors });
          continue;
        }
        const figures = routeFigures(brand, row);
        out.routes.push(figures);
        if (WEBHOOK_ROUTES.includes(row.route)) out.webhooks.push(figures);
      }
      const mail = mails[0] as { failed: number; last_failed_at: string | null };
      if (mail.failed > 0) out.mails.push({ brand, ...mail });
      for (const p of postbacks as PostbackRow[]) out.postbacks.push({ brand, ...p });
      const waitingSince = (queue[0] as { waiting_since: string | null } | undefined)?.waiting_since ?? null;
      out.queues.push({
        brand,
        waiting_since: waitingSince,
        wait_ms: waitingSince === null ? null : Math.max(0, now.getTime() - Date.parse(waitingSince)),
        limit_minutes: tenantById(brand)?.answer_wait_alert_minutes ?? 0,
      });
      for (const row of incidents as IncidentRow[])
        out.incidents.push({ brand: row.tenant_id, kind: row.kind, key: row.key, opened_at: row.opened_at, closed_at: row.closed_at });
    }
    out.jobs.push(
      ...(results[results.length - 1].results as JobRow[]).map((j) => ({
        ...j,
        outcome: j.outcome === 'ok' ? ('ok' as const) : ('failed' as const),
      })),
    );
  }
  // Most errors first, then the busiest: what needs attention at the top.
  const order = (a: OperationsRoute, b: OperationsRoute) =>
    b.errors - a.errors || b.requests - a.requests || a.route.localeCompare(b.route);
  out.routes.sort(order);
  out.webhooks.sort(order);
  out.jobs.sort((a, b) => b.started_at.localeCompare(a.started_at));
  out.jobs.splice(JOB_ROWS);
  return out;
}
