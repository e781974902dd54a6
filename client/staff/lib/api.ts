import type { ApiErrorBody } from '../../../core/schemas/errors';

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

export interface StaffRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sent as multipart (photo upload) instead of JSON. */
  form?: FormData;
  signal?: AbortSignal;
}

/** The workspace's one way to /api/staff/*.php: JSON in and out, same-origin cookies, one error model. */
export async function staffFetch<T>(path: string, req: StaffRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api/staff/${path}`, {
      method: req.method ?? 'GET',
      headers,
      body: req.form ?? (req.body === undefined ? undefined : JSON.stringify(req.body)),
      credentials: 'same-origin',
      signal: req.signal,
    });
  } catch (error) {
    if (req.signal?.aborted) throw error;
    throw new StaffApiError(0, 'network', error instanceof Error ? error.message : 'network');
  }
  const text = await response.text();
  if (response.ok) return (text ? JSON.parse(text) : null) as T;
  let body: Partial<ApiErrorBody> = {};
  try {
    body = JSON.parse(text) as ApiErrorBody;
  } catch {
    // not our JSON (a proxy's error page): the generic error below
  }
  const code = body.error?.code ?? 'http_error';
  if (response.status === 401 && code === 'staff_login_required') lostListeners.forEach((l) => l());
  throw new StaffApiError(response.status, code, body.error?.message ?? `HTTP ${response.status}`, body.error?.fields);
}
