import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, onStaffSessionLost, staffSend } from './api';

// The workspace's calls go through the member app's transport (client/api/fetch-client.ts): what it adds is checked here.
describe('staff calls', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const refusal = (status: number, code: string) =>
    new Response(JSON.stringify({ error: { code, message: `no: ${code}` } }), { status, headers: { 'Content-Type': 'application/json' } });

  it('sends a form as a multipart form, not as JSON', async () => {
    fetchMock.mockResolvedValue(refusal(400, 'validation_failed'));
    const form = new FormData();
    form.set('brand', 'flirtlokaal');
    await expect(staffSend('post', '/api/staff/profile-photo.php', form as never)).rejects.toBeInstanceOf(ApiError);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('Content-Type')).toBeNull();
  });

  it('tells the workspace when the staff session is gone, and answers its message', async () => {
    fetchMock.mockResolvedValue(refusal(401, 'staff_login_required'));
    const lost = vi.fn();
    const stop = onStaffSessionLost(lost);
    const failure = await staffSend('post', '/api/staff/logout.php').catch((e: unknown) => e);
    stop();
    expect(failure).toMatchObject({ status: 401, code: 'staff_login_required', message: 'no: staff_login_required' });
    expect(lost).toHaveBeenCalledOnce();
  });

  it('turns a send that got no answer into the network error (status 0), never retried', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = await staffSend('post', '/api/staff/logout.php').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'network' });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
