import type { StaffLiveEvent } from '../../../core/schemas/staff';
import { closeQuietly, SocketHub } from '../../live/socket-hub';

/**
 * One per brand (id = brand id): the open staff workspaces' WebSockets (worker/live/socket-hub.ts), told of every
 * change of the brand's answering queue (a member's message to a fictional profile, a claim, a release, a reply, a
 * first message). It sends a small event; the workspace refetches GET /api/staff/queue.php. Nothing is stored: the
 * queue is D1's, so a workspace that reconnects just refetches.
 */
export class StaffQueue extends SocketHub<StaffLiveEvent> {
  /** A brand's workspaces are a handful of operators' tabs; far more is a runaway script. */
  protected readonly maxSockets = 200;

  /** The Worker has checked the staff session, the role on the brand and the origin; this accepts the socket. */
  async fetch(request: Request): Promise<Response> {
    const hello: StaffLiveEvent = { type: 'hello', brand: request.headers.get('X-Staff-Brand') ?? '' };
    // Tagged with the staff member, so a disabled account's sockets can be closed (closeStaff).
    return this.accept(request, hello, [`staff:${Number(request.headers.get('X-Staff-Id'))}`]);
  }

  /** Closes the sockets of one staff member (signed out, disabled, role taken away). */
  async closeStaff(staffId: number): Promise<void> {
    for (const ws of this.ctx.getWebSockets(`staff:${staffId}`)) closeQuietly(ws, 1008, 'session ended');
  }
}
