import type { Order, OrderStatus } from '../../core/schemas/payments';
import { ApiFailure } from '../errors';

/** An order row as stored (migrations/0006_payments.sql). */
export interface OrderRow {
  id: number;
  tenant_id: string;
  member_id: number;
  package_id: number;
  credits: number;
  currency: string;
  list_price: number;
  amount: number;
  discount_code: string | null;
  discount_percentage: number | null;
  country: string;
  method: string;
  issuer: string | null;
  recurring: Order['recurring'];
  provider: string;
  provider_payment_id: string | null;
  status: OrderStatus;
  consent_at: string;
  language: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export const OPEN_STATUSES: readonly OrderStatus[] = ['created', 'pending'];

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    status: row.status,
    package_id: row.package_id,
    credits: row.credits,
    list_price: row.list_price,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    discount_code: row.discount_code,
    discount_percentage: row.discount_percentage,
    recurring: row.recurring,
    created_at: row.created_at,
    paid_at: row.paid_at,
  };
}

export type NewOrder = Omit<OrderRow, 'id' | 'tenant_id' | 'provider_payment_id' | 'status' | 'updated_at' | 'paid_at'>;

export async function insertOrder(db: D1Database, tenantId: string, o: NewOrder): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO orders (tenant_id, member_id, package_id, credits, currency, list_price, amount, discount_code, discount_percentage, country,
                           method, issuer, recurring, provider, status, consent_at, language, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'created', ?, ?, ?, ?) RETURNING id`,
    )
    .bind(tenantId, o.member_id, o.package_id, o.credits, o.currency, o.list_price, o.amount, o.discount_code, o.discount_percentage, o.country,
      o.method, o.issuer, o.recurring, o.provider, o.consent_at, o.language, o.created_at, o.created_at)
    .first<{ id: number }>();
  return row!.id;
}

/** The member's own order; another member's id answers exactly like an id that does not exist. */
export async function memberOrder(db: D1Database, tenantId: string, memberId: number, id: number): Promise<OrderRow> {
  const row = await db.prepare('SELECT * FROM orders WHERE id = ? AND tenant_id = ? AND member_id = ?').bind(id, tenantId, memberId).first<OrderRow>();
  if (!row) throw new ApiFailure(404, 'order_not_found', 'errors.order_not_found');
  return row;
}

export async function orderByPayment(db: D1Database, tenantId: string, provider: string, paymentId: string): Promise<OrderRow | null> {
  return db.prepare('SELECT * FROM orders WHERE tenant_id = ? AND provider = ? AND provider_payment_id = ?').bind(tenantId, provider, paymentId).first<OrderRow>();
}

export async function recentOrders(db: D1Database, tenantId: string, memberId: number): Promise<OrderRow[]> {
  const { results } = await db.prepare('SELECT * FROM orders WHERE tenant_id = ? AND member_id = ? ORDER BY id DESC LIMIT 20').bind(tenantId, memberId).all<OrderRow>();
  return results;
}

export async function attachPayment(db: D1Database, tenantId: string, orderId: number, paymentId: string, now: Date): Promise<void> {
  await db
    .prepare("UPDATE orders SET provider_payment_id = ?, status = 'pending', updated_at = ? WHERE id = ? AND tenant_id = ? AND status = 'created'")
    .bind(paymentId, now.toISOString(), orderId, tenantId)
    .run();
}

/** An order that never reached the provider (its payment could not be created) fails and frees its discount. */
export async function abandonOrder(db: D1Database, tenantId: string, orderId: number, now: Date): Promise<void> {
  await db.batch([
    db.prepare("UPDATE orders SET status = 'failed', updated_at = ? WHERE id = ? AND tenant_id = ? AND status = 'created'").bind(now.toISOString(), orderId, tenantId),
    db.prepare('DELETE FROM discount_redemptions WHERE tenant_id = ? AND order_id = ?').bind(tenantId, orderId),
  ]);
}

export interface Mandate {
  provider: string;
  customer_id: string | null;
  mandate_id: string;
  method: string;
  label: string;
}

export async function latestMandate(db: D1Database, tenantId: string, memberId: number, provider: string): Promise<Mandate | null> {
  return db
    .prepare("SELECT provider, customer_id, mandate_id, method, label FROM payment_mandates WHERE tenant_id = ? AND member_id = ? AND provider = ? AND status = 'valid' ORDER BY id DESC LIMIT 1")
    .bind(tenantId, memberId, provider)
    .first<Mandate>();
}
