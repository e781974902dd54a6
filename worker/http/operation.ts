import type { Hono } from 'hono';
import type { z } from 'zod';
import { type BodyOf, jsonBodySchema, type Operation, type OutputOf, type QueryOf, successStatus } from '../../core/contract/operation';
import { type Method, type OperationAt, operationAt, type PathOf } from '../../core/contract/operations';
import type { AppContext, AppEnv } from '../context';
import { parseOrFail } from '../errors';
import type { SessionMember } from '../auth/sessions';
import { jsonBody, requireMember } from './helpers';

/** What a handler gets: its parsed input, and the member of the session (never null where the call needs one). */
export interface OperationInput<O extends Operation> {
  query: QueryOf<O>;
  body: BodyOf<O>;
  member: O['auth'] extends 'member' ? SessionMember : SessionMember | null;
}

/** A JSON answer with another of the call's documented success statuses than its first (201 beside 200). */
export class WithStatus<T> {
  constructor(
    readonly status: 200 | 201 | 202,
    readonly body: T,
  ) {}
}

/** Answers with this status: the body still typed by the call's output schemas. */
export const withStatus = <T>(status: 200 | 201 | 202, body: T) => new WithStatus(status, body);

/**
 * The use case of one call: its answer as the contract types it (with its status where the call has two), or a
 * Response where it answers otherwise (a redirect, a page, a file, a WebSocket).
 */
export type Handler<O extends Operation> = (
  c: AppContext,
  input: OperationInput<O>,
) => Promise<OutputOf<O> | WithStatus<OutputOf<O>> | Response>;

export interface OperationOptions {
  /**
   * The body's schema for this request, where it depends on it (today's date for an age, the brand's message
   * length): the contract's schema is the outer bound the document describes, this one the rule the Worker applies.
   */
  body?: (c: AppContext) => z.core.$ZodType;
  /**
   * The query's schema for this request, where it depends on it (whether a visitor may filter at all, the brand's
   * countries): read as the contract's would be, instead of it; the handler still gets the contract's query type.
   */
  query?: (c: AppContext) => z.core.$ZodType;
  /**
   * What the call checks before its input is read, after its auth rule: a rate limit that counts every attempt,
   * a shared secret, a session only one use of the call needs. It refuses by throwing an ApiFailure.
   */
  before?: (c: AppContext) => Promise<void> | void;
}

/**
 * Mounts one call of core/contract on a router of /api: its auth rule, its query and JSON body parsed with the
 * contract's schemas (a 400 in the member's language otherwise), and its answer typed by the contract's output
 * schema, sent with the contract's success status. The one way an /api/*.php route is written.
 */
export function operation<M extends Method, P extends PathOf<M>>(
  router: Hono<AppEnv>,
  method: M,
  path: P,
  handler: NoInfer<Handler<OperationAt<M, P>>>,
  options: OperationOptions = {},
): void {
  const op: Operation = operationAt(method, path);
  const success = successStatus(op);
  router.on(method.toUpperCase(), path.slice('/api'.length), async (c) => {
    const member = op.auth === 'member' ? requireMember(c) : c.get('member');
    await options.before?.(c);
    const querySchema = options.query?.(c) ?? op.query;
    const query = querySchema ? parseOrFail(querySchema, c.req.query()) : {};
    const bodySchema = options.body?.(c) ?? jsonBodySchema(op);
    const body = bodySchema ? parseOrFail(bodySchema, await jsonBody(c)) : undefined;
    const input = { query, body, member } as OperationInput<OperationAt<M, P>>;
    const answer = await handler(c, input);
    if (answer instanceof Response) return answer;
    if (answer instanceof WithStatus) return c.json(answer.body as object, answer.status);
    return c.json(answer as object, success);
  });
}
