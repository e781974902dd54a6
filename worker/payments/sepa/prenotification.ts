import { maskIban } from '../../../core/rules/iban';
import type { Language } from '../../../core/constants';
import { intlLocale } from '../../../core/rules/language';
import type { Tenant } from '../../../core/schemas/tenant';
import type { Tables } from '../../db/tables';

/**
 * The pre-notification of a SEPA debit (issue 44 item 10): the same facts as the mandate text the member signed, in
 * the order's confirmation mail, which leaves before the debit date (at least the creditor's lead days before it):
 * the creditor and its identifier, the amount, the debit date, the account and the mandate reference.
 * Null when the order has no debit of the brand as creditor.
 */
export async function sepaPrenotice(
  db: D1Database,
  tenant: Tenant,
  orderId: number,
  language: Language,
  money: (cents: number) => string,
): Promise<Record<string, string> | null> {
  const sepa = tenant.payments.sepa;
  if (!sepa) return null;
  const debit = await db
    .prepare(
      `SELECT d.amount, d.collection_date, d.mandate_reference, m.creditor_id, m.debtor_iban FROM sepa_debits d
         JOIN sepa_mandates m ON m.tenant_id = d.tenant_id AND m.reference = d.mandate_reference
        WHERE d.tenant_id = ? AND d.order_id = ?`,
    )
    .bind(tenant.id, orderId)
    .first<
      Pick<Tables['sepa_debits'], 'amount' | 'collection_date' | 'mandate_reference'> &
        Pick<Tables['sepa_mandates'], 'creditor_id' | 'debtor_iban'>
    >();
  if (!debit) return null;
  const date = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' });
  return {
    creditor: sepa.creditor_name,
    creditor_id: debit.creditor_id,
    debit_amount: money(debit.amount),
    debit_date: date.format(new Date(`${debit.collection_date}T00:00:00Z`)),
    iban: maskIban(debit.debtor_iban),
    reference: debit.mandate_reference,
  };
}
