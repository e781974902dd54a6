import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { staffMe } from './me';
import { answerRoutes } from './answering/answer-routes';
import { brandsRoutes } from './brands-routes';
import { staffAuditRoutes } from './audit-routes';
import { staffAuthRoutes } from './auth-routes';
import { membersRoutes } from './members/members-routes';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { schemeHealthRoutes } from './dashboard/scheme-health-routes';
import { operationsRoutes } from './operations/operations-routes';
import { codesRoutes } from './codes/codes-routes';
import { moderationRoutes } from './moderation/moderation-routes';
import { noticesRoutes } from './moderation/notices-routes';
import { staffOperation } from './operation';
import { profileRoutes } from './answering/profile-routes';
import { staffSessionsRoutes } from './sessions-routes';
import { staffSetupRoutes } from './setup-routes';
import { trafficRoutes } from './traffic-routes';
import { newsRoutes } from './news/news-routes';

/**
 * The staff workspace's API under /api/staff/*.php (docs/api/staff.md, core/contract/staff-ops.ts). Every call is
 * mounted by staffOperation (./operation.ts): a staff session and the role on the brand it touches (staff/session.ts
 * `requireStaffOn`); a member's session never counts here.
 */
export const staffApi = new Hono<AppEnv>();

staffOperation(staffApi, 'get', '/api/staff/me.php', async (_c, { staff }) => staffMe(staff));

// Accounts and sign-in: login, logout, the one-time setup link, own sessions, the audit log.
staffApi.route('/', staffAuthRoutes);
staffApi.route('/', staffSetupRoutes);
staffApi.route('/', staffSessionsRoutes);
staffApi.route('/', staffAuditRoutes);
// Answering fictional profiles: queue, claims, answer screen, replies, notes, first messages, figures, live queue.
staffApi.route('/', answerRoutes);
staffApi.route('/', profileRoutes);
// Back office: members (issue 15): find a member, see the account, act on it (admins and owners).
staffApi.route('/', membersRoutes);
// Back office: the figures dashboard (issue 15, item 5).
staffApi.route('/', dashboardRoutes);
// Back office: the brand's news to the members who chose it (issue 46, item 13).
staffApi.route('/', newsRoutes);
// Back office: card scheme health per brand, provider and month (issue 44, item 7).
staffApi.route('/', schemeHealthRoutes);
// Back office: the operations screen (issue 48 item 7, owners only).
staffApi.route('/', operationsRoutes);
// Back office: affiliate networks and their postbacks (issue 47, admins).
staffApi.route('/', trafficRoutes);
// Back office: discount and invitation codes (admins).
staffApi.route('/', codesRoutes);
// Back office: photo moderation and complaints (moderators).
staffApi.route('/', moderationRoutes);
// Back office: notices, appeals and the transparency figures (issue 45 items 6-8).
staffApi.route('/', noticesRoutes);
// Back office: brands made in the workspace, their versions and hosts (issue 48 items 3-5, owners).
staffApi.route('/', brandsRoutes);
