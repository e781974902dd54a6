import { maskIban, normalizeIban } from '../../../core/rules/iban';
import { sepaDebitDate } from '../../../core/rules/sepa';
import type { Tables } from '../../db/tables';
import { ProviderError } from '../provider-error';
import type {
  CreatePayment,
  DirectDebitMandateRequest,
  PaymentProvider,
  ProviderMandate,
  ProviderPayment,
  RefundRequest,
} from '../provider-types';

/**
 * The brand as its own SEPA creditor ('sepa', docs/decisions/013-adult-acquirers.md): no payment service in between.
 * The engine keeps the mandate the member signed with the SMS code (sepa_mandates) and schedules one debit per order
 * (sepa_debits); the collector (collect.ts) hands each collection day's debits to the brand's bank as a pain.008 file;
 * a bank's return (returns.ts) reverses the order through the shared ledger path.
 *
 * Credits are granted when the order is placed on a signed mandate, as before: a scheduled debit reads as paid. The
 * risk of a return is carried by what existed already: the 30-day limit per member, the blocks, the SMS code; a return
 * takes the unspent credits back and blocks the account.
 */
export type SepaDebit = Tables['sepa_debits'];

const PAYMENT_PREFIX = 'sdd_';

export class SepaCreditor implements PaymentProvider {
  readonly name = 'sepa' as const;

