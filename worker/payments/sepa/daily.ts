import type { Tenant } from '../../../core/schemas/tenant';
import { collectScheduled, r2Collector, type SepaCollector } from './collect';

/**
 * The daily run (worker/index.ts, the purge's cron): for each brand of this database that is its own SEPA creditor,
 * one pain.008 file per collection day of its scheduled debits. The files go to R2 (the collector that exists; the
 * upload to the bank is the production collector still to build: decision 013).
 */
export async function collectSepaDebits(
  env: Env,
  db: D1Database,
  tenants: readonly Tenant[],
  now: Date,
  collector: SepaCollector = r2Collector(env.MEDIA),
): Promise<number> {
  let files = 0;
  for (const tenant of tenants) {
    if (!tenant.payments.sepa) continue;
    files += (await collectScheduled(db, tenant, collector, now)).length;
  }
  return files;
}
