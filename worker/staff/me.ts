import type { StaffMe } from '../../core/schemas/staff-answers';
import { tenantById } from '../tenants';
import { brandsOf, type StaffSession } from '../auth/staff-session';
import { staffBrandName } from './brand-name';

/** The signed-in staff member as the workspace sees them (GET me.php, the login's answer). */
export function staffMe(staff: StaffSession): StaffMe {
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    roles: staff.roles,
    brands: brandsOf(staff).map((id, _, ids) => ({ id, name: staffBrandName(tenantById(id)!, ids) })),
  };
}
