import type { ZodType } from 'zod';
import { hasText, t, type StaffKey } from './i18n';

/** A schema message (a catalogue key such as `validation.otp_invalid`) in the workspace's language. */
export function message(key: string): string {
  return hasText(key) ? t(key as StaffKey) : t('validation.invalid');
}

/** Validates with the contract's schema; answers the value, or the first problem per field. */
export function validate<T>(schema: ZodType<T>, value: unknown): { ok: true; value: T } | { ok: false; fields: Record<string, string> } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    fields[field] ??= message(issue.message);
  }
  return { ok: false, fields };
}
