import { type StaffKey, t } from './i18n';

/**
 * The groups of stored values (statuses, reasons) the workspace shows as words; their labels are the catalogue's
 * `value.<group>.<value>` keys.
 */
export type ValueGroup =
  | 'gender'
  | 'profile_status'
  | 'photo_status'
  | 'order_status'
  | 'refund_reason'
  | 'ledger_reason'
  | 'mandate_status'
  | 'payment_method'
  | 'audit_action'
  | 'audit_detail'
  | 'complaint_status';

/**
 * A stored value as a label in the workspace's language, or the value itself when the catalogue has no label for
 * it (a value added later shows as it is stored, never as a key).
 */
export function valueLabel(group: ValueGroup, value: string): string {
  return labelOr(`value.${group}.${value}`, value);
}

/** The catalogue's text for `key`, or `stored` when the catalogue has none. */
export function labelOr(key: string, stored: string): string {
  const label = t(key as StaffKey);
  return label === key ? stored : label;
}
