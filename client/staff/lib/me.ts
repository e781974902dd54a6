import { createContext, useContext } from 'react';
import type { StaffMe, StaffRole } from '../../../core/schemas/staff';

export const MeContext = createContext<StaffMe | null>(null);

/** The signed-in staff member (every screen but login and setup renders inside the loaded MeContext). */
export function useMe(): StaffMe {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside a signed-in workspace');
  return me;
}

const RANK: Record<StaffRole, number> = { operator: 1, moderator: 1, admin: 2, owner: 3 };

/** Whether the staff member is at least `role` on some brand (the server checks each call itself). */
export function hasRole(me: StaffMe, role: StaffRole): boolean {
  return me.roles.some((r) => RANK[r.role] >= RANK[role]);
}
