import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectingSocket } from './reconnecting-socket';

/** A browser WebSocket stand-in: the test opens and drops each socket the client makes. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

describe('reconnectingSocket', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'flirtlokaal.localhost' });
    vi.stubGlobal('document', { visibilityState: 'visible', addEventListener() {}, removeEventListener() {} });
    vi.stubGlobal('addEventListener', () => undefined);
    vi.stubGlobal('removeEventListener', () => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reconnects while the member is logged in, and stops for good once the session is gone', async () => {
    let loggedIn = true;
    const stillWanted = vi.fn(async () => loggedIn);
    const { stop } = reconnectingSocket('/api/live.php', { onMessage: () => undefined, stillWanted });
    expect(FakeSocket.all.map((s) => s.url)).toEqual(['ws://flirtlokaal.localhost/api/live.php']);
    expect(stillWanted).not.toHaveBeenCalled();

    FakeSocket.all[0].open();
    FakeSocket.all[0].drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.all).toHaveLength(2);

    // The account was deleted (or the session ended elsewhere): no handshake is tried again, however long it waits.
    loggedIn = false;
    FakeSocket.all[1].drop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(stillWanted).toHaveBeenCalledTimes(2);
    stop();
  });

  it('keeps retrying when the check itself fails (offline)', async () => {
    const { stop } = reconnectingSocket('/api/live.php', {
      onMessage: () => undefined,
      stillWanted: () => Promise.reject(new Error('offline')),
    });
    FakeSocket.all[0].drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.all).toHaveLength(2);
    stop();
  });
});
