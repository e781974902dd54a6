import { apiUrl } from '../../../core/api-urls';
import type { BodyInputOf, OutputOf, QueryInputOf } from '../../../core/contract/operation';
import type { StaffMethod, StaffOperationAt, StaffPathOf } from '../../../core/contract/staff-ops';
import type { ApiErrorBody } from '../../../core/schemas/errors';

// Types only from core/contract: the contract's zod schemas never reach the workspace's download.

/** An expected failure of the staff API (`{ error: { code, message } }`), or a network failure (status 0). */
export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per-field messages of a 400 validation_failed, when the server gave them. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type Listener = () => void;
const lostListeners = new Set<Listener>();

/** Called when the staff session is gone (401 staff_login_required): the workspace goes to its login page. */
export function onStaffSessionLost(listener: Listener): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

/** The answer of a staff call, as core/contract/staff-ops.ts types it. */
export type StaffAnswerOf<M extends StaffMethod, P extends string> = OutputOf<StaffOperationAt<M, P>>;
export type StaffQueryOf<P extends StaffPathOf<'get'>> = QueryInputOf<StaffOperationAt<'get', P>>;
/** The methods that send a body (or a query, for DELETE claim.php's beacon). */
export type StaffSending = Exclude<StaffMethod, 'get'>;
/** What a staff call sends: its body as the contract's schema takes it (FormData for the photo upload). */
export type StaffBodyOf<M extends StaffSending, P extends string> = BodyInputOf<StaffOperationAt<M, P>>;

export interface StaffCallOptions {
  signal?: AbortSignal;
}

/** The workspace's one way to /api/staff/*.php: JSON (or a form) in, JSON out, same-origin cookies, one error model. */
async function request(url: string, method: string, body: unknown, signal: AbortSignal | undefined): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const form = body instanceof FormData ? body : null;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new StaffApiError(0, 'network', error instanceof Error ? error.message : 'network');
  }
  const text = await response.text();
  if (response.ok) return text ? JSON.parse(text) : null;
  let answer: Partial<ApiErrorBody> = {};
  try {
    answer = JSON.parse(text) as ApiErrorBody;
  } catch {
    // not our JSON (a proxy's error page): the generic error below
  }
  const code = answer.error?.code ?? 'http_error';
  if (response.status === 401 && code === 'staff_login_required') lostListeners.forEach((l) => l());
  throw new StaffApiError(response.status, code, answer.error?.message ?? `HTTP ${response.status}`, answer.error?.fields);
}

/** Reads a staff call: its path, its query by the contract's names, its answer typed by the contract. */
export function staffGet<P extends StaffPathOf<'get'>>(
  path: P,
  query?: StaffQueryOf<P>,
  options: StaffCallOptions = {},
): Promise<StaffAnswerOf<'get', P>> {
  return request(apiUrl(path, query), 'GET', undefined, options.signal) as Promise<StaffAnswerOf<'get', P>>;
}

/** Sends to a staff call: its method and path, its body as the contract's schema takes it, its answer typed. */
export function staffSend<M extends StaffSending, P extends StaffPathOf<M>>(
  method: M,
  path: P,
  body?: StaffBodyOf<M, P>,
  options: StaffCallOptions = {},
): Promise<StaffAnswerOf<M, P>> {
  return request(path, method.toUpperCase(), body, options.signal) as Promise<StaffAnswerOf<M, P>>;
}