  constructor(
    private readonly db: D1Database,
    private readonly tenantId: string,
    private readonly config: { creditorId: string; leadDays: number },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Keeps the signed mandate under the reference its text named. The same reference again (a second code for the same
   * preview) is the same mandate, if it is the same member's and account's; anything else is refused.
   */
  async createDirectDebitMandate(request: DirectDebitMandateRequest): Promise<ProviderMandate> {
    const signed = request.signed;
    if (!signed) throw new ProviderError('sepa: a mandate needs the reference of the text the member signed');
    const iban = normalizeIban(request.iban);
    const row = await this.db
      .prepare(
        `INSERT INTO sepa_mandates (tenant_id, reference, creditor_id, member_id, debtor_name, debtor_iban, signed_at, first_debit_date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id, reference) DO UPDATE SET reference = reference
         RETURNING member_id, debtor_iban, status`,
      )
      .bind(this.tenantId, signed.reference, this.config.creditorId, signed.memberId, request.holder, iban, signed.at, signed.debitDate)
      .first<Pick<Tables['sepa_mandates'], 'member_id' | 'debtor_iban' | 'status'>>();
    if (!row || row.member_id !== signed.memberId || row.debtor_iban !== iban || row.status !== 'valid')
      throw new ProviderError(`sepa: mandate ${signed.reference} belongs to another account or is revoked`);
    return { customerId: null, mandateId: signed.reference, method: 'directdebit', label: maskIban(iban), valid: true };
  }

  /**
   * Schedules the order's debit on a signed mandate: never before the date the mandate text promised, nor before the
   * creditor's lead days allow. The first debit on a mandate is FRST, later ones RCUR. No checkout: SEPA without a
   * mandate (a card-style checkout) is not something a creditor can do.
   */
  async create(request: CreatePayment): Promise<{ id: string; checkoutUrl: string | null }> {
    if (request.sequenceType !== 'recurring' || !request.mandateId)
      throw new ProviderError('sepa: a debit needs a signed mandate (the direct-debit form)');
    if (request.currency !== 'EUR') throw new ProviderError('sepa: only euro debits');
    const mandate = await this.db
      .prepare("SELECT first_debit_date FROM sepa_mandates WHERE tenant_id = ? AND reference = ? AND status = 'valid'")
      .bind(this.tenantId, request.mandateId)
      .first<Pick<Tables['sepa_mandates'], 'first_debit_date'>>();
    if (!mandate) throw new ProviderError(`sepa: no valid mandate ${request.mandateId}`);
    const now = this.now();
    const earliest = sepaDebitDate(now, this.config.leadDays);
    const date = [mandate.first_debit_date, earliest].sort()[1];
    // One debit per order (a retried create finds the same); FRST unless the mandate was collected on before.
    const row = await this.db
      .prepare(
        `INSERT INTO sepa_debits (tenant_id, order_id, mandate_reference, amount, currency, collection_date, sequence, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6,
           CASE WHEN EXISTS (SELECT 1 FROM sepa_debits WHERE tenant_id = ?1 AND mandate_reference = ?3 AND status <> 'cancelled') THEN 'RCUR' ELSE 'FRST' END, ?7)
         ON CONFLICT (tenant_id, order_id) DO UPDATE SET order_id = order_id RETURNING id`,
      )
      .bind(this.tenantId, request.metadata.order_id, request.mandateId, request.amount, request.currency, date, now.toISOString())
      .first<Pick<SepaDebit, 'id'>>();
    return { id: `${PAYMENT_PREFIX}${row!.id}`, checkoutUrl: null };
  }

  /** A scheduled, submitted or returned debit reads as paid (a return moves the order itself: returns.ts). */
  async get(id: string): Promise<ProviderPayment | null> {
    const debit = await this.debit(id);
    if (!debit) return null;
    const label = await this.db
      .prepare('SELECT debtor_iban FROM sepa_mandates WHERE tenant_id = ? AND reference = ?')
      .bind(this.tenantId, debit.mandate_reference)
      .first<Pick<Tables['sepa_mandates'], 'debtor_iban'>>();
    return {
      id,
      status: debit.status === 'cancelled' ? 'canceled' : 'paid',
      amount: debit.amount,
      currency: debit.currency,
      metadata: { tenant: this.tenantId, order_id: debit.order_id },
      mandate: {
        customerId: null,
        mandateId: debit.mandate_reference,
        method: 'directdebit',
        label: label ? maskIban(label.debtor_iban) : '',
        valid: true,
      },
      checkoutUrl: null,
    };
  }

  /** A debit not yet in a file is taken out of the next one; one already sent is left (the bank has it). */
  async cancel(id: string): Promise<void> {
    const debitId = idOf(id);
    if (debitId === null) return;
    await this.db
      .prepare("UPDATE sepa_debits SET status = 'cancelled' WHERE id = ? AND tenant_id = ? AND status = 'scheduled'")
      .bind(debitId, this.tenantId)
      .run();
  }

  /**
   * A refund staff gave: the creditor owes the money back by credit transfer from the brand's account (the dev page
   * lists it; a pain.001 export is not built yet). Recorded once per idempotency key; a returned debit has nothing
   * to refund.
   */
  async refund(request: RefundRequest): Promise<{ id: string }> {
    const debitId = idOf(request.paymentId);
    const row = await this.db
      .prepare(
        `INSERT INTO sepa_refunds (tenant_id, debit_id, amount, idempotency_key, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM sepa_debits WHERE id = ?2 AND tenant_id = ?1 AND status IN ('scheduled', 'submitted'))
         ON CONFLICT (tenant_id, idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key RETURNING id`,
      )
      .bind(this.tenantId, debitId, request.amount, request.idempotencyKey, this.now().toISOString())
      .first<Pick<Tables['sepa_refunds'], 'id'>>();
    if (!row) throw new ProviderError(`sepa refund: debit ${request.paymentId} was not collected`);
    return { id: `sddr_${row.id}` };
  }

  private debit(id: string) {
    const debitId = idOf(id);
    if (debitId === null) return Promise.resolve(null);
    return this.db.prepare('SELECT * FROM sepa_debits WHERE id = ? AND tenant_id = ?').bind(debitId, this.tenantId).first<SepaDebit>();
  }
}

/** The debit's row id in a payment id 'sdd_<id>', or null. */
export function idOf(paymentId: string): number | null {
  const match = /^sdd_(\d{1,15})$/.exec(paymentId);
  return match ? Number(match[1]) : null;
}

export const debitPaymentId = (debitId: number) => `${PAYMENT_PREFIX}${debitId}`;
