import { apiUrl } from '../../core/api-urls';
import type { BodyInputOf, OutputOf, QueryInputOf } from '../../core/contract/operation';
import type { Method, OperationAt, PathOf } from '../../core/contract/operations';
import { apiFetch } from './fetch-client';

// Types only: the contract's zod schemas never reach the member's download (the development check loads them apart).
// No SWR here either: the home page reads with apiGet and stays without it (client/api/call.ts adds the hook).

/** The answer of a call of core/contract, as its output schema types it. */
export type AnswerOf<M extends Method, P extends string> = OutputOf<OperationAt<M, P>>;
export type QueryOfCall<P extends PathOf<'get'>> = QueryInputOf<OperationAt<'get', P>>;
type Sending = Exclude<Method, 'get'>;

export interface CallOptions {
  /** Makes a POST safe to retry: the server answers a repeated key with the first result. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Reads a call: its path, its query by the contract's names, and its answer typed by the contract. */
export function apiGet<P extends PathOf<'get'>>(path: P, query?: QueryOfCall<P>, options: CallOptions = {}): Promise<AnswerOf<'get', P>> {
  // The contract's type of the answer: what the development check (answer-check.ts) holds it to.
  return apiFetch(apiUrl(path, query), options) as Promise<AnswerOf<'get', P>>;
}

/** Sends to a call: its method and path, its body as the contract's schema takes it, its answer typed. */
export function apiSend<M extends Sending, P extends PathOf<M>>(
  method: M,
  path: P,
  body?: BodyInputOf<OperationAt<M, P>>,
  options: CallOptions & { query?: QueryInputOf<OperationAt<M, P>> } = {},
): Promise<AnswerOf<M, P>> {
  const upper = method.toUpperCase() as 'POST' | 'PUT' | 'DELETE';
  return apiFetch(apiUrl(path, options.query), { ...options, method: upper, body }) as Promise<AnswerOf<M, P>>;
}
