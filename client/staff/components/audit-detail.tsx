import { brandName } from '../lib/boot';
import { formatDateTime, formatMoney, t } from '../lib/i18n';
import { methodWords } from '../lib/payment-words';
import { labelOr, valueLabel } from '../lib/value-label';

/** Amounts the audit stores in minor units, beside the entry's `currency`. */
const MONEY = new Set(['amount', 'minimum_order_value']);
/** Moments the audit stores as ISO text. */
const MOMENTS = new Set(['expires', 'locked_until']);

/**
 * An audit entry's details as the workspace reads them: each stored key with its label and its value in words
 * (amounts in their currency, moments in local time, stored codes as their labels). A key or value the workspace
 * has no label for shows as it is stored, so a detail added later is never hidden.
 */
export function AuditDetail({ detail }: { detail: Record<string, unknown> | null }) {
  if (!detail) return null;
  const currency = typeof detail.currency === 'string' ? detail.currency : null;
  const entries = Object.entries(detail).filter(([key]) => !(key === 'currency' && currency && hasMoney(detail)));
  return (
    <dl className="audit-detail">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{`${valueLabel('audit_detail', key)}: `}</dt>
          <dd>{inWords(key, value, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}

const hasMoney = (detail: Record<string, unknown>) => Object.keys(detail).some((key) => MONEY.has(key));

function inWords(key: string, value: unknown, currency: string | null): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'boolean') return t(value ? 'member.yes' : 'member.no');
  if (typeof value === 'number' && MONEY.has(key) && currency) return formatMoney(value, currency);
  if (typeof value === 'string' && MOMENTS.has(key) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  if (key === 'state' && typeof value === 'string') return valueLabel('complaint_status', value);
  if (key === 'host_brand' && typeof value === 'string') return brandName(value);
  if (key === 'validity' && typeof value === 'string') return labelOr(`codes.validity_${value}`, value);
  if (key === 'paymentmethods' && Array.isArray(value)) return value.map((m) => methodWords(String(m), labelOr)).join(', ');
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
