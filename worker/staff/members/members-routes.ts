import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../context';
import { memberOrder, toOrder } from '../../payments/orders';
import { providerFor } from '../../payments/provider';
import { refundByStaff } from '../../payments/settle';
import { sendRefundMail } from '../../payments/confirmation-mail';
import { publishToMember } from '../../live/events';
import { newToken } from '../../auth/sessions';
import { memberForAdmin, orderForAdmin } from './access';
import {
  adjustCredits,
  blockDirectDebit,
  blockMember,
  blockPurchases,
  creditsOf,
  deleteMember,
  endMemberSessions,
  recordResendActivation,
  unblockDirectDebit,
  unblockMember,
  unblockPurchases,
} from './actions';
import { collectEvidence, evidenceZip } from '../../payments/evidence-pack';
import { memberDetail } from './detail';
import { searchMembers } from './search';
import { auditStatement } from '../../auth/staff-session';
import { brandDb, brandEnvFor, brandsByDatabase } from '../../db/request-db';
import { mailScope, sendActivationMail, sendRecoveryMail } from '../../mail/scope';
import { staffOperation } from '../operation';
import { mailStatement } from '../../reports/statements';

/**
 * Back office, members (issue 15, docs/api/staff.md "Back office: members"): for a brand's admins and owners.
 * Every call is about a member (or an order) of one brand; access.ts checks the caller's role on that brand (its
 * 404 does not tell whether the member exists on a brand the caller may not see).
 */
export const membersRoutes = new Hono<AppEnv>();

// Without ?brand: every brand where the caller is an admin (the contract's scope `each`).
staffOperation(membersRoutes, 'get', '/api/staff/members.php', async (c, { query, staff, brands }) => {
  const now = c.get('now');
  // One row per brand searched, in that brand's database, written in the batch that searches it.
  const audited = (db: D1Database, brand: string) =>
    auditStatement(db, { staffId: staff.id, brand, action: 'member_search', detail: { q: query.q }, now });
  return { items: await searchMembers(brandsByDatabase(c, brands), query.q, audited) };
});

staffOperation(membersRoutes, 'get', '/api/staff/member.php', async (c, { query: { brand, id } }) => {
  const on = await memberForAdmin(c, brand, id);
  const db = brandDb(c, on.tenant.id);
  const now = c.get('now');
  const audited = auditStatement(db, { staffId: on.staff.id, brand, action: 'member_view', targetType: 'member', targetId: id, now });
  return memberDetail(db, on.tenant, id, now, audited);
});

staffOperation(membersRoutes, 'post', '/api/staff/credits.php', async (c, { body }) => {
  const on = await memberForAdmin(c, body.brand, body.member_id);
  const result = await adjustCredits(brandDb(c, on.tenant.id), on, body.delta, body.reason, body.request_id ?? newToken(), c.get('now'));
  announceCredits(c, on.tenant.id, on.memberId, result.credits);
  return result;
});

/** The member's open tabs show the new balance at once (a retried request announces the same balance again). */
function announceCredits(c: AppContext, tenantId: string, memberId: number, credits: number): void {
  c.executionCtx.waitUntil(publishToMember(c.env, tenantId, memberId, { type: 'credits', credits }));
}

staffOperation(membersRoutes, 'post', '/api/staff/refund.php', async (c, { body }) => {
  const on = await orderForAdmin(c, body.brand, body.order_id);
  const db = brandDb(c, on.tenant.id);
  const now = c.get('now');
  const order = await memberOrder(db, on.tenant.id, on.memberId, body.order_id);
  const { takenBack } = await refundByStaff(
    {
      env: brandEnvFor(c, on.tenant.id),
      tenant: on.tenant,
      provider: providerFor(brandEnvFor(c, on.tenant.id), on.tenant, order.provider),
      now,
    },
    order,
    (guard) =>
      auditStatement(db, {
        staffId: on.staff.id,
        brand: on.tenant.id,
        action: 'order_refund',
        targetType: 'member',
        targetId: on.memberId,
        detail: { reason: body.reason, order_id: order.id, amount: order.amount, currency: order.currency, credits: order.credits },
        now,
        guard,
      }),
  );
  const refunded = await memberOrder(db, on.tenant.id, on.memberId, order.id);
  await sendRefundMail(mailScope(c, on.tenant), refunded, takenBack);
  const credits = await creditsOf(db, on);
  if (takenBack > 0) announceCredits(c, on.tenant.id, on.memberId, credits);
  return { order: toOrder(refunded), credits_taken_back: takenBack, credits };
});

