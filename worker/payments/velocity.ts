import {
  COOLING_MINUTES,
  DECLINE_BURST,
  LOOK_BACK_MINUTES,
  PURCHASE_LIMITS,
  purchaseVerdict,
  type AttemptWindow,
} from '../../core/rules/purchase-velocity';
import { ApiFailure } from '../errors';

/**
 * Against card testing (issue 44, item 8; the numbers: core/rules/purchase-velocity.ts). Every order is an attempt;
 * the order's INSERT (orders.ts placeOrder) carries `VELOCITY_CONDITION`, so it counts the member's, the address's
 * and the card's attempts and the member's recent declines and inserts only within the limits: D1 runs one statement
 * at a time, so of 50 attempts at once no more than the limit are placed. A refused insert is then explained with
 * the same rule in plain code (`refusal`), only to word the answer.
 */

/** What the INSERT binds after its own parameters, in this order (?21 to ?25 there). */
export interface AttemptKeys {
  ip: string | null;
  card: string | null;
}

const MINUTE = 60_000;
const since = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE).toISOString();

/** The bound values of the condition: ip, card, then the start of each window and of the declines looked at. */
export function velocityBindings(keys: AttemptKeys, now: Date): [string | null, string | null, string, string, string] {
  return [keys.ip, keys.card, since(now, 10), since(now, 24 * 60), since(now, COOLING_MINUTES)];
}

const windowParam = (w: AttemptWindow) => (w.minutes === 10 ? '?23' : '?24');
const within = (column: string, key: string, windows: readonly AttemptWindow[]) =>
  windows
    .map((w) => `(SELECT COUNT(*) FROM orders WHERE tenant_id = ?1 AND ${column} = ${key} AND created_at > ${windowParam(w)}) < ${w.limit}`)
    .join(' AND ');
const DECLINED = "status = 'failed' AND provider_payment_id IS NOT NULL";

/**
 * The condition, with ?1 the tenant and ?2 the member as in placeOrder. A burst is DECLINE_BURST.declines declines
 * within DECLINE_BURST.withinMinutes ending at a decline of the last COOLING_MINUTES.
 */
export const VELOCITY_CONDITION = `
  ${within('member_id', '?2', PURCHASE_LIMITS.member)}
  AND (?21 IS NULL OR (${within('ip', '?21', PURCHASE_LIMITS.ip)}))
  AND (?22 IS NULL OR (${within('card_fingerprint', '?22', PURCHASE_LIMITS.card)}))
  AND NOT EXISTS (SELECT 1 FROM orders d WHERE d.tenant_id = ?1 AND d.member_id = ?2 AND d.${DECLINED} AND d.updated_at > ?25
        AND (SELECT COUNT(*) FROM orders e WHERE e.tenant_id = ?1 AND e.member_id = ?2 AND e.${DECLINED} AND e.updated_at <= d.updated_at
              AND e.updated_at > strftime('%Y-%m-%dT%H:%M:%fZ', d.updated_at, '-${DECLINE_BURST.withinMinutes * 60} seconds')) >= ${DECLINE_BURST.declines})`;

async function times(db: D1Database, sql: string, ...binds: unknown[]): Promise<Date[]> {
  const { results } = await db
    .prepare(sql)
    .bind(...binds)
    .all<{ at: string }>();
  return results.map((r) => new Date(r.at));
}

/**
 * Why an order the velocity condition may have refused was not placed: the ApiFailure to answer with, or null
 * when no velocity rule refuses it (the caller's other condition did).
 */
export async function refusal(
  db: D1Database,
  tenantId: string,
  memberId: number,
  keys: AttemptKeys,
  now: Date,
): Promise<ApiFailure | null> {
  const day = since(now, LOOK_BACK_MINUTES);
  const declinesSince = since(now, COOLING_MINUTES + DECLINE_BURST.withinMinutes);
  const verdict = purchaseVerdict(
    {
      member: await times(
        db,
        'SELECT created_at AS at FROM orders WHERE tenant_id = ? AND member_id = ? AND created_at > ?',
        tenantId,
        memberId,
        day,
      ),
      ip: keys.ip
        ? await times(db, 'SELECT created_at AS at FROM orders WHERE tenant_id = ? AND ip = ? AND created_at > ?', tenantId, keys.ip, day)
        : null,
      card: keys.card
        ? await times(
            db,
            'SELECT created_at AS at FROM orders WHERE tenant_id = ? AND card_fingerprint = ? AND created_at > ?',
            tenantId,
            keys.card,
            day,
          )
        : null,
      declines: await times(
        db,
        `SELECT updated_at AS at FROM orders WHERE tenant_id = ? AND member_id = ? AND ${DECLINED} AND updated_at > ?`,
        tenantId,
        memberId,
        declinesSince,
      ),
    },
    now,
  );
  if (verdict.allowed) return null;
  const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
  if (verdict.reason === 'cooling') return new ApiFailure(429, 'purchase_paused', 'errors.purchase_paused', undefined, { minutes });
  return new ApiFailure(429, 'purchase_limited', 'errors.purchase_limited', undefined, { minutes });
}

/** The card of an attempt where it is known before the payment: the stored token a repeat purchase charges. */
export const mandateFingerprint = (mandate: { provider: string; mandate_id: string } | undefined) =>
  mandate ? `${mandate.provider}:${mandate.mandate_id}` : null;

/** A provider that tells the card only after the payment (a decline's fingerprint) records it, so later attempts count it. */
export async function recordCardFingerprint(db: D1Database, tenantId: string, orderId: number, fingerprint: string): Promise<void> {
  await db
    .prepare('UPDATE orders SET card_fingerprint = ? WHERE id = ? AND tenant_id = ? AND card_fingerprint IS NULL')
    .bind(fingerprint, orderId, tenantId)
    .run();
}
