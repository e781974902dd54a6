import type { Delivery } from './types';
import type { Tables } from '../db/tables';

/** One outbox row as written; `status` is 'queued' when a transport will take it, else final ('held' or 'failed'). */
export interface OutboxInsert {
  tenantId: string;
  memberId: number | null;
  channel: 'mail' | 'sms';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  template: string;
  status: 'queued' | 'held' | 'failed';
  error: string | null;
  createdAt: string;
}

export async function insertOutbox(db: D1Database, row: OutboxInsert): Promise<number> {
  const inserted = await db
    .prepare(
      `INSERT INTO outbox (tenant_id, member_id, channel, recipient, subject, text_body, html_body, headers, template, status, error, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      row.tenantId,
      row.memberId,
      row.channel,
      row.recipient,
      row.subject,
      row.text,
      row.html,
      JSON.stringify(row.headers),
      row.template,
      row.status,
      row.error,
      row.createdAt,
    )
    .first<Pick<Tables['outbox'], 'id'>>();
  return inserted!.id;
}

export async function recordDelivery(db: D1Database, tenantId: string, id: number, delivery: Delivery, now: Date): Promise<void> {
  await db
    .prepare('UPDATE outbox SET status = ?, error = ?, sent_at = ? WHERE id = ? AND tenant_id = ?')
    .bind(delivery.ok ? 'sent' : 'failed', delivery.ok ? null : delivery.error, delivery.ok ? now.toISOString() : null, id, tenantId)
    .run();
}
