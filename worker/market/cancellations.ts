import { marketRule } from '../../core/markets/tighten';
import type { CANCELLABLE_CONTRACTS, CANCELLATION_KINDS } from '../../core/markets/cancellation';
import { mailTo } from '../http/helpers';
import type { AppContext } from '../context';
import { describeError, log } from '../log';
import type { SessionMember } from '../auth/sessions';

/**
 * "Verträge hier kündigen" (§ 312k BGB, issue 45 item 4): the cancellation is stored with the time it was received,
 * takes effect where the engine holds the contract (a stored payment method stops at once: no one-click purchase
 * after it), and is confirmed by mail with date and time, so it can be kept. Premium status has no running fee in
 * the engine: its cancellation is recorded for the brand to act on.
 *
 * The law wants the path without a login, so a visitor may send it with a name and an e-mail address. It then
 * applies to the member with that address on this brand, if any, and the confirmation mail goes only to a member's
 * own address: never to an address nobody registered (that would make the form a way to mail strangers). The answer
 * is the same either way, so the form does not tell who is a member.
 */
export interface Cancellation {
  name: string;
  contract: (typeof CANCELLABLE_CONTRACTS)[number];
  kind: (typeof CANCELLATION_KINDS)[number];
}

/** Who sends it: the session's member, or a visitor naming an address. */
export type Canceller = { member: SessionMember } | { email: string };

export async function cancelContract(c: AppContext, by: Canceller, cancellation: Cancellation) {
  const tenant = c.get('tenant');
  const db = c.env.DB;
  const received = c.get('now').toISOString();
  const email = 'member' in by ? by.member.email : by.email;
  // ?2 is the session's member id, or the visitor's address whose member (NULL: no one) the statement looks up.
  const who = 'member' in by ? by.member.id : by.email;
  const memberId = 'member' in by ? '?2' : '(SELECT id FROM members WHERE tenant_id = ?1 AND email = ?2)';
  const source = 'member' in by ? 'member' : 'visitor';
  const steps = [
    db
      .prepare(
        `INSERT INTO contract_cancellations (tenant_id, member_id, contract, kind, name, email, received_at, source)
         VALUES (?1, ${memberId}, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id, member_id`,
      )
      .bind(tenant.id, who, cancellation.contract, cancellation.kind, cancellation.name, email, received, source),
  ];
  if (cancellation.contract !== 'premium')
    steps.push(
      db
        .prepare(`UPDATE payment_mandates SET status = 'invalid' WHERE tenant_id = ?1 AND member_id = ${memberId} AND status = 'valid'`)
        .bind(tenant.id, who),
    );
  const [inserted] = await db.batch<{ id: number; member_id: number | null }>(steps);
  const row = inserted.results[0];
  const reference = `K-${row.id}`;
  if (row.member_id !== null) await mailConfirmation(c, email, reference, cancellation, received);
  return { reference, contract: cancellation.contract, kind: cancellation.kind, name: cancellation.name, email, received_at: received };
}

/** The confirmation mail with date and time; stored and in effect whether it goes out or not (the page shows the same). */
async function mailConfirmation(c: AppContext, email: string, reference: string, cancellation: Cancellation, received: string) {
  try {
    await mailTo(c, email, null, 'contract_cancelled', {
      reference,
      name: cancellation.name,
      contract: c.get('t')(`cancel.contract_${cancellation.contract}`),
      kind: c.get('t')(`cancel.kind_${cancellation.kind}`),
      date: receivedText(c, received),
    });
  } catch (error) {
    log(c, 'error', 'cancellation mail failed', describeError(error));
  }
}

/** "29.11.2026, 12:05 MEZ": the date and time received, in the member's language and their market's time zone. */
function receivedText(c: AppContext, iso: string): string {
  const zone = marketRule(c.get('country'), c.get('tenant').market_rules).time_zone;
  return new Intl.DateTimeFormat(c.get('language'), { dateStyle: 'long', timeStyle: 'long', timeZone: zone }).format(new Date(iso));
}
