import { EVERY_BRAND } from '../../../core/schemas/staff';
import type { AppContext } from '../../context';
import { ApiFailure } from '../../errors';
import { requireStaffOn, requireStaff } from '../../auth/staff-session';
import { knownTenants } from '../../tenants';
import { brandsByDatabase } from '../../db/request-db';

/**
 * Whose figures a back-office figures call reads (the dashboard, scheme health): a named brand's for its admins (404
 * for a brand without a role, 403 below admin), the whole deployment's (no brand) for owners only; and the databases
 * that hold them, a brand's own or every one (decision 009).
 */
export function figuresScope(c: AppContext, brand: string | undefined) {
  if (brand !== undefined) {
    requireStaffOn(c, brand, 'admin');
    return { scope: brand, groups: brandsByDatabase(c, [brand]) };
  }
  if (!requireStaff(c).roles.some((r) => r.brand === EVERY_BRAND && r.role === 'owner'))
    throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');
  return {
    scope: EVERY_BRAND,
    groups: brandsByDatabase(
      c,
      knownTenants().map((t) => t.id),
    ),
  };
}
