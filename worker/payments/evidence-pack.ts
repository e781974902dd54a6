import { strToU8, zipSync } from 'fflate';
import type { Tenant } from '../../core/schemas/tenant';
import type { Tables } from '../db/tables';
import { creditsTakenBack } from './confirmation-mail';
import type { OrderRow } from './orders';
import { allRows } from '../db/batch';
import { sentByMember } from '../chat/sent-by';

/**
 * One order's evidence pack for a chargeback's representment (issue 44 item 5), downloaded by the brand's admins
 * (GET /api/staff/evidence.php): the order and the provider's references, where and on what the purchase was made,
 * the terms and the consent to immediate performance the member accepted, what the member did with the credits
 * after it, and their logins around it. Every query is bound to the brand and to this order's member: of other
 * members only the profile ids this member wrote to, never a text (the conversation logs' bodies are dropped where they are read, worker/chat/sent-by.ts).
 * What the data does not hold says so ("not recorded"): the device and the terms version are kept from migration
 * 0027 on; no provider of this engine reports a 3-D Secure result with its sale event.
 */

export const NOT_RECORDED = 'not recorded';
/** Logins this many days either side of the purchase. */
const LOGIN_WINDOW_DAYS = 30;

type Row = Record<string, unknown>;

const all = (db: D1Database, sql: string, ...binds: unknown[]) => allRows<Row>(db, sql, ...binds);

export async function collectEvidence(env: Env, db: D1Database, tenant: Tenant, order: OrderRow): Promise<Record<string, unknown>> {
  const member = await memberOf(db, tenant.id, order.member_id);
  const { providerEvents, terms, spends, messages, logins, takenBack } = await evidenceRows(
    env,
    db,
    tenant.id,
    order,
    member?.profile_id ?? -1,
  );
  const recipients = new Set(messages.map((row) => row.recipient_profile_id));
  return {
    brand: { id: tenant.id, name: tenant.settings.name, company: tenant.company.name, support_email: tenant.settings.support_email },
    order: {
      id: order.id,
      status: order.status,
      package_id: order.package_id,
      credits: order.credits,
      amount_cents: order.amount,
      currency: order.currency,
      method: order.method,
      discount_code: order.discount_code,
      created_at: order.created_at,
      paid_at: order.paid_at,
      refunded_at: order.refunded_at,
      refund_reason: order.refund_reason,
    },
    provider: { name: order.provider, payment_reference: order.provider_payment_id ?? NOT_RECORDED, events: providerEvents },
    purchase: {
      time: order.created_at,
      ip: order.ip ?? NOT_RECORDED,
      country: order.country,
      language: order.language,
      device: order.user_agent ?? NOT_RECORDED,
      card: order.card_fingerprint ?? NOT_RECORDED,
      three_d_secure: NOT_RECORDED,
      terms_version: order.terms_version ?? NOT_RECORDED,
      terms_consents_until_purchase: terms,
      // The order is placed only with the member's consent to immediate performance (OrderRequestSchema `consent`).
      consent_to_immediate_performance_at: order.consent_at,
    },
    member: member
      ? {
          id: member.id,
          profile_id: member.profile_id,
          name: member.name,
          email: member.email,
          signup_date: member.signup_date,
          activated_at: member.activated_at,
          status: member.status,
          blocked_at: member.blocked_at,
          purchases_blocked_at: member.purchases_blocked_at,
        }
      : null,
    credits: { of_order: order.credits, taken_back: takenBack, used_since_purchase: spends },
    messages_sent_after_purchase: { count: messages.length, recipients: recipients.size, messages },
    logins_around_purchase: { window_days: LOGIN_WINDOW_DAYS, sessions: logins },
  };
}

/** The member the order belongs to, with their profile. */
function memberOf(db: D1Database, tenantId: string, memberId: number) {
  return db
    .prepare(
      `SELECT m.id, m.email, m.signup_date, m.activated_at, m.status, m.blocked_at, m.purchases_blocked_at, p.id AS profile_id, p.name
         FROM members m LEFT JOIN profiles p ON p.member_id = m.id AND p.tenant_id = m.tenant_id WHERE m.id = ? AND m.tenant_id = ?`,
    )
    .bind(memberId, tenantId)
    .first<
      Pick<Tables['members'], 'id' | 'email' | 'signup_date' | 'activated_at' | 'status' | 'blocked_at' | 'purchases_blocked_at'> & {
        profile_id: number | null;
        name: string | null;
      }
    >();
}

