import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, leaveSession, leavingSession, onAuthenticationLost } from './fetch-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('apiFetch', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const settle = async <T>(promise: Promise<T>) => {
    const result = promise.then(
      (v) => ({ ok: true as const, v }),
      (e) => ({ ok: false as const, e }),
    );
    await vi.runAllTimersAsync();
    return result;
  };

  it('retries a GET up to 5 times with growing delays, then gives up', async () => {
    fetchMock.mockRejectedValue(new TypeError('network down'));
    const result = await settle(apiFetch('/api/chats.php'));
    expect(result.ok).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('recovers when a retry succeeds', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('blip'))
      .mockResolvedValueOnce(json(503, {}))
      .mockResolvedValueOnce(json(200, { chats: [], new_likes: 0 }));
    const result = await settle(apiFetch('/api/chats.php'));
    expect(result).toEqual({ ok: true, v: { chats: [], new_likes: 0 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('never repeats a POST that may have reached the server, unless it carries an idempotency key', async () => {
    fetchMock.mockRejectedValue(new TypeError('network down'));
    await settle(apiFetch('/api/chat.php', { method: 'POST', body: { text: 'hi' } }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A call outside the contract: its answer is not checked against a schema (the retry is what this test is about).
    fetchMock
      .mockReset()
      .mockResolvedValueOnce(json(503, {}))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    const result = await settle(apiFetch('/api/example.php', { method: 'POST', body: { text: 'hi' }, idempotencyKey: 'k1' }));
    expect(result.ok).toBe(true);
    expect(fetchMock.mock.calls[1][1].headers['Idempotency-Key']).toBe('k1');
  });

  it('in development and tests, reads an answer through its core/contract schema and refuses one that does not match', async () => {
    fetchMock.mockResolvedValue(json(200, { chats: [{ id: 'not a conversation' }], new_likes: 0 }));
    const wrong = await settle(apiFetch('/api/chats.php'));
    expect(wrong.ok).toBe(false);
    expect(String((wrong as { e: unknown }).e)).toContain('GET /api/chats.php 200: the answer does not match core/contract');
    fetchMock.mockResolvedValue(json(200, { user: null }));
    expect(await settle(apiFetch('/api/user.php'))).toEqual({ ok: true, v: { user: null } });
  });

  it('does not retry a POST that got a server error', async () => {
    fetchMock.mockResolvedValue(json(503, {}));
    const result = await settle(apiFetch('/api/chat.php', { method: 'POST', body: {} }));
    expect(result.ok).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends X-Request-Type: client on user.php only', async () => {
    fetchMock.mockResolvedValue(json(200, { user: null }));
    await settle(apiFetch('/api/user.php'));
    await settle(apiFetch('/api/chats.php'));
    expect(fetchMock.mock.calls[0][1].headers['X-Request-Type']).toBe('client');
    expect(fetchMock.mock.calls[1][1].headers['X-Request-Type']).toBeUndefined();
  });

  it('reports a lost session on a 403 authentication_required, except from user.php', async () => {
    const lost = vi.fn();
    const stop = onAuthenticationLost(lost);
    fetchMock.mockResolvedValue(json(403, { error: { code: 'authentication_required', message: 'Log in' } }));
    const result = await settle(apiFetch('/api/chats.php'));
    expect(lost).toHaveBeenCalledTimes(1);
    expect(result.ok || result.e).toBeInstanceOf(ApiError);
    await settle(apiFetch('/api/user.php'));
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });

  it('turns an error body into an ApiError with code, message and fields', async () => {
    fetchMock.mockResolvedValue(
      json(400, { error: { code: 'validation_failed', message: 'Controleer', fields: { email: 'Ongeldige e-mail' } } }),
    );
    const result = await settle(apiFetch('/api/user.php', { method: 'POST', body: {} }));
    expect(result.ok).toBe(false);
    const error = (result as { e: ApiError }).e;
    expect([error.status, error.code, error.message, error.fields]).toEqual([
      400,
      'validation_failed',
      'Controleer',
      { email: 'Ongeldige e-mail' },
    ]);
  });

  // Last: leaving the session is for the rest of the page's life.
  it('once the member logs out from the page, member calls under way are aborted and new ones are never sent; user.php still is', async () => {
    fetchMock.mockImplementation(
      (_path: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const underWay = settle(apiFetch('/api/chats.php'));
    expect(leavingSession()).toBe(false);
    leaveSession();
    expect(leavingSession()).toBe(true);
    const aborted = await underWay;
    expect(aborted.ok).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const refused = await settle(apiFetch('/api/likes.php'));
    expect(refused.ok).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValue(json(200, { user: null }));
    const user = await settle(apiFetch('/api/user.php'));
    expect(user).toEqual({ ok: true, v: { user: null } });
  });
});
