import { Hono } from 'hono';
import { ComplaintSchema, type ComplaintResponse } from '../../core/schemas/complaints';
import type { AppEnv } from '../context';
import { parseOrFail } from '../errors';
import { log, describeError } from '../log';
import { clientIp, jsonBody, limit, mailTo } from './helpers';

/** complaints.php: a complaint is stored, forwarded to the brand's support and confirmed to the sender. */
export const complaintsRoutes = new Hono<AppEnv>();

const PER_IP = { limit: 5, windowSeconds: 3600 };
const PER_MEMBER = { limit: 5, windowSeconds: 86_400 };

complaintsRoutes.post('/complaints.php', async (c) => {
  const tenant = c.get('tenant');
  const member = c.get('member');
  const now = c.get('now');
  const complaint = parseOrFail(ComplaintSchema, await jsonBody(c));
  const ip = clientIp(c);
  await limit(c, `complaint:ip:${ip}`, PER_IP);
  if (member) await limit(c, `complaint:member:${member.id}`, PER_MEMBER);

  const row = await c.env.DB.prepare(
    `INSERT INTO complaints (tenant_id, member_id, subject, concerns, body, contact_email, contact_name, ip, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(tenant.id, member?.id ?? null, complaint.subject, complaint.concerns ?? null, complaint.text, complaint.email, complaint.name, ip, now.toISOString())
    .first<{ id: number }>();
  const id = row!.id;
  const reference = `C-${id}`;

  // The complaint is stored; a mail that cannot be written must not turn the answer into a failure.
  const data = {
    reference,
    contact_name: complaint.name,
    subject: complaint.subject,
    concerns: complaint.concerns ?? '-',
    text: complaint.text,
    contact_email: complaint.email,
    member: member ? `#${member.id}` : '-',
  };
  await Promise.all([
    mailTo(c, tenant.settings.support_email, tenant.settings.domain_language, 'complaint_forwarded', data),
    mailTo(c, complaint.email, null, 'complaint_received', { name: complaint.name, reference }, undefined, member?.id),
  ]).catch((error) => log(c, 'error', 'complaint mail failed', describeError(error)));

  return c.json<ComplaintResponse>({ id, reference }, 201);
});
