import { attributedClick } from '../../core/rules/attribution';
import type { PostbackEvent } from '../../core/rules/postback-template';
import type { Tables } from '../db/tables';
import { clickById } from './clicks';
import { enqueuePostback } from './postbacks';
import { forgetReversedHours } from './traffic-rollup';

/**
 * Conversions (issue 47 item 2): what a member brought by a paid click did. The click is chosen once, at signup
 * (core/rules/attribution.ts), and kept in member_clicks for the member's lifetime, so later purchases count for
 * the same network (revenue share). Each conversion is one conditional INSERT, unique per member, event and
 * reference: repeated or concurrent calls record it once, and only the call that recorded it queues the postback.
 * A member without a click (direct) records nothing.
 */
export type ConversionEvent = 'signup' | 'confirm' | 'first_message' | 'first_purchase' | 'purchase';

const POSTBACK_OF: Partial<Record<ConversionEvent, PostbackEvent>> = { confirm: 'lead', first_purchase: 'sale', purchase: 'rebill' };

type Conversion = Pick<
  Tables['conversions'],
  'id' | 'network_id' | 'click_id' | 'event' | 'order_id' | 'amount' | 'currency' | 'created_at'
>;

/** At signup: the visitor's click (the click cookie's id) if it is within its window, fixed for life; then 'signup'. */
export async function attributeSignup(env: Env, tenantId: string, memberId: number, clickId: string | null, now: Date): Promise<boolean> {
  const click = clickId ? await clickById(env.DB, tenantId, clickId) : null;
  const chosen = attributedClick(
    click ? [{ id: click.id, networkId: click.network_id, at: click.created_at, windowDays: click.attribution_days }] : [],
    now,
  );
  if (!chosen) return false;
  await env.DB.prepare(
    'INSERT INTO member_clicks (tenant_id, member_id, click_id, network_id, attributed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
  )
    .bind(tenantId, memberId, chosen.id, chosen.networkId, now.toISOString())
    .run();
  await recordConversion(env, tenantId, memberId, 'signup', {}, now);
  return true;
}

export interface ConversionDetails {
  orderId?: number;
  amount?: number;
  currency?: string;
}

/** Records the event for an attributed member (once) and queues its postback; nothing for a direct member. */
export async function recordConversion(
  env: Env,
  tenantId: string,
  memberId: number,
  event: ConversionEvent,
  details: ConversionDetails,
  now: Date,
): Promise<void> {
  const ref = details.orderId === undefined ? 'member' : `order:${details.orderId}`;
  const row = await env.DB.prepare(
    `INSERT INTO conversions (tenant_id, member_id, network_id, click_id, event, ref, order_id, amount, currency, created_at)
     SELECT ?1, ?2, network_id, click_id, ?3, ?4, ?5, ?6, ?7, ?8 FROM member_clicks WHERE tenant_id = ?1 AND member_id = ?2
     ON CONFLICT DO NOTHING
     RETURNING id, network_id, click_id, event, order_id, amount, currency, created_at`,
  )
    .bind(tenantId, memberId, event, ref, details.orderId ?? null, details.amount ?? 0, details.currency ?? null, now.toISOString())
    .first<Conversion>();
  const postback = POSTBACK_OF[event];
  if (row && postback) await enqueuePostback(env, tenantId, row, postback, details.orderId === undefined ? `member:${memberId}` : ref, now);
}

/** A paid order: the first purchase (the order that made the member premium) is a sale, any later one a rebill. */
export function recordPurchase(
  env: Env,
  tenantId: string,
  order: { id: number; member_id: number; amount: number; currency: string },
  now: Date,
): Promise<void> {
  return env.DB.prepare('SELECT made_premium FROM orders WHERE id = ? AND tenant_id = ?')
    .bind(order.id, tenantId)
    .first<Pick<Tables['orders'], 'made_premium'>>()
    .then((o) =>
      recordConversion(
        env,
        tenantId,
        order.member_id,
        o?.made_premium === 1 ? 'first_purchase' : 'purchase',
        {
          orderId: order.id,
          amount: order.amount,
          currency: order.currency,
        },
        now,
      ),
    );
}

/**
 * Money that went back (a staff refund, a provider's refund or chargeback): the order's conversion is marked
 * reversed once, and inside its network's hold period the reversal postback is queued (where the network has a
 * reversal template; without one the mark is what the figures and the payout read). In the same batch the hour of
 * the conversion leaves the funnel's hourly rollup, so today's figures show the reversal at once.
 */
export async function reverseOrder(env: Env, tenantId: string, orderId: number, kind: 'refund' | 'chargeback', now: Date): Promise<void> {
  const at = now.toISOString();
  const [reversed] = await env.DB.batch<Conversion>([
    env.DB.prepare(
      `UPDATE conversions SET reversed_at = ?3, reversal_kind = ?4
        WHERE tenant_id = ?1 AND order_id = ?2 AND reversed_at IS NULL AND event IN ('first_purchase', 'purchase')
        RETURNING id, network_id, click_id, event, order_id, amount, currency, created_at`,
    ).bind(tenantId, orderId, at, kind),
    ...forgetReversedHours(env.DB, tenantId, orderId, at),
  ]);
  const row = reversed?.results[0];
  if (!row) return;
  const network = await env.DB.prepare('SELECT hold_days FROM traffic_networks WHERE id = ? AND tenant_id = ?')
    .bind(row.network_id, tenantId)
    .first<Pick<Tables['traffic_networks'], 'hold_days'>>();
  if (!network || now.getTime() - Date.parse(row.created_at) > network.hold_days * 86_400_000) return;
  await enqueuePostback(env, tenantId, row, 'reversal', `order:${orderId}`, now);
}
