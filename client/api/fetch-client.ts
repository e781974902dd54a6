import { HTTP_RETRIES } from '../../core/constants';
import type { ApiErrorBody } from '../../core/schemas/errors';

/** An expected failure answered by the API, with the message in the member's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Sent as JSON; a FormData (the workspace's photo upload) as a multipart form. */
  body?: unknown;
  /** Makes a POST safe to retry: the server answers a repeated key with the first result. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

type Listener = () => void;
const authLostListeners = new Set<Listener>();

const ageCheckListeners = new Set<Listener>();

/** Called when the server asks for the age check first (403 age_check_required: the market rule of the member's country). */
export function onAgeCheckRequired(listener: Listener): () => void {
  ageCheckListeners.add(listener);
  return () => ageCheckListeners.delete(listener);
}

/** Called when the server says the session is gone (403 authentication_required outside user.php). */
export function onAuthenticationLost(listener: Listener): () => void {
  authLostListeners.add(listener);
  return () => authLostListeners.delete(listener);
}

/**
 * The member leaves the session from this page: the menu's logout link is a full navigation to /api/logout.php, and
 * the page keeps running until its answer arrives. A member call it still made meanwhile (the live chunk's first
 * chats.php, a refresh) would reach the server after the session ended and be refused, 403 authentication_required,
 * in the console; behind a brand's own backend (proxy mode) the logout takes long enough for that to happen. From
 * the click on, calls other than user.php fail at once without a request and those under way are aborted.
 */
let sessionLeft = false;
const underWay = new Set<AbortController>();

export function leaveSession(): void {
  sessionLeft = true;
  for (const controller of underWay) controller.abort();
}

/**
 * The logout link of the top navigation leaves the session; listened for on the document from the entry's first
 * line, because a tap on it often comes before the page has hydrated (the live chunk then starts after the click).
 */
export function leaveSessionOnLogoutLink(): void {
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('a[href="/api/logout.php"]')) leaveSession();
    },
    true,
  );
}

/** Whether the member is leaving the session from this page (leaveSession): nothing live should start. */
export const leavingSession = (): boolean => sessionLeft;

/**
 * The bookmark of this tab's last send over the live socket (client/lib/live-socket.ts): the socket cannot set the
 * bookmark cookie, so the calls after it carry it and read that message back from any replica
 * (worker/db/request-db.ts takes the later of it and the cookie).
 */
let liveBookmark: string | null = null;

export function setLiveBookmark(bookmark: string): void {
  if (!liveBookmark || bookmark > liveBookmark) liveBookmark = bookmark;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);
export const retryDelayMs = (attempt: number) => 250 * 2 ** attempt;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * The one way the client talks to /api: JSON in and out, up to 5 retries with exponential delay. A request that
 * reached the server is retried only when repeating it is harmless (idempotent method, or an idempotency key).
 * The answer is unknown here: screens call through client/api/typed-fetch.ts and call.ts, typed by the contract; the
 * staff workspace through client/staff/lib/api.ts, typed by the staff operations.
 */
export async function apiFetch(path: string, req: ApiRequest = {}): Promise<unknown> {
  const method = req.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData (the workspace's photo upload) goes as it is: the browser writes its multipart Content-Type.
  const json = req.body !== undefined && !(req.body instanceof FormData);
  if (json) headers['Content-Type'] = 'application/json';
  if (isUserEndpoint(path)) headers['X-Request-Type'] = 'client';
  if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
  if (liveBookmark) headers['X-D1-Bookmark'] = liveBookmark;
  const safeToRepeat = IDEMPOTENT.has(method) || Boolean(req.idempotencyKey);
  const endsWithSession = !isUserEndpoint(path);
  if (endsWithSession && sessionLeft) throw new DOMException('The member is logging out', 'AbortError');
  // The caller's signal, and leaveSession's for every call but user.php.
  const controller = new AbortController();
  const signal = controller.signal;
  if (req.signal?.aborted) controller.abort();
  const forward = () => controller.abort();
  req.signal?.addEventListener('abort', forward, { once: true });
  if (endsWithSession) underWay.add(controller);

  try {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(path, {
          method,
          headers,
          body: json ? JSON.stringify(req.body) : (req.body as FormData | undefined),
          credentials: 'same-origin',
          signal,
        });
      } catch (error) {
        // Network failure: we cannot know whether a POST arrived, so only repeatable requests are retried.
        if (signal.aborted || !safeToRepeat || attempt >= HTTP_RETRIES) throw error;
        await sleep(retryDelayMs(attempt), signal);
        continue;
      }
      if (RETRYABLE_STATUS.has(response.status) && safeToRepeat && attempt < HTTP_RETRIES) {
        await sleep(retryDelayMs(attempt), signal);
        continue;
      }
      return await readResponse(method, path, response);
    }
  } finally {
    underWay.delete(controller);
    req.signal?.removeEventListener('abort', forward);
  }
}

// Development and tests read every answer through its core/contract schema; production builds drop this branch
// (import.meta.env.DEV is false there), and with it the dynamic import of zod and the contract.
const checksAnswers = import.meta.env.DEV || import.meta.env.MODE === 'test';

async function readResponse(method: string, path: string, response: Response): Promise<unknown> {
  const text = await response.text();
  if (response.ok) {
    const body: unknown = text ? JSON.parse(text) : null;
    if (checksAnswers) return (await import('./answer-check')).checkAnswer(method, path, response.status, body);
    return body;
  }
  if (response.status === 403 && !isUserEndpoint(path) && text.includes('authentication_required')) {
    authLostListeners.forEach((listener) => listener());
  }
  let body: Partial<ApiErrorBody> = {};
  try {
    body = JSON.parse(text) as ApiErrorBody;
  } catch {
    // not our JSON (a proxy's error page): fall through to the generic error
  }
  const error = body.error;
  if (response.status === 403 && error?.code === 'age_check_required') ageCheckListeners.forEach((listener) => listener());
  throw new ApiError(response.status, error?.code ?? 'http_error', error?.message ?? `HTTP ${response.status}`, error?.fields);
}

function isUserEndpoint(path: string): boolean {
  return /^\/api\/user\.php(\?|$)/.test(path);
}
