import { ALERT_PER_MILLE } from '../../../core/rules/scheme-health';
import { toLanguage } from '../../../core/rules/language';
import type { SchemeHealthRow } from '../../../core/schemas/scheme-health';
import { brandEnv, staffDb } from '../../db/request-db';
import type { Tables } from '../../db/tables';
import { logEvent } from '../../log';
import { sendMail } from '../../mail';
import { tenantById } from '../../tenants';
import { computeSchemeHealth } from './scheme-health';

/** The brand's owners and admins, and the deployment's owners: the people who answer to the acquirer. */
const RECIPIENTS_SQL = `SELECT DISTINCT s.email FROM staff s JOIN staff_roles r ON r.staff_id = s.id
  WHERE s.status = 'active' AND ((r.brand = ?1 AND r.role IN ('owner', 'admin')) OR (r.brand = '*' AND r.role = 'owner'))
  ORDER BY s.email`;

/**
 * The hourly cron's check (worker/index.ts, after the figures rollup) for one database's brands: every brand,
 * provider and month (the current one and the one before, which a chargeback in its last hour may have moved) whose
 * VAMP or ECP ratio reached 1.2 % gets one row in scheme_health_alerts, and the run whose INSERT wrote that row
 * mails the brand's owners and admins. The INSERT ... ON CONFLICT DO NOTHING decides who mails: any number of runs at
 * once (a retried cron, a run by hand) find the same month above the threshold, one of them writes the row.
 *
 * Why the cron and not the chargeback webhook: the ratio rises only with a chargeback, but chargebacks arrive through
 * several adapters (Verotel, CCBill, later Segpay), and the acquirer's webhook should be answered without waiting for
 * staff mail; an hour's delay on a monthly figure changes nothing, and the cron already reads every brand's orders
 * per database.
 */
export async function alertSchemeHealth(env: Env, db: D1Database, brands: string[], now: Date): Promise<{ mailed: number }> {
  const due = (await computeSchemeHealth([{ db, brands }], now, 2)).filter(
    (r) => r.alerted_at === null && (r.vamp_level === 'alert' || r.ecp_level === 'alert'),
  );
  if (due.length === 0) return { mailed: 0 };
  const at = now.toISOString();
  const inserted = await db.batch<Pick<Tables['scheme_health_alerts'], 'tenant_id'>>(
    due.map((r) =>
      db
        .prepare(
          `INSERT INTO scheme_health_alerts (tenant_id, provider, month, vamp_ratio, ecp_ratio, created_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (tenant_id, provider, month) DO NOTHING RETURNING tenant_id`,
        )
        .bind(r.brand, r.provider, r.month, r.vamp_ratio, r.ecp_ratio, at),
    ),
  );
  let mailed = 0;
  for (const [i, row] of due.entries()) {
    if (inserted[i].results.length === 0) continue;
    mailed += await mailAlert(env, row, now);
  }
  return { mailed };
}

/** One mail to each owner and admin of the brand, in the brand's language; how many were sent. */
async function mailAlert(env: Env, row: SchemeHealthRow, now: Date): Promise<number> {
  const tenant = tenantById(row.brand);
  if (!tenant) return 0;
  const { results } = await staffDb(env).prepare(RECIPIENTS_SQL).bind(row.brand).all<Pick<Tables['staff'], 'email'>>();
  const language = toLanguage(tenant.settings.domain_language) ?? 'nl';
  const percent = (value: number | null) =>
    value === null
      ? '–'
      : new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  const data = {
    provider: row.provider,
    month: row.month,
    vamp: percent(row.vamp_ratio),
    ecp: percent(row.ecp_ratio),
    threshold: percent(ALERT_PER_MILLE / 1000),
  };
  for (const { email } of results)
    await sendMail(brandEnv(env, tenant), { tenant, to: email, language, template: 'scheme_health_alert', data }, now);
  logEvent('warn', 'scheme health alert', { tenant: row.brand, ...data, recipients: results.length });
  return results.length;
}
