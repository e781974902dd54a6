import { marketRule } from '../../core/markets/tighten';
import type { CANCELLABLE_CONTRACTS, CANCELLATION_KINDS } from '../../core/markets/cancellation';
import { mailTo } from '../http/helpers';
import type { AppContext } from '../context';
import { describeError, log } from '../log';
import type { SessionMember } from '../auth/sessions';

/**
 * "Verträge hier kündigen" (§ 312k BGB, issue 45 item 4): the member's cancellation is stored with the time it was
 * received, takes effect where the engine holds the contract (a stored payment method stops at once: no one-click
 * purchase after it), and is confirmed by mail to the member's own address with date and time, so they can keep it.
 * Premium status has no running fee in the engine: its cancellation is recorded for the brand to act on.
 */
export interface Cancellation {
  name: string;
  contract: (typeof CANCELLABLE_CONTRACTS)[number];
  kind: (typeof CANCELLATION_KINDS)[number];
}

export async function cancelContract(c: AppContext, member: SessionMember, cancellation: Cancellation) {
  const tenant = c.get('tenant');
  const db = c.env.DB;
  const received = c.get('now').toISOString();
  const steps = [
    db
      .prepare(
        'INSERT INTO contract_cancellations (tenant_id, member_id, contract, kind, name, email, received_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
      )
      .bind(tenant.id, member.id, cancellation.contract, cancellation.kind, cancellation.name, member.email, received),
  ];
  if (cancellation.contract !== 'premium')
    steps.push(
      db
        .prepare("UPDATE payment_mandates SET status = 'invalid' WHERE tenant_id = ? AND member_id = ? AND status = 'valid'")
        .bind(tenant.id, member.id),
    );
  const [inserted] = await db.batch<{ id: number }>(steps);
  const reference = `K-${inserted.results[0].id}`;
  try {
    await mailTo(c, member.email, null, 'contract_cancelled', {
      reference,
      name: cancellation.name,
      contract: c.get('t')(`cancel.contract_${cancellation.contract}`),
      kind: c.get('t')(`cancel.kind_${cancellation.kind}`),
      date: receivedText(c, received),
    });
  } catch (error) {
    // Stored and in effect; the confirmation page shows the same facts. A mail that failed is logged for support.
    log(c, 'error', 'cancellation mail failed', describeError(error));
  }
  return {
    reference,
    contract: cancellation.contract,
    kind: cancellation.kind,
    name: cancellation.name,
    email: member.email,
    received_at: received,
  };
}

/** "29.11.2026, 12:05 MEZ": the date and time received, in the member's language and their market's time zone. */
function receivedText(c: AppContext, iso: string): string {
  const zone = marketRule(c.get('country'), c.get('tenant').market_rules).time_zone;
  return new Intl.DateTimeFormat(c.get('language'), { dateStyle: 'long', timeStyle: 'long', timeZone: zone }).format(new Date(iso));
}
