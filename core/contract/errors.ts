import { z } from 'zod';
import { CROSS_SITE_CALLS } from '../api-urls';
import { ApiErrorSchema } from '../schemas/errors';
import { COMMON_ERRORS, type Operation } from './operation';

/**
 * The error codes a call can answer, per status: its own, the common ones, and what the Worker's middleware answers
 * before the call's own code (worker/app.ts): the session check (a staff call's: 401, its role: 403 or 404), the same-origin check of unsafe methods, the 64 KiB
 * body limit (uploads have their own). The OpenAPI document and the answer checks (answer-schema.ts) read this.
 */
export function documentedErrors(op: Operation): Record<number, readonly string[]> {
  const errors: Record<number, readonly string[]> = { ...op.errors, ...COMMON_ERRORS };
  const add = (status: number, code: string) => (errors[status] = [...new Set([...(errors[status] ?? []), code])]);
  if (op.auth === 'member') add(403, 'authentication_required');
  // The staff workspace's session and role (worker/auth/staff-session.ts requireStaff, requireStaffOn).
  if (op.auth === 'staff') add(401, 'staff_login_required');
  if (op.role) add(403, 'staff_forbidden');
  if (op.scope) add(404, 'not_found');
  if (op.method !== 'get' && !CROSS_SITE_CALLS.includes(op.path)) add(403, 'csrf');
  if (op.body && op.body.type !== 'multipart') add(413, 'too_large');
  return errors;
}

/** The one error shape, its code limited to what this status of this call can answer. */
export function errorSchema(codes: readonly string[]) {
  return ApiErrorSchema.extend({ error: ApiErrorSchema.shape.error.extend({ code: z.enum(codes as [string, ...string[]]) }) });
}
