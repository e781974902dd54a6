import type { PushSubscriptionInput } from '../../core/schemas/push';
import type { Tables } from '../db/tables';
import { namedBatch, writeOnly } from '../db/batch';

export type StoredSubscription = Pick<Tables['push_subscriptions'], 'id' | 'endpoint' | 'p256dh' | 'auth'>;

/** At most this many devices per member: the oldest subscription makes room (a browser reinstalled many times). */
const MAX_PER_MEMBER = 10;

/**
 * Stores (or moves to this member) a browser's subscription; an endpoint belongs to one member at a time. `also`
 * joins the batch (the consent log's row).
 */
export async function saveSubscription(
  db: D1Database,
  tenantId: string,
  memberId: number,
  sub: PushSubscriptionInput,
  now: Date,
  also: D1PreparedStatement[] = [],
): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO push_subscriptions (tenant_id, member_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id, endpoint) DO UPDATE SET member_id = excluded.member_id, p256dh = excluded.p256dh, auth = excluded.auth`,
      )
      .bind(tenantId, memberId, sub.endpoint, sub.keys.p256dh, sub.keys.auth, now.toISOString()),
    db
      .prepare(
        `DELETE FROM push_subscriptions WHERE tenant_id = ?1 AND member_id = ?2 AND id NOT IN
         (SELECT id FROM push_subscriptions WHERE tenant_id = ?1 AND member_id = ?2 ORDER BY id DESC LIMIT ?3)`,
      )
      .bind(tenantId, memberId, MAX_PER_MEMBER),
    ...also,
  ]);
}

export async function deleteSubscription(
  db: D1Database,
  tenantId: string,
  memberId: number,
  endpoint: string,
  also: D1PreparedStatement[] = [],
): Promise<number> {
  const { res } = await namedBatch(db, [
    [
      'res',
      db
        .prepare('DELETE FROM push_subscriptions WHERE tenant_id = ? AND member_id = ? AND endpoint = ?')
        .bind(tenantId, memberId, endpoint),
    ],
    ...writeOnly(also),
  ]);
  return res.meta.changes;
}

export async function subscriptionsOf(db: D1Database, tenantId: string, memberId: number): Promise<StoredSubscription[]> {
  const { results } = await db
    .prepare('SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE tenant_id = ? AND member_id = ?')
    .bind(tenantId, memberId)
    .all<StoredSubscription>();
  return results;
}

/** The push service said the subscription is gone (404/410): forget it. */
export async function dropSubscription(db: D1Database, id: number): Promise<void> {
  await db.prepare('DELETE FROM push_subscriptions WHERE id = ?').bind(id).run();
}
