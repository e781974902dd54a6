import { type PostbackEvent, type PostbackValues, renderPostback } from '../../core/rules/postback-template';
import type { Tables } from '../db/tables';
import { logEvent } from '../log';

/**
 * Postbacks to affiliate networks (issue 47 item 4), the producer's side. A conversion that a network's template
 * asks for becomes one `postbacks` row, unique per network, event and order (the conditional INSERT is the
 * idempotency key: a replayed webhook, a concurrent settle or a retried request queue nothing twice), and one
 * message on the POSTBACKS queue. The URL is rendered here, once, from the tokens the template names and nothing
 * else (item 7); the consumer (postback-queue.ts) delivers it with retries. A member never waits on a network.
 */
export interface PostbackMessage {
  tenant: string;
  postback: number;
}

type Network = Pick<
  Tables['traffic_networks'],
  'lead_url' | 'sale_url' | 'rebill_url' | 'reversal_url' | 'payout_model' | 'payout_amount' | 'revshare_percent'
>;
type Click = Pick<Tables['clicks'], 'network_click_id' | 'campaign' | 'sub1' | 'sub2' | 'sub3' | 'sub4' | 'sub5'>;

const TEMPLATE: Record<PostbackEvent, keyof Network> = {
  lead: 'lead_url',
  sale: 'sale_url',
  rebill: 'rebill_url',
  reversal: 'reversal_url',
};

const money = (cents: number) => (cents / 100).toFixed(2);

/** What the network is owed for this event by its payout model (a reversal claws back what the sale paid). */
export function payoutOf(network: Network, event: PostbackEvent, amount: number): number {
  if (network.payout_model === 'cpl') return event === 'lead' ? network.payout_amount : 0;
  if (network.payout_model === 'cpa') return event === 'sale' || event === 'reversal' ? network.payout_amount : 0;
  return event === 'lead' ? 0 : Math.round((amount * network.revshare_percent) / 100);
}

export async function enqueuePostback(
  env: Env,
  tenantId: string,
  conversion: Pick<Tables['conversions'], 'id' | 'network_id' | 'click_id' | 'order_id' | 'amount' | 'currency'>,
  event: PostbackEvent,
  orderKey: string,
  now: Date,
): Promise<void> {
  const db = env.DB;
  const [network, click] = await Promise.all([
    db
      .prepare(
        'SELECT lead_url, sale_url, rebill_url, reversal_url, payout_model, payout_amount, revshare_percent FROM traffic_networks WHERE id = ? AND tenant_id = ?',
      )
      .bind(conversion.network_id, tenantId)
      .first<Network>(),
    conversion.click_id
      ? db
          .prepare('SELECT network_click_id, campaign, sub1, sub2, sub3, sub4, sub5 FROM clicks WHERE id = ? AND tenant_id = ?')
          .bind(conversion.click_id, tenantId)
          .first<Click>()
      : null,
  ]);
  const template = network?.[TEMPLATE[event]];
  if (!network || typeof template !== 'string' || !template) return;
  const values: PostbackValues = {
    click_id: click?.network_click_id ?? '',
    event,
    order_id: conversion.order_id === null ? '' : String(conversion.order_id),
    amount: money(conversion.amount),
    currency: conversion.currency ?? '',
    payout: money(payoutOf(network, event, conversion.amount)),
    campaign: click?.campaign ?? '',
    sub1: click?.sub1 ?? '',
    sub2: click?.sub2 ?? '',
    sub3: click?.sub3 ?? '',
    sub4: click?.sub4 ?? '',
    sub5: click?.sub5 ?? '',
  };
  const row = await db
    .prepare(
      `INSERT INTO postbacks (tenant_id, network_id, conversion_id, event, order_key, url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING RETURNING id`,
    )
    .bind(tenantId, conversion.network_id, conversion.id, event, orderKey, renderPostback(template, values), now.toISOString())
    .first<{ id: number }>();
  if (!row) return;
  try {
    await env.POSTBACKS.send({ tenant: tenantId, postback: row.id } satisfies PostbackMessage, { contentType: 'json' });
  } catch (error) {
    // The row stays queued: the hourly sweep (postback-queue.ts requeueStale) sends it again.
    logEvent('error', 'postback not queued', { tenant: tenantId, postback: row.id, error: String(error) });
  }
}
