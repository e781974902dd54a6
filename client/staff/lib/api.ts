import { apiUrl } from '../../../core/api-urls';
import type { BodyInputOf, OutputOf, QueryInputOf } from '../../../core/contract/operation';
import type { StaffMethod, StaffOperationAt, StaffPathOf } from '../../../core/contract/staff-ops';
import { ApiError, type ApiRequest, apiFetch } from '../../api/fetch-client';

// Types only from core/contract: the contract's zod schemas never reach the workspace's download.
// The request itself is the member app's (client/api/fetch-client.ts): the same headers, JSON parsing, retries of
// repeatable requests and error model (ApiError); this module only adds the staff operations' types.

export { ApiError };

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

/**
 * A staff call through the shared transport. A failure without an answer (network) becomes ApiError status 0, which
 * the screens show as their network message; an ended staff session tells the workspace (onStaffSessionLost).
 */
async function request(url: string, req: ApiRequest): Promise<unknown> {
  try {
    return await apiFetch(url, req);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401 && error.code === 'staff_login_required') lostListeners.forEach((l) => l());
      throw error;
    }
    if (req.signal?.aborted) throw error;
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'network');
  }
}

/** Reads a staff call: its path, its query by the contract's names, its answer typed by the contract. */
export function staffGet<P extends StaffPathOf<'get'>>(
  path: P,
  query?: StaffQueryOf<P>,
  options: StaffCallOptions = {},
): Promise<StaffAnswerOf<'get', P>> {
  return request(apiUrl(path, query), options) as Promise<StaffAnswerOf<'get', P>>;
}

/** Sends to a staff call: its method and path, its body as the contract's schema takes it, its answer typed. */
export function staffSend<M extends StaffSending, P extends StaffPathOf<M>>(
  method: M,
  path: P,
  body?: StaffBodyOf<M, P>,
  options: StaffCallOptions = {},
): Promise<StaffAnswerOf<M, P>> {
  const upper = method.toUpperCase() as 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  return request(path, { method: upper, body, signal: options.signal }) as Promise<StaffAnswerOf<M, P>>;
}
