import { ApiFailure } from '../../errors';
import type { AppContext } from '../../context';
import { TENANTS } from '../../tenants';
import type { Tenant } from '../../../core/schemas/tenant';
import { requireStaff, requireStaffOn, type StaffSession } from '../session';
import { firstInDatabases } from '../../db/request-db';
import type { Tables } from '../../db/tables';

/** The member a back-office call is about, with the brand it belongs to. */
export interface MemberOnBrand {
  staff: StaffSession;
  tenant: Tenant;
  memberId: number;
}

/**
 * Back-office calls name a member by id, not a brand: the member's brand decides, and the caller must be its admin
 * (or an owner). An unknown id and a member of a brand the caller has no role on answer the same 404; a role too
 * low on the member's brand (operator, moderator) answers 403.
 */
export async function memberForAdmin(c: AppContext, memberId: number): Promise<MemberOnBrand> {
  const row = await firstInDatabases(c, hostFirst(c), (db) =>
    db.prepare('SELECT tenant_id FROM members WHERE id = ?').bind(memberId).first<Pick<Tables['members'], 'tenant_id'>>(),
  );
  const tenant = row && TENANTS.find((t) => t.id === row.tenant_id);
  if (!tenant) {
    requireStaff(c); // 401 without a staff session; else the 404 of a brand without a role
    throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
  }
  const staff = requireStaffOn(c, tenant.id, 'admin');
  return { staff, tenant, memberId };
}

/** The brand of an order, for the same check. */
export async function orderForAdmin(c: AppContext, orderId: number): Promise<MemberOnBrand & { orderId: number }> {
  const row = await firstInDatabases(c, hostFirst(c), (db) =>
    db
      .prepare('SELECT member_id, tenant_id FROM orders WHERE id = ?')
      .bind(orderId)
      .first<Pick<Tables['orders'], 'member_id' | 'tenant_id'>>(),
  );
  const tenant = row && TENANTS.find((t) => t.id === row.tenant_id);
  if (!row || !tenant) {
    requireStaff(c);
    throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
  }
  return { staff: requireStaffOn(c, tenant.id, 'admin'), tenant, memberId: row.member_id, orderId };
}

/** Every brand, the host's first: its database is searched first for an id (worker/db/request-db.ts). */
function hostFirst(c: AppContext): string[] {
  const host = c.get('tenant').id;
  return [host, ...TENANTS.map((t) => t.id).filter((id) => id !== host)];
}
