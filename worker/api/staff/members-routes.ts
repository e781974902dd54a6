import { type Context, Hono } from 'hono';
import {
  CreditAdjustSchema,
  MemberActionSchema,
  MemberQuerySchema,
  MemberSearchSchema,
  StaffRefundSchema,
} from '../../../core/schemas/staff-members';
import type { AppEnv } from '../../context';
import { ApiFailure, parseOrFail } from '../../errors';
import { memberOrder, toOrder } from '../../payments/orders';
import { providerFor } from '../../payments/provider';
import { refundByStaff } from '../../payments/settle';
import { sendRefundMail } from '../../payments/confirmation-mail';
import { publishToMember } from '../../services/live-events';
import { newToken } from '../../services/sessions';
import { memberForAdmin, orderForAdmin } from '../../staff/members/access';
import {
  adjustCredits,
  blockDirectDebit,
  blockMember,
  deleteMember,
  endMemberSessions,
  recordResendActivation,
  unblockDirectDebit,
  unblockMember,
} from '../../staff/members/actions';
import { memberDetail } from '../../staff/members/detail';
import { searchMembers } from '../../staff/members/search';
import { auditStatement, brandsWhere, requireStaff, requireStaffOn } from '../../staff/session';
import { brandDb, brandEnvFor, brandsByDatabase } from '../../db/request-db';
import { jsonBody } from '../helpers';
import { mailScope, sendActivationMail, sendRecoveryMail } from '../../services/mail-scope';
import type { Tables } from '../../db/tables';

/**
 * Back office, members (issue 15, docs/api/staff.md "Back office: members"): for a brand's admins and owners.
 * Every call is about a member (or an order) of one brand; access.ts checks the caller's role on that brand.
 */
export const membersRoutes = new Hono<AppEnv>();

membersRoutes.get('/members.php', async (c) => {
  const q = parseOrFail(MemberSearchSchema, c.req.query());
  const staff = requireStaff(c);
  let brands: string[];
  if (q.brand) {
    requireStaffOn(c, q.brand, 'admin');
    brands = [q.brand];
  } else {
    brands = brandsWhere(staff, 'admin');
    if (brands.length === 0) throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');
  }
  const now = c.get('now');
  // One row per brand searched, in that brand's database, written in the batch that searches it.
  const audited = (db: D1Database, brand: string) =>
    auditStatement(db, { staffId: staff.id, brand, action: 'member_search', detail: { q: q.q }, now });
  return c.json({ items: await searchMembers(brandsByDatabase(c, brands), q.q, audited) });
});

membersRoutes.get('/member.php', async (c) => {
  const { brand, id } = parseOrFail(MemberQuerySchema, c.req.query());
  const on = await memberForAdmin(c, brand, id);
  const db = brandDb(c, on.tenant.id);
  const now = c.get('now');
  const audited = auditStatement(db, { staffId: on.staff.id, brand, action: 'member_view', targetType: 'member', targetId: id, now });
  return c.json(await memberDetail(db, on.tenant, id, now, audited));
});

membersRoutes.post('/credits.php', async (c) => {
  const input = parseOrFail(CreditAdjustSchema, await jsonBody(c));
  const on = await memberForAdmin(c, input.brand, input.member_id);
  const result = await adjustCredits(brandDb(c, on.tenant.id), on, input.delta, input.reason, input.request_id ?? newToken(), c.get('now'));
  announceCredits(c, on.tenant.id, on.memberId, result.credits);
  return c.json(result);
});

/** The member's open tabs show the new balance at once (a retried request announces the same balance again). */
function announceCredits(c: Context<AppEnv>, tenantId: string, memberId: number, credits: number): void {
  c.executionCtx.waitUntil(publishToMember(c.env, tenantId, memberId, { type: 'credits', credits }));
}

