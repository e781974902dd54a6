import { DurableObject } from 'cloudflare:workers';
import { LIVE_PING, LIVE_PONG } from '../../../core/schemas/live';
import type { StaffLiveEvent } from '../../../core/schemas/staff';

/** A brand's workspaces are a handful of operators' tabs; far more is a runaway script. */
const MAX_SOCKETS = 200;

/**
 * One per brand (id = brand id): the open staff workspaces' WebSockets (hibernation API, like MemberHub), told of
 * every change of the brand's answering queue (a member's message to a fictional profile, a claim, a release, a
 * reply, a first message). It sends a small event; the workspace refetches GET /api/staff/queue.php. Nothing is
 * stored: the queue is D1's, so a workspace that reconnects just refetches.
 */
export class StaffQueue extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /** The Worker has checked the staff session, the role on the brand and the origin; this accepts the socket. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket', { status: 426 });
    const brand = request.headers.get('X-Staff-Brand') ?? '';
    const staffId = Number(request.headers.get('X-Staff-Id'));
    const open = this.ctx.getWebSockets();
    if (open.length >= MAX_SOCKETS) closeQuietly(open[0], 1008, 'too many connections');
    const pair = new WebSocketPair();
    // Tagged with the staff member, so a disabled account's sockets can be closed (closeStaff).
    this.ctx.acceptWebSocket(pair[1], [`staff:${staffId}`]);
    const hello: StaffLiveEvent = { type: 'hello', brand };
    pair[1].send(JSON.stringify(hello));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Sends the event to every open workspace of the brand; answers how many got it. */
  async publish(event: StaffLiveEvent): Promise<number> {
    const data = JSON.stringify(event);
    let reached = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(data);
        reached++;
      } catch {
        // closing: the workspace refetches when it reconnects
      }
    }
    return reached;
  }

  /** Closes the sockets of one staff member (signed out, disabled, role taken away). */
  async closeStaff(staffId: number): Promise<void> {
    for (const ws of this.ctx.getWebSockets(`staff:${staffId}`)) closeQuietly(ws, 1008, 'session ended');
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (typeof message === 'string' && message.length < 64 && message.replace(/\s/g, '') === LIVE_PING) {
      ws.send(LIVE_PONG);
      return;
    }
    ws.send(JSON.stringify({ type: 'error', code: 'bad_frame', message: 'Only {"type":"ping"} frames are accepted.' }));
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // 1005/1006 may not be sent back (TOOLCHAIN.md).
    closeQuietly(ws, code === 1005 || code === 1006 ? 1000 : code, reason);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    closeQuietly(ws, 1011, 'error');
  }
}

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason.slice(0, 120));
  } catch {
    // already closed
  }
}
