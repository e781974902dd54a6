import { ApiFailure } from '../../errors';
import type { AppContext } from '../../context';
import { tenantById } from '../../tenants';
import type { Tenant } from '../../../core/schemas/tenant';
import { requireStaff, requireStaffOn, type StaffSession } from '../../auth/staff-session';
import { brandDb } from '../../db/request-db';
import type { Tables } from '../../db/tables';

/** The member a back-office call is about, with the brand it belongs to. */
export interface MemberOnBrand {
  staff: StaffSession;
  tenant: Tenant;
  memberId: number;
}

const notFound = () => new ApiFailure(404, 'not_found', 'errors.api_not_found');

/**
 * Back-office calls name a member by brand and id: ids are unique per database only (decision 009), so an id alone
 * could name another brand's member. The caller must be the brand's admin (or an owner). An unknown brand or id and
 * a brand the caller has no role on answer the same 404; a role too low on the brand answers 403.
 */
export async function memberForAdmin(c: AppContext, brand: string, memberId: number): Promise<MemberOnBrand> {
  const on = adminOn(c, brand);
  await rowOf<Pick<Tables['members'], 'id'>>(c, brand, 'SELECT id FROM members WHERE id = ? AND tenant_id = ?', memberId);
  return { ...on, memberId };
}

/** An order of the brand and the member it belongs to, for the same check. */
export async function orderForAdmin(c: AppContext, brand: string, orderId: number): Promise<MemberOnBrand & { orderId: number }> {
  const on = adminOn(c, brand);
  const row = await rowOf<Pick<Tables['orders'], 'member_id'>>(
    c,
    brand,
    'SELECT member_id FROM orders WHERE id = ? AND tenant_id = ?',
    orderId,
  );
  return { ...on, memberId: row.member_id, orderId };
}

/** The brand's row with this id, read from the brand's database; 404 when there is none. */
async function rowOf<T>(c: AppContext, brand: string, sql: string, id: number): Promise<T> {
  const row = await brandDb(c, brand).prepare(sql).bind(id, brand).first<T>();
  if (!row) throw notFound();
  return row;
}

function adminOn(c: AppContext, brand: string): { staff: StaffSession; tenant: Tenant } {
  const tenant = tenantById(brand);
  if (!tenant) {
    requireStaff(c); // 401 without a staff session, else the same 404 as a brand without a role
    throw notFound();
  }
  return { staff: requireStaffOn(c, brand, 'admin'), tenant };
}