membersRoutes.post('/refund.php', async (c) => {
  const input = parseOrFail(StaffRefundSchema, await jsonBody(c));
  const on = await orderForAdmin(c, input.brand, input.order_id);
  const db = brandDb(c, on.tenant.id);
  const now = c.get('now');
  const order = await memberOrder(db, on.tenant.id, on.memberId, input.order_id);
  const { takenBack } = await refundByStaff(
    { env: brandEnvFor(c, on.tenant.id), tenant: on.tenant, provider: providerFor(brandEnvFor(c, on.tenant.id), on.tenant), now },
    order,
    (guard) =>
      auditStatement(db, {
        staffId: on.staff.id,
        brand: on.tenant.id,
        action: 'order_refund',
        targetType: 'member',
        targetId: on.memberId,
        detail: { reason: input.reason, order_id: order.id, amount: order.amount, currency: order.currency, credits: order.credits },
        now,
        guard,
      }),
  );
  const refunded = await memberOrder(db, on.tenant.id, on.memberId, order.id);
  await sendRefundMail(mailScope(c, on.tenant), refunded, takenBack);
  const member = await db
    .prepare('SELECT credits FROM members WHERE id = ? AND tenant_id = ?')
    .bind(on.memberId, on.tenant.id)
    .first<Pick<Tables['members'], 'credits'>>();
  if (takenBack > 0) announceCredits(c, on.tenant.id, on.memberId, member!.credits);
  return c.json({ order: toOrder(refunded), credits_taken_back: takenBack, credits: member!.credits });
});

membersRoutes.post('/block.php', async (c) => {
  const input = parseOrFail(MemberActionSchema, await jsonBody(c));
  const on = await memberForAdmin(c, input.brand, input.member_id);
  await blockMember(brandDb(c, on.tenant.id), on, input.reason, c.get('now'));
  return c.json({ blocked: true });
});

membersRoutes.delete('/block.php', async (c) => {
  const input = parseOrFail(MemberActionSchema, await jsonBody(c));
  const on = await memberForAdmin(c, input.brand, input.member_id);
  await unblockMember(brandDb(c, on.tenant.id), on, input.reason, c.get('now'));
  return c.json({ blocked: false });
});

membersRoutes.post('/directdebit-block.php', async (c) => {
  const input = parseOrFail(MemberActionSchema, await jsonBody(c));
  const on = await memberForAdmin(c, input.brand, input.member_id);
  await blockDirectDebit(brandDb(c, on.tenant.id), on, input.reason, c.get('now'));
  return c.json({ directdebit_blocked: true });
});

membersRoutes.delete('/directdebit-block.php', async (c) => {
  const input = parseOrFail(MemberActionSchema, await jsonBody(c));
  const on = await memberForAdmin(c, input.brand, input.member_id);
  await unblockDirectDebit(brandDb(c, on.tenant.id), on, input.reason, c.get('now'));
  return c.json({ directdebit_blocked: false });
});

membersRoutes.delete('/member-sessions.php', async (c) => {
  const input = parseOrFail(MemberActionSchema, await jsonBody(c));
  const on = await memberForAdmin(c, input.brand, input.member_id);
  return c.json(await endMemberSessions(brandDb(c, on.tenant.id), on, input.reason, c.get('now')));
});

membersRoutes.post('/resend-activation.php', async (c) => {
  const input = parseOrFail(MemberActionSchema, await jsonBody(c));
  const on = await memberForAdmin(c, input.brand, input.member_id);
  const m = await recordResendActivation(brandDb(c, on.tenant.id), on, input.reason, c.get('now'));
  await sendActivationMail(mailScope(c, on.tenant), on.memberId, m.email, m.language, m.name);
  return c.json({ sent: true });
});

membersRoutes.delete('/member.php', async (c) => {
  const input = parseOrFail(MemberActionSchema, await jsonBody(c));
  const on = await memberForAdmin(c, input.brand, input.member_id);
  const m = await deleteMember(brandDb(c, on.tenant.id), on, input.reason, c.get('now'));
  await sendRecoveryMail(mailScope(c, on.tenant), on.memberId, m.email, m.language, m.previous);
  return c.json({ deleted: true });
});
