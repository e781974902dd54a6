import type { Complaint } from '../../core/schemas/complaints';
import type { Tables } from '../db/tables';

/** Stores a complaint; `proven` when its sender's address is known to be theirs (confirmed now). Answers its id. */
export async function storeComplaint(
  db: D1Database,
  tenantId: string,
  input: { memberId: number | null; complaint: Complaint; ip: string; at: Date; proven: boolean; language: string },
): Promise<number> {
  const { complaint, at } = input;
  const row = await db
    .prepare(
      `INSERT INTO complaints (tenant_id, member_id, subject, concerns, body, contact_email, contact_name, ip, created_at, confirmed_at, language)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      tenantId,
      input.memberId,
      complaint.subject,
      complaint.concerns ?? null,
      complaint.text,
      complaint.email,
      complaint.name,
      input.ip,
      at.toISOString(),
      input.proven ? at.toISOString() : null,
      input.language,
    )
    .first<Pick<Tables['complaints'], 'id'>>();
  return row!.id;
}

/** The sender proved the address: true once, for the first use of the link only. */
export async function confirmComplaint(db: D1Database, tenantId: string, id: number, now: Date): Promise<boolean> {
  const row = await db
    .prepare('UPDATE complaints SET confirmed_at = ? WHERE id = ? AND tenant_id = ? AND confirmed_at IS NULL RETURNING id')
    .bind(now.toISOString(), id, tenantId)
    .first<Pick<Tables['complaints'], 'id'>>();
  return row !== null;
}

export type ComplaintRow = Pick<Tables['complaints'], 'member_id' | 'subject' | 'concerns' | 'body' | 'contact_email' | 'contact_name'>;

export function findComplaint(db: D1Database, tenantId: string, id: number): Promise<ComplaintRow | null> {
  return db
    .prepare('SELECT member_id, subject, concerns, body, contact_email, contact_name FROM complaints WHERE id = ? AND tenant_id = ?')
    .bind(id, tenantId)
    .first<ComplaintRow>();
}
