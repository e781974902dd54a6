import type { AgeGatedFeature } from '../../core/markets/rules';
import { marketRule } from '../../core/markets/tighten';
import { featuresNeedingCheck } from '../../core/rules/age-assurance';
import type { Tenant } from '../../core/schemas/tenant';
import type { AppContext } from '../context';
import { ApiFailure } from '../errors';

/**
 * The one age gate (issue 45 item 2): every service that does something a market rule may put behind a highly
 * effective age check (a chat opened or sent, a private photo seen or sent, an order priced) asks here first. Nothing
 * is read when the visitor's country gates none of it, so other markets pay no query.
 */

/**
 * The country whose law applies to this request: the visitor's geo-IP country (or local mode's override). Local
 * mode's stand-in for an unknown country (the brand's first) is no visitor's country: it gates nothing.
 */
export const gateCountry = (c: AppContext): string | null => (c.get('countryAssumed') ? null : c.get('country'));

/** Whether the member has passed a check on this brand (once is enough: age_status keeps a pass). */
export async function hasPassedAgeCheck(db: D1Database, tenantId: string, memberId: number): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS ok FROM age_status WHERE tenant_id = ? AND member_id = ? AND outcome = 'pass'")
    .bind(tenantId, memberId)
    .first<{ ok: number }>();
  return row !== null;
}

/** Whether the member may do `features` from `country` now. */
export async function ageCheckPasses(
  db: D1Database,
  tenant: Tenant,
  memberId: number,
  country: string | null,
  features: readonly AgeGatedFeature[],
): Promise<boolean> {
  if (featuresNeedingCheck(marketRule(country, tenant.market_rules), features).length === 0) return true;
  return hasPassedAgeCheck(db, tenant.id, memberId);
}

/** The 403 the client turns into its "verify your age" screen (code age_check_required). */
export const ageCheckRequired = () => new ApiFailure(403, 'age_check_required', 'errors.age_check_required');

/** Throws age_check_required unless the member may do `features` from `country` (a request without a context: the live socket). */
export async function assertAgeAssuredFor(
  db: D1Database,
  tenant: Tenant,
  memberId: number,
  country: string | null,
  features: readonly AgeGatedFeature[],
): Promise<void> {
  if (!(await ageCheckPasses(db, tenant, memberId, country, features))) throw ageCheckRequired();
}

/** The same for a request: the visitor's country. */
export const assertAgeAssured = (c: AppContext, memberId: number, features: readonly AgeGatedFeature[]) =>
  assertAgeAssuredFor(c.env.DB, c.get('tenant'), memberId, gateCountry(c), features);
