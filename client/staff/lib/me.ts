import { createContext, useContext } from 'react';
import type { StaffRole } from '../../../core/schemas/staff';
import type { StaffMe } from '../../../core/schemas/staff-answers';
import type { StaffRoute } from './router';

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

/** Moderators rank with operators, so hasRole cannot tell them apart: moderation is for moderators and up. */
const moderates = (me: StaffMe) => me.roles.some((r) => r.role !== 'operator');
const isAdmin = (me: StaffMe) => hasRole(me, 'admin');

const SCREEN_ACCESS: Partial<Record<StaffRoute['name'], (me: StaffMe) => boolean>> = {
  members: isAdmin,
  member: isAdmin,
  dashboard: isAdmin,
  audit: isAdmin,
  codes: isAdmin,
  news: isAdmin,
  traffic: isAdmin,
  // Owners only (issue 48 item 7): the server answers 403 to anyone else.
  operations: (me) => hasRole(me, 'owner'),
  moderation: moderates,
  // Brands are the deployment's: owners only (the owner role on every brand).
  brands: (me) => me.roles.some((r) => r.brand === '*' && r.role === 'owner'),
};

/**
 * Whether the staff member's roles open a screen: the navigation offers only these, and a screen opened by its
 * address without them says so instead of showing forms whose every call the server refuses (it checks each itself).
 */
export function mayOpen(me: StaffMe, screen: StaffRoute['name']): boolean {
  return SCREEN_ACCESS[screen]?.(me) ?? true;
}
