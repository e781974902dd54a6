import { normalizeCreditorId } from '../../../core/rules/sepa';
import type { Tenant } from '../../../core/schemas/tenant';
import type { Tables } from '../../db/tables';
import { logEvent } from '../../log';
import { pain008, type Pain008Debit } from './pain008';

/**
 * Where a collection day's pain.008 file goes: the brand's bank. The local implementation keeps the files in R2 and
 * the dev page (/dev/sepa) lists them; a production one would upload them to the bank (EBICS, or the bank's file
 * API) and is not built: until it is, the brand's finance downloads them from the same R2 prefix.
 */
export interface SepaCollector {
  deliver(tenantId: string, key: string, xml: string): Promise<void>;
  list(tenantId: string): Promise<{ key: string; size: number; uploaded: string }[]>;
  read(tenantId: string, key: string): Promise<string | null>;
}

const PREFIX = 'sepa';

/** The files in the R2 bucket, under sepa/<brand>/<collection day>/<message id>.xml. */
export function r2Collector(bucket: R2Bucket): SepaCollector {
  return {
    async deliver(tenantId, key, xml) {
      if (!key.startsWith(`${PREFIX}/${tenantId}/`)) throw new Error('sepa: a file outside the brand');
      await bucket.put(key, xml, { httpMetadata: { contentType: 'application/xml' } });
    },
    async list(tenantId) {
      const listed = await bucket.list({ prefix: `${PREFIX}/${tenantId}/`, limit: 200 });
      return listed.objects.map((o) => ({ key: o.key, size: o.size, uploaded: o.uploaded.toISOString() }));
    },
    async read(tenantId, key) {
      if (!key.startsWith(`${PREFIX}/${tenantId}/`)) return null;
      const object = await bucket.get(key);
      return object ? object.text() : null;
    },
  };
}

type Due = Pick<Tables['sepa_debits'], 'id' | 'order_id' | 'amount' | 'mandate_reference' | 'sequence' | 'collection_date'> &
  Pick<Tables['sepa_mandates'], 'debtor_name' | 'debtor_iban' | 'signed_at'>;

/**
 * Makes one pain.008 file per collection day of the brand's scheduled debits and delivers it. The debits are claimed
 * for the file first (one conditional UPDATE: two runs at once never put a debit in two files); a delivery that
 * fails puts them back for the next run. Returns the files' keys.
 */
export async function collectScheduled(db: D1Database, tenant: Tenant, collector: SepaCollector, now: Date): Promise<string[]> {
  const sepa = tenant.payments.sepa;
  if (!sepa) return [];
  const days = await db
    .prepare("SELECT DISTINCT collection_date FROM sepa_debits WHERE tenant_id = ? AND status = 'scheduled' ORDER BY collection_date")
    .bind(tenant.id)
    .all<Pick<Tables['sepa_debits'], 'collection_date'>>();
  const keys: string[] = [];
  for (const { collection_date: day } of days.results) {
    const messageId = `${tenant.id.slice(0, 12).toUpperCase()}-${day.replace(/-/g, '')}-${crypto.randomUUID().slice(0, 8)}`;
    const key = `${PREFIX}/${tenant.id}/${day}/${messageId}.xml`;
    const claimed = await db
      .prepare(
        `UPDATE sepa_debits SET status = 'submitted', file_key = ? WHERE tenant_id = ? AND status = 'scheduled' AND collection_date = ?
         RETURNING id`,
      )
      .bind(key, tenant.id, day)
      .all<Pick<Tables['sepa_debits'], 'id'>>();
    if (claimed.results.length === 0) continue;
    const due = await db
      .prepare(
        `SELECT d.id, d.order_id, d.amount, d.mandate_reference, d.sequence, d.collection_date, m.debtor_name, m.debtor_iban, m.signed_at
           FROM sepa_debits d JOIN sepa_mandates m ON m.tenant_id = d.tenant_id AND m.reference = d.mandate_reference
          WHERE d.tenant_id = ? AND d.file_key = ? ORDER BY d.id`,
      )
      .bind(tenant.id, key)
      .all<Due>();
    const debits: Pain008Debit[] = due.results.map((d) => ({
      endToEndId: `${tenant.id.slice(0, 12).toUpperCase()}-${d.order_id}`,
      amount: d.amount,
      mandateReference: d.mandate_reference,
      signedOn: d.signed_at.slice(0, 10),
      sequence: d.sequence === 'RCUR' ? 'RCUR' : 'FRST',
      debtorName: d.debtor_name,
      debtorIban: d.debtor_iban,
      remittance: `${tenant.settings.name} order ${d.order_id} mandate ${d.mandate_reference}`,
    }));
    const file = pain008({
      messageId,
      createdAt: now.toISOString(),
      collectionDate: day,
      creditor: {
        name: sepa.creditor_name,
        id: normalizeCreditorId(sepa.creditor_id),
        iban: sepa.creditor_iban.replace(/\s+/g, '').toUpperCase(),
        bic: sepa.bic,
      },
      debits,
    });
    try {
      await collector.deliver(tenant.id, key, file);
      keys.push(key);
      logEvent('info', 'sepa file delivered', { tenant: tenant.id, key, debits: debits.length });
    } catch (error) {
      await db
        .prepare(
          "UPDATE sepa_debits SET status = 'scheduled', file_key = NULL WHERE tenant_id = ? AND file_key = ? AND status = 'submitted'",
        )
        .bind(tenant.id, key)
        .run();
      logEvent('error', 'sepa file not delivered', { tenant: tenant.id, key, error: String(error) });
    }
  }
  return keys;
}