/** The rows around the order, each query bound to the brand and to the order's member. */
async function evidenceRows(env: Env, db: D1Database, t: string, order: OrderRow, profileId: number) {
  const m = order.member_id;
  const since = order.paid_at ?? order.created_at;
  const at = new Date(order.created_at).getTime();
  const from = new Date(at - LOGIN_WINDOW_DAYS * 86_400_000).toISOString();
  const until = new Date(at + LOGIN_WINDOW_DAYS * 86_400_000).toISOString();
  const [providerEvents, terms, spends, messages, logins, takenBack] = await Promise.all([
    order.provider === 'ccbill' && order.provider_payment_id
      ? all(
          db,
          'SELECT kind, subscription_id, amount, currency, failure_code, created_at FROM ccbill_events WHERE tenant_id = ? AND reference = ? ORDER BY created_at',
          t,
          order.provider_payment_id,
        )
      : Promise.resolve([]),
    // The terms as the member accepted them up to the purchase (consents is append-only).
    all(
      db,
      "SELECT version, granted, language, created_at FROM consents WHERE tenant_id = ? AND member_id = ? AND kind = 'terms' AND created_at <= ? ORDER BY id",
      t,
      m,
      order.created_at,
    ),
    all(
      db,
      `SELECT reason, COUNT(*) AS entries, -SUM(delta) AS credits, MIN(created_at) AS first_at, MAX(created_at) AS last_at
         FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND delta < 0 AND created_at >= ? AND reason IN ('message', 'photo', 'gift')
        GROUP BY reason ORDER BY reason`,
      t,
      m,
      since,
    ),
    // Sent by this member only: when, to which profile, what kind and its cost; never the text, never what others
    // wrote. From the conversation logs (docs/decisions/016), not from D1's messages.
    sentByMember(env, db, t, { id: m, profileId }, since, 1000),
    all(
      db,
      'SELECT created_at, expires_at, revoked_at FROM sessions WHERE tenant_id = ? AND member_id = ? AND created_at BETWEEN ? AND ? ORDER BY created_at',
      t,
      m,
      from,
      until,
    ),
    creditsTakenBack(db, t, order),
  ]);
  return { providerEvents, terms, spends, messages, logins, takenBack };
}

const esc = (value: unknown) =>
  String(value ?? '–').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A value as HTML: objects as definition lists, lists of rows as tables, the rest as escaped text. */
function html(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '<p>–</p>';
    const keys = Object.keys(value[0] as Row);
    const head = keys.map((k) => `<th>${esc(k)}</th>`).join('');
    const body = value.map((row) => `<tr>${keys.map((k) => `<td>${esc((row as Row)[k])}</td>`).join('')}</tr>`).join('');
    return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
  }
  if (value && typeof value === 'object')
    return `<dl>${Object.entries(value)
      .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${html(v)}</dd>`)
      .join('')}</dl>`;
  return esc(value);
}

/** The ZIP: evidence.json (the data) and evidence.html (the same, readable, for the acquirer's representment form). */
export function evidenceZip(evidence: Record<string, unknown>, orderId: number, now: Date): Uint8Array {
  const sections = Object.entries(evidence)
    .map(([part, value]) => `<section><h2>${esc(part.replaceAll('_', ' '))}</h2>${html(value)}</section>`)
    .join('\n');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Evidence, order ${orderId}</title>
<style>body{font:14px/1.4 sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}dt{font-weight:bold}</style>
</head><body><h1>Evidence, order ${orderId}</h1><p>Made ${esc(now.toISOString())}.</p>
${sections}</body></html>`;
  return zipSync({ 'evidence.json': strToU8(JSON.stringify(evidence, null, 2)), 'evidence.html': strToU8(page) }, { level: 6, mtime: now });
}
