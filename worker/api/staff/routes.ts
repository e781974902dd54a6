import { Hono } from 'hono';
import type { StaffMe } from '../../../core/schemas/staff';
import type { AppEnv } from '../../context';
import { brandsOf, requireStaff } from '../../staff/session';
import { TENANTS } from '../../tenants';
import { answerRoutes } from './answer-routes';
import { profileRoutes } from './profile-routes';

/**
 * The staff workspace's API under /api/staff/*.php (docs/api/staff.md). Every call checks a staff session and the
 * role on the brand it touches (staff/session.ts `requireStaffOn`); a member's session never counts here.
 */
export const staffApi = new Hono<AppEnv>();

staffApi.get('/me.php', (c) => {
  const staff = requireStaff(c);
  const me: StaffMe = {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    roles: staff.roles,
    brands: brandsOf(staff).map((id) => ({ id, name: TENANTS.find((t) => t.id === id)!.settings.name })),
  };
  return c.json(me);
});

// Answering fictional profiles: queue, claims, answer screen, replies, notes, first messages, figures, live queue.
staffApi.route('/', answerRoutes);
staffApi.route('/', profileRoutes);
