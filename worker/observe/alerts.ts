import { ALERT_WINDOW_MINUTES, type AlertOpening, type BrandFigures, decideAlerts, type OpenIncident } from '../../core/rules/ops-alerts';
import { rollupBucket } from '../../core/rules/latency';
import { toLanguage } from '../../core/rules/language';
import type { Tenant } from '../../core/schemas/tenant';
import { brandEnv, staffDb } from '../db/request-db';
import type { Tables } from '../db/tables';
import { translatorFor } from '../i18n';
import { logEvent } from '../log';
import { sendMail } from '../mail';
import { postSignedAlert } from './alert-webhook';

/** The brand's owners and the deployment's owners (role '*'): who answers for the running site. */
const OWNERS_SQL = `SELECT DISTINCT s.email FROM staff s JOIN staff_roles r ON r.staff_id = s.id
  WHERE s.status = 'active' AND r.role = 'owner' AND (r.brand = ?1 OR r.brand = '*') ORDER BY s.email`;

const FIGURES_SQL = {
  // The push route counts deliveries to push services, not requests: it has its own line on the screen.
  requests: `SELECT COALESCE(SUM(requests), 0) AS requests, COALESCE(SUM(errors), 0) AS errors FROM request_rollups
    WHERE tenant_id = ?1 AND bucket >= ?2 AND route <> 'push'`,
  // Walks the partial index conversations_waiting: the oldest waiting conversation of a fictional profile.
  queue: `SELECT MIN(waiting_since) AS oldest FROM conversations
    WHERE tenant_id = ?1 AND waiting_since IS NOT NULL AND fictional_profile_id IS NOT NULL`,
  // Per network, the failed attempts in the window after its last successful one (a success ends the run).
  postbacks: `SELECT p.network_id AS network, COUNT(*) AS failures FROM postback_attempts a JOIN postbacks p ON p.id = a.postback_id
    WHERE a.tenant_id = ?1 AND a.created_at >= ?2 AND (a.status_code IS NULL OR a.status_code NOT BETWEEN 200 AND 299)
      AND a.created_at > COALESCE((SELECT MAX(a2.created_at) FROM postback_attempts a2 JOIN postbacks p2 ON p2.id = a2.postback_id
        WHERE a2.tenant_id = ?1 AND p2.network_id = p.network_id AND a2.created_at >= ?2 AND a2.status_code BETWEEN 200 AND 299), '')
    GROUP BY p.network_id`,
  open: 'SELECT tenant_id, key FROM ops_incidents WHERE tenant_id = ?1 AND closed_at IS NULL',
};

/** One brand's figures of the alert window, read from the tables that already hold them. */
export async function brandFigures(db: D1Database, tenant: Tenant, now: Date): Promise<BrandFigures> {
  const since = new Date(now.getTime() - ALERT_WINDOW_MINUTES * 60_000);
  const [requests, queue, postbacks] = await db.batch<Record<string, unknown>>([
    db.prepare(FIGURES_SQL.requests).bind(tenant.id, rollupBucket(since)),
    db.prepare(FIGURES_SQL.queue).bind(tenant.id),
    db.prepare(FIGURES_SQL.postbacks).bind(tenant.id, since.toISOString()),
  ]);
  const r = requests.results[0] as { requests: number; errors: number };
  const oldest = (queue.results[0] as { oldest: string | null } | undefined)?.oldest ?? null;
  return {
    brand: tenant.id,
    requests: r.requests,
    errors: r.errors,
    queueOldestMs: oldest === null ? null : Math.max(0, now.getTime() - Date.parse(oldest)),
    queueLimitMinutes: tenant.answer_wait_alert_minutes,
    postbackFailures: postbacks.results as { network: number; failures: number }[],
  };
}

/**
 * The hourly cron's operations check for one database's brands (issue 48 item 8, core/rules/ops-alerts.ts): opens an
 * incident for each condition that started, closes those that ended. Opening is one INSERT that a unique index on
 * the open incidents (tenant, key) lets through once: any number of runs at once (a retried cron, a run by hand)
 * decide the same, one of them writes the row, and only that run mails the owners and posts the deployment's
 * webhook. A new mail goes out only after the incident was closed and the condition came back.
 */
export async function checkOperations(env: Env, db: D1Database, tenants: readonly Tenant[], now: Date) {
  const figures = await Promise.all(tenants.map((t) => brandFigures(db, t, now)));
  const open = (await db.batch(tenants.map((t) => db.prepare(FIGURES_SQL.open).bind(t.id)))).flatMap((r) =>
    (r.results as Pick<Tables['ops_incidents'], 'tenant_id' | 'key'>[]).map((row) => ({ brand: row.tenant_id, key: row.key })),
  );
  const decision = decideAlerts(figures, open);
  const at = now.toISOString();
  let opened = 0;
  let mailed = 0;
  for (const o of decision.open) {
    const row = await db
      .prepare(
        `INSERT INTO ops_incidents (tenant_id, key, kind, detail, opened_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING RETURNING id`,
      )
      .bind(o.brand, o.key, o.kind, JSON.stringify(o.detail), at)
      .first<{ id: number }>();
    if (!row) continue;
    opened++;
    const tenant = tenants.find((t) => t.id === o.brand);
    if (!tenant) continue;
    mailed += await mailOwners(env, tenant, o, now);
    await postSignedAlert(env, { brand: o.brand, kind: o.kind, key: o.key, detail: o.detail, opened_at: at, incident: row.id });
  }
  let closed = 0;
  for (const c of decision.close) closed += await closeIncident(db, c, at);
  return { opened, closed, mailed };
}

async function closeIncident(db: D1Database, c: OpenIncident, at: string): Promise<number> {
  const { meta } = await db
    .prepare('UPDATE ops_incidents SET closed_at = ? WHERE tenant_id = ? AND key = ? AND closed_at IS NULL')
    .bind(at, c.brand, c.key)
    .run();
  if (meta.changes > 0) logEvent('info', 'operations incident closed', { tenant: c.brand, key: c.key });
  return meta.changes;
}

/** One mail to each owner of the brand (and of the deployment), in the brand's language; how many were sent. */
async function mailOwners(env: Env, tenant: Tenant, o: AlertOpening, now: Date): Promise<number> {
  const { results } = await staffDb(env).prepare(OWNERS_SQL).bind(tenant.id).all<Pick<Tables['staff'], 'email'>>();
  const language = toLanguage(tenant.settings.domain_language) ?? 'nl';
  const t = translatorFor(language);
  const values: Record<string, string | number> = { ...o.detail };
  if (o.kind === 'error_rate') values.percent = `${((o.detail.errors / o.detail.requests) * 100).toFixed(1)} %`;
  const alert = t(`mail.ops_alert.${o.kind}` as never, values) as string;
  for (const { email } of results)
    await sendMail(brandEnv(env, tenant), { tenant, to: email, language, template: 'ops_alert', data: { alert } }, now);
  logEvent('warn', 'operations alert', { tenant: tenant.id, key: o.key, ...o.detail, recipients: results.length });
  return results.length;
}
