import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../api/fetch-client';
import { type ChatSend, sendChatMessage } from './chat-send';
import { LIVE_SEND_TIMEOUT_MS, startLiveSocket } from './live-socket';

/** The browser's WebSocket as the tab sees it; the test plays the member's hub. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: { type: string; key?: string; body?: unknown }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open(hello: unknown) {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
    this.hub(hello);
  }
  hub(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
}

const body: ChatSend = { to: { profile_id: 7 }, kind: 'text', text: 'hoi' };
const stored = (id: number, key: string) => ({
  message: {
    id,
    conversation_id: 3,
    from_me: true,
    kind: 'text',
    text: 'hoi',
    gift: null,
    photo: null,
    created_at: '2026-11-25T06:00:00.000Z',
    status: 'sent',
    client_key: key,
  },
  conversation: { id: 3 },
  credits: 15,
});
const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

describe('sendChatMessage', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let stop: () => void;
  beforeEach(() => {
    FakeSocket.all = [];
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'https:', host: 'flirtlokaal.localhost' });
    vi.stubGlobal('document', { visibilityState: 'visible', addEventListener() {}, removeEventListener() {} });
    vi.stubGlobal('addEventListener', () => undefined);
    vi.stubGlobal('removeEventListener', () => undefined);
    stop = startLiveSocket();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** What the hub got as a send frame, once it arrives. */
  const frameSent = async (socket: FakeSocket) => vi.waitFor(() => socket.sent.find((f) => f.type === 'send') ?? Promise.reject());

  it('sends over the open socket without a request, and the calls after it read that write back', async () => {
    const socket = FakeSocket.all[0];
    socket.open({ type: 'hello', sends: true });
    const sending = sendChatMessage(body, 'key-live-1');
    expect(await frameSent(socket)).toEqual({ type: 'send', key: 'key-live-1', body });
    socket.hub({ type: 'sent', key: 'key-live-1', status: 201, body: stored(41, 'key-live-1'), bookmark: '0000002a-00000001' });
    expect((await sending).message.id).toBe(41);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(json(200, { chats: [], new_likes: 0 }));
    await apiFetch('/api/chats.php');
    expect(fetchMock.mock.calls[0][1].headers['X-D1-Bookmark']).toBe('0000002a-00000001');
  });

  it("shows the hub's refusal as the POST's would be, without posting", async () => {
    const socket = FakeSocket.all[0];
    socket.open({ type: 'hello', sends: true });
    const sending = sendChatMessage(body, 'key-live-2').catch((e: unknown) => e);
    await frameSent(socket);
    socket.hub({
      type: 'sent',
      key: 'key-live-2',
      status: 402,
      body: { error: { code: 'insufficient_credits', message: 'Je hebt onvoldoende credits' } },
    });
    expect(await sending).toMatchObject({ status: 402, code: 'insufficient_credits', message: 'Je hebt onvoldoende credits' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts with the same key when the socket drops before the answer, or the hub takes no sends', async () => {
    const socket = FakeSocket.all[0];
    socket.open({ type: 'hello', sends: true });
    fetchMock.mockImplementation(async () => json(200, stored(42, 'key-live-3')));
    const sending = sendChatMessage(body, 'key-live-3');
    await frameSent(socket);
    socket.drop();
    expect((await sending).message.id).toBe(42);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/chat.php');
    expect(fetchMock.mock.calls[0][1].headers['Idempotency-Key']).toBe('key-live-3');

    // A brand's own backend behind the proxy greets without `sends`: every send is a POST.
    stop();
    stop = startLiveSocket();
    const proxied = FakeSocket.all.at(-1)!;
    proxied.open({ type: 'hello' });
    await sendChatMessage(body, 'key-live-4');
    expect(proxied.sent).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('posts with the same key when the hub does not answer in time, or says the session ended', async () => {
    vi.useFakeTimers();
    const socket = FakeSocket.all[0];
    socket.open({ type: 'hello', sends: true });
    fetchMock.mockImplementation(async () => json(200, stored(43, 'key-live-5')));
    const sending = sendChatMessage(body, 'key-live-5');
    await vi.advanceTimersByTimeAsync(LIVE_SEND_TIMEOUT_MS);
    expect((await sending).message.id).toBe(43);

    const again = sendChatMessage(body, 'key-live-6');
    await vi.advanceTimersByTimeAsync(0);
    socket.hub({
      type: 'sent',
      key: 'key-live-6',
      status: 403,
      body: { error: { code: 'authentication_required', message: 'Je moet ingelogd zijn.' } },
    });
    await again;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1][1].headers['Idempotency-Key']).toBe('key-live-6');
  });
});