staffOperation(membersRoutes, 'post', '/api/staff/block.php', async (c, { body }) => {
  const on = await memberForAdmin(c, body.brand, body.member_id);
  const statement = await blockMember(brandDb(c, on.tenant.id), on, body.reason, c.get('now'));
  // The statement of reasons (DSA Art. 17) goes to the member's address: they can no longer log in to read it.
  if (statement !== null) await mailStatement(brandEnvFor(c, on.tenant.id), on.tenant, brandDb(c, on.tenant.id), statement, c.get('now'));
  return { blocked: true };
});

staffOperation(membersRoutes, 'delete', '/api/staff/block.php', async (c, { body }) => {
  const on = await memberForAdmin(c, body.brand, body.member_id);
  await unblockMember(brandDb(c, on.tenant.id), on, body.reason, c.get('now'));
  return { blocked: false };
});

staffOperation(membersRoutes, 'post', '/api/staff/directdebit-block.php', async (c, { body }) => {
  const on = await memberForAdmin(c, body.brand, body.member_id);
  await blockDirectDebit(brandDb(c, on.tenant.id), on, body.reason, c.get('now'));
  return { directdebit_blocked: true };
});

staffOperation(membersRoutes, 'delete', '/api/staff/directdebit-block.php', async (c, { body }) => {
  const on = await memberForAdmin(c, body.brand, body.member_id);
  await unblockDirectDebit(brandDb(c, on.tenant.id), on, body.reason, c.get('now'));
  return { directdebit_blocked: false };
});

staffOperation(membersRoutes, 'post', '/api/staff/purchase-block.php', async (c, { body }) => {
  const on = await memberForAdmin(c, body.brand, body.member_id);
  await blockPurchases(brandDb(c, on.tenant.id), on, body.reason, c.get('now'));
  return { purchases_blocked: true };
});

staffOperation(membersRoutes, 'delete', '/api/staff/purchase-block.php', async (c, { body }) => {
  const on = await memberForAdmin(c, body.brand, body.member_id);
  await unblockPurchases(brandDb(c, on.tenant.id), on, body.reason, c.get('now'));
  return { purchases_blocked: false };
});

/** An order's evidence pack (issue 44 item 5): admins of the order's brand only, each download audited. */
staffOperation(membersRoutes, 'get', '/api/staff/evidence.php', async (c, { query }) => {
  const on = await orderForAdmin(c, query.brand, query.order_id);
  const db = brandDb(c, on.tenant.id);
  const now = c.get('now');
  const order = await memberOrder(db, on.tenant.id, on.memberId, on.orderId);
  const evidence = await collectEvidence(c.env, db, on.tenant, order);
  await auditStatement(db, {
    staffId: on.staff.id,
    brand: on.tenant.id,
    action: 'order_evidence',
    targetType: 'member',
    targetId: on.memberId,
    detail: { order_id: order.id },
    now,
  }).run();
  return new Response(evidenceZip(evidence, order.id, now) as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${on.tenant.id}-order-${order.id}-evidence.zip"`,
      'Cache-Control': 'private, no-store',
    },
  });
});

staffOperation(membersRoutes, 'delete', '/api/staff/member-sessions.php', async (c, { body }) => {
  const on = await memberForAdmin(c, body.brand, body.member_id);
  return endMemberSessions(brandDb(c, on.tenant.id), on, body.reason, c.get('now'));
});

staffOperation(membersRoutes, 'post', '/api/staff/resend-activation.php', async (c, { body }) => {
  const on = await memberForAdmin(c, body.brand, body.member_id);
  const m = await recordResendActivation(brandDb(c, on.tenant.id), on, body.reason, c.get('now'));
  await sendActivationMail(mailScope(c, on.tenant), on.memberId, m.email, m.language, m.name);
  return { sent: true };
});

staffOperation(membersRoutes, 'delete', '/api/staff/member.php', async (c, { body }) => {
  const on = await memberForAdmin(c, body.brand, body.member_id);
  const m = await deleteMember(brandDb(c, on.tenant.id), on, body.reason, c.get('now'));
  await sendRecoveryMail(mailScope(c, on.tenant), on.memberId, m.email, m.language, m.previous);
  return { deleted: true };
});
