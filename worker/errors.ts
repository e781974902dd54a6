import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { i18n } from 'i18next';
import { z } from 'zod';
import type { AppContext } from './context';

/** An expected failure: answered as { error: { code, message, fields } } with a 4xx status. */
export class ApiFailure extends Error {
  // Named in the instance: the production build is minified, and the logs' error class must not read "K".
  override readonly name = 'ApiFailure';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    /** A catalogue key; translated into the member's language when answered. */
    readonly messageKey: string,
    readonly fields?: Record<string, string>,
    readonly values?: Record<string, unknown>,
  ) {
    super(code);
  }

  /** True when `fields` hold texts already, not catalogue keys (made by withFieldTexts). */
  fieldsAreText = false;

  /** A failure whose fields are the texts themselves: a brand setting's schema reasons, shown to owners as written. */
  static withFieldTexts(status: ContentfulStatusCode, code: string, messageKey: string, fields: Record<string, string>): ApiFailure {
    const failure = new ApiFailure(status, code, messageKey, fields);
    failure.fieldsAreText = true;
    return failure;
  }
}

export function apiError(c: AppContext, failure: ApiFailure) {
  return c.json(errorBody(c.get('t'), failure), failure.status);
}

/** The answer's body for a failure, in the member's language (also sent over the live socket: worker/chat/member-hub.ts). */
export function errorBody(t: Translate, failure: ApiFailure): ErrorBody {
  const fields =
    failure.fields && Object.fromEntries(Object.entries(failure.fields).map(([k, key]) => [k, failure.fieldsAreText ? key : t(key)]));
  return { error: { code: failure.code, message: t(failure.messageKey, failure.values ?? {}), ...(fields ? { fields } : {}) } };
}

export function genericError(c: AppContext, status: ContentfulStatusCode = 500) {
  return c.json(genericErrorBody(c.get('t')), status);
}

export function genericErrorBody(t: Translate): ErrorBody {
  return { error: { code: 'server_error', message: t('errors.generic') } };
}

type Translate = i18n['t'];
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Turns a zod failure into field errors; each issue's message is a catalogue key set in the schema. */
export function validationFailure(error: z.ZodError): ApiFailure {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message.startsWith('validation.') || issue.message.startsWith('errors.') ? issue.message : 'validation.invalid';
  }
  return new ApiFailure(400, 'validation_failed', 'validation.failed', fields);
}

/** Parses input with a core schema, or throws the 400 answer. */
export function parseOrFail<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  // z.safeParse takes any zod 4 schema: the classic ones and core/schemas/account.ts's zod/mini ones.
  const parsed = z.safeParse(schema, input);
  if (!parsed.success) throw validationFailure(parsed.error);
  return parsed.data;
}
