import { Hono } from 'hono';
import { clientIp, type AppContext, type AppEnv } from '../context';
import { log, describeError } from '../log';
import { consumeToken, issueToken } from '../auth/tokens';
import { limit, link, mailTo } from '../http/helpers';
import { operation } from '../http/operation';
import { confirmComplaint, findComplaint, storeComplaint } from './complaints';

/**
 * complaints.php: a complaint is stored; once its sender's address is proven it is forwarded to the brand's support
 * and confirmed to the sender (docs/api/accounts.md "Complaints"). A logged-in member with a confirmed address who
 * gives that address has proven it; anyone else first gets a link at the address given, in a mail that carries
 * nothing they typed, so the form cannot make the brand mail a stranger a text of the visitor's choosing.
 */
export const complaintsRoutes = new Hono<AppEnv>();

const PER_IP = { limit: 5, windowSeconds: 3600 };
const PER_MEMBER = { limit: 5, windowSeconds: 86_400 };
/** Confirmation links to one address: a visitor cannot flood someone's inbox with them. */
const PER_ADDRESS = { limit: 3, windowSeconds: 86_400 };

operation(complaintsRoutes, 'post', '/api/complaints.php', async (c, { member, body: complaint }) => {
  const tenant = c.get('tenant');
  const now = c.get('now');
  const ip = clientIp(c);
  await limit(c, `complaint:ip:${ip}`, PER_IP);
  if (member) await limit(c, `complaint:member:${member.id}`, PER_MEMBER);
  const proven = member?.status === 'confirmed' && member.email.toLowerCase() === complaint.email;
  if (!proven) await limit(c, `complaint:to:${complaint.email}`, PER_ADDRESS);

  // The page's language: a staff reply to a visitor's complaint goes out in it (worker/staff/moderation/complaints.ts).
  const id = await storeComplaint(c.env.DB, tenant.id, {
    memberId: member?.id ?? null,
    complaint,
    ip,
    at: now,
    proven,
    language: c.get('language'),
  });
  const reference = `C-${id}`;

  // The complaint is stored; a mail that cannot be written must not turn the answer into a failure.
  try {
    if (proven) await mailConfirmedComplaint(c, id);
    else {
      const token = await issueToken(c.env, {
        tenantId: tenant.id,
        memberId: member?.id ?? 0,
        purpose: 'complaint',
        now,
        data: String(id),
      });
      await mailTo(c, complaint.email, null, 'complaint_confirm', { link: link(c, '/api/complaint-confirm.php', token) });
    }
  } catch (error) {
    log(c, 'error', 'complaint mail failed', describeError(error));
  }
  return { id, reference, confirmed: proven };
});

/** The link of the complaint_confirm mail: the address is proven, the complaint goes to support and is confirmed. */
operation(complaintsRoutes, 'get', '/api/complaint-confirm.php', async (c, { query }) => {
  const tenantId = c.get('tenant').id;
  const now = c.get('now');
  const redeemed = await consumeToken(c.env, query.token, tenantId, 'complaint', now);
  const id = Number(redeemed?.data);
  const confirmed = redeemed && (await confirmComplaint(c.env.DB, tenantId, id, now));
  if (!confirmed) return c.redirect('/complaints?confirmed=0', 303);
  await mailConfirmedComplaint(c, id).catch((error) => log(c, 'error', 'complaint mail failed', describeError(error)));
  return c.redirect(`/complaints?confirmed=C-${id}`, 303);
});

/** Forwards a proven complaint to the brand's support and confirms it to its (proven) sender. */
async function mailConfirmedComplaint(c: AppContext, id: number): Promise<void> {
  const tenant = c.get('tenant');
  const row = await findComplaint(c.env.DB, tenant.id, id);
  if (!row) return;
  const reference = `C-${id}`;
  const name = row.contact_name ?? '';
  const data = {
    reference,
    contact_name: name,
    subject: row.subject,
    concerns: row.concerns ?? '-',
    text: row.body,
    contact_email: row.contact_email,
    member: row.member_id ? `#${row.member_id}` : '-',
  };
  await Promise.all([
    mailTo(c, tenant.settings.support_email, tenant.settings.domain_language, 'complaint_forwarded', data),
    mailTo(c, row.contact_email, null, 'complaint_received', { name, reference }, undefined, row.member_id ?? undefined),
  ]);
}
