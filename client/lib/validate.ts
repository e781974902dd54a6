import type { TFunction } from '../i18n';
import type { CatalogueKey } from '../i18n-keys';
import { type core, safeParse } from 'zod/mini';
import { MIN_AGE } from '../../core/constants';
import { ApiError } from '../api/fetch-client';

/** Field name -> message shown next to that field; `_form` is a message for the whole form. */
export type FieldErrors = Record<string, string>;

const CATALOGUE_KEY = /^[a-z_]+\.[a-z_]+$/;

/** A schema issue's message is a catalogue key; the birthdate one carries the minimum age (SPEC.md §5). */
export function issueText(t: TFunction, key: string): string {
  if (!CATALOGUE_KEY.test(key)) return t('validation.invalid');
  if (key === 'validation.birthdate_required') return `${t(key)} (${MIN_AGE}${t('validation.years_plus')})`;
  // A schema's message names its key (core/schemas): the schemas are typed by zod, not by the catalogue.
  return t(key as CatalogueKey);
}

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Validates with a core schema, keeping the first message of each field. zod/mini's `safeParse` takes any zod 4
 * schema, so this adds no classic zod to the forms that use core/schemas/account.ts's zod/mini schemas.
 */
export function check<S extends core.$ZodType>(schema: S, input: unknown, t: TFunction): Checked<core.output<S>> {
  const result = safeParse(schema, input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_form';
    errors[field] ??= issueText(t, issue.message);
  }
  return { ok: false, errors };
}

/** What a failed call shows: the API's translated field messages, else its message for the whole form. */
export function apiErrors(error: unknown, t: TFunction): FieldErrors {
  if (error instanceof ApiError) {
    if (error.fields && Object.keys(error.fields).length) return { ...error.fields };
    return { _form: error.message };
  }
  return { _form: t('errors.generic') };
}

/** Today in the browser's calendar, YYYY-MM-DD (the server checks the age again with its own clock). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
