import type { Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { type BodyOf, jsonBodySchema, type Operation, type OutputOf, type QueryOf, successStatus } from '../../core/contract/operation';
import { type StaffMethod, type StaffOperationAt, staffOperationAt, type StaffPathOf } from '../../core/contract/staff-ops';
import type { AppContext, AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { brandsWhere, requireStaff, requireStaffOn, type StaffSession } from '../auth/staff-session';
import { jsonBody } from '../http/helpers';

/**
 * What a staff handler gets: its parsed input, the staff member of the session (never null where the call needs
 * one) and, where the contract gives the call a brand rule (scope), the brand or brands it was checked for.
 */
export interface StaffOperationInput<O extends Operation> {
  query: QueryOf<O>;
  body: BodyOf<O>;
  staff: O['auth'] extends 'staff' ? StaffSession : StaffSession | null;
  /** scope named / host: the brand the call is about, on which the caller has the call's role. */
  brand: O extends { scope: 'named' | 'host' } ? string : undefined;
  /** scope each: the brand asked for, or every brand where the caller has the call's role (never empty). */
  brands: O extends { scope: 'each' } ? string[] : undefined;
}

/** The use case of one staff call: its answer as the contract types it, or a Response where it answers otherwise. */
export type StaffHandler<O extends Operation> = (c: AppContext, input: StaffOperationInput<O>) => Promise<OutputOf<O> | Response>;

export interface StaffOperationOptions {
  /** The body's schema for this request where it depends on it (an expiry after today): the contract's is the outer bound. */
  body?: (c: AppContext) => z.core.$ZodType;
  /** Without a JSON body the fields may come as the query (DELETE claim.php, as the workspace's beacon sends it). */
  bodyOrQuery?: true;
  /** Middleware of this route only, before the call (the photo upload's own body limit). */
  before?: MiddlewareHandler<AppEnv>;
}

/**
 * The brand rule of core/contract's `scope`, with the call's role (worker/auth/staff-session.ts requireStaffOn: an unknown
 * brand or one without a role 404, a role too low 403).
 */
function applyScope(c: AppContext, op: Operation, asked: unknown) {
  const named = typeof asked === 'string' && asked !== '' ? asked : undefined;
  const role = op.role ?? 'operator';
  if (op.scope === 'named' || op.scope === 'host') {
    // named: the schema requires the brand (an empty one answers 404 like any unknown brand).
    const brand = op.scope === 'named' ? String(asked) : (named ?? c.get('tenant').id);
    requireStaffOn(c, brand, role);
    return { brand, brands: undefined };
  }
  if (op.scope === 'each') {
    if (named) {
      requireStaffOn(c, named, role);
      return { brand: undefined, brands: [named] };
    }
    const brands = brandsWhere(requireStaff(c), role);
    if (brands.length === 0) throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');
    return { brand: undefined, brands };
  }
  return { brand: undefined, brands: undefined };
}

/**
 * Mounts one call of the staff API (core/contract/staff-ops.ts) on a router of /api/staff: the staff session
 * (401 staff_login_required without), its query and JSON body parsed with the contract's schemas (400 otherwise),
 * the brand rule and role of the contract, and its answer typed by the contract's output schema, sent with the
 * contract's success status. The one way an /api/staff/*.php route is written.
 */
export function staffOperation<M extends StaffMethod, P extends StaffPathOf<M>>(
  router: Hono<AppEnv>,
  method: M,
  path: P,
  handler: NoInfer<StaffHandler<StaffOperationAt<M, P>>>,
  options: StaffOperationOptions = {},
): void {
  const op: Operation = staffOperationAt(method, path);
  const success = successStatus(op);
  const call: MiddlewareHandler<AppEnv> = async (c) => {
    const staff = op.auth === 'staff' ? requireStaff(c) : c.get('staff');
    const query: Record<string, unknown> = op.query ? parseOrFail(op.query, c.req.query()) : {};
    const bodySchema = options.body?.(c) ?? jsonBodySchema(op);
    let body: Record<string, unknown> | undefined;
    if (bodySchema) {
      const raw = await jsonBody(c);
      body = parseOrFail(bodySchema, options.bodyOrQuery ? (raw ?? c.req.query()) : raw) as Record<string, unknown>;
    }
    const scoped = applyScope(c, op, (op.method === 'get' ? query : body)?.brand);
    const input = { query, body, staff, ...scoped } as unknown as StaffOperationInput<StaffOperationAt<M, P>>;
    const answer = await handler(c, input);
    return answer instanceof Response ? answer : c.json(answer as object, success);
  };
  const subPath = path.slice('/api/staff'.length);
  if (options.before) router.on(method.toUpperCase(), subPath, options.before, call);
  else router.on(method.toUpperCase(), subPath, call);
}
