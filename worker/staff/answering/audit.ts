import type { AuditEntry } from '../../auth/staff-session';

/**
 * An audit row written only when `condition` holds at that point of the batch (e.g. "the claim is mine now", "the
 * message of this send exists"): an action that did not happen (a lost claim race, a guard that refused) leaves no
 * row, and one that happened always has its row, because both are decided in the same batch.
 */
export function auditIf(db: D1Database, e: AuditEntry, condition: { sql: string; params: unknown[] }): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO staff_audit (staff_id, brand, action, target_type, target_id, detail, created_at) SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${condition.sql}`,
    )
    .bind(
      e.staffId,
      e.brand,
      e.action,
      e.targetType ?? null,
      e.targetId === undefined ? null : String(e.targetId),
      e.detail ? JSON.stringify(e.detail) : null,
      e.now.toISOString(),
      ...condition.params,
    );
}
