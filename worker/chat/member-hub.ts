import { DurableObject } from 'cloudflare:workers';
import type { LiveEvent } from '../../core/schemas/live';
import { LIVE_PING, LIVE_PONG } from '../../core/schemas/live';

/** More tabs than this per member is a runaway script, not a person: the oldest socket makes room. */
const MAX_SOCKETS = 24;

/**
 * One per member (id = "<tenant>:<member id>"): holds the member's open tabs' WebSockets with the hibernation
 * API, so an idle member costs nothing, and fans events out to all of them. Pings are answered by the runtime
 * without waking the object (setWebSocketAutoResponse).
 */
export class MemberHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /** The Worker has checked the session and the origin; this only accepts the socket. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket', { status: 426 });
    const open = this.ctx.getWebSockets();
    if (open.length >= MAX_SOCKETS) closeQuietly(open[0], 1008, 'too many connections');
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].send(JSON.stringify({ type: 'hello' }));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Sends the event to every open tab; answers how many got it (0: nobody is online, so push instead). */
  async publish(event: LiveEvent): Promise<number> {
    const data = JSON.stringify(event);
    let reached = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(data);
        reached++;
      } catch {
        // a socket that is closing: its tab fetches what it missed when it reconnects
      }
    }
    return reached;
  }

  /** The protocol is only { type: 'ping' } (usually answered by the auto-response); anything else is refused. */
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

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason.slice(0, 120));
  } catch {
    // already closed
  }
}
