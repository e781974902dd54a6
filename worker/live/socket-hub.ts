import { DurableObject } from 'cloudflare:workers';
import { LIVE_PING, LIVE_PONG } from '../../core/schemas/live';

/**
 * What the live Durable Objects share (the member's MemberHub, the brand's StaffQueue): open WebSockets under the
 * hibernation API, so an idle hub costs nothing; pings answered by the runtime without waking it; every event sent
 * to every open socket. The protocol towards the browser is only { type: 'ping' }; anything else is refused.
 */
export abstract class SocketHub<Event> extends DurableObject<Env> {
  /** More sockets than this is a runaway script, not people: the oldest makes room. */
  protected abstract readonly maxSockets: number;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /**
   * Accepts the upgrade the Worker has checked (session, role, origin), greets it, tags it for later closing, and
   * keeps `attachment` with it (it survives hibernation).
   */
  protected accept(request: Request, hello: unknown, tags: string[] = [], attachment?: unknown): Response {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket', { status: 426 });
    const open = this.ctx.getWebSockets();
    if (open.length >= this.maxSockets) closeQuietly(open[0], 1008, 'too many connections');
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], tags);
    if (attachment !== undefined) pair[1].serializeAttachment(attachment);
    pair[1].send(JSON.stringify(hello));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * Sends the events, in order, to every open socket; answers how many sockets got them (0: nobody is there). Several
   * events of one moment go in one call: each call to a Durable Object is a round trip.
   */
  async publish(events: Event | readonly Event[]): Promise<number> {
    const frames = (Array.isArray(events) ? events : [events]).map((event) => JSON.stringify(event));
    let reached = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        for (const frame of frames) ws.send(frame);
        reached++;
      } catch {
        // a socket that is closing: its page fetches what it missed when it reconnects
      }
    }
    return reached;
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (typeof message === 'string' && isPing(message)) {
      ws.send(LIVE_PONG);
      return;
    }
    ws.send(JSON.stringify({ type: 'error', code: 'bad_frame', message: 'Only {"type":"ping"} frames are accepted.' }));
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // 1005/1006 are not codes one may send (TOOLCHAIN.md): close without echoing them.
    closeQuietly(ws, code === 1005 || code === 1006 ? 1000 : code, reason);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    closeQuietly(ws, 1011, 'error');
  }
}

function isPing(message: string): boolean {
  if (message.length > 64) return false;
  try {
    const frame = JSON.parse(message) as { type?: unknown };
    return frame !== null && typeof frame === 'object' && frame.type === 'ping' && Object.keys(frame).length === 1;
  } catch {
    return false;
  }
}

export function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason.slice(0, 120));
  } catch {
    // already closed
  }
}
