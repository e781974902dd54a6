import type { StaffLiveEvent } from '../../core/schemas/staff';
import { closeQuietly, SocketHub } from './socket-hub';

/**
 * One per brand (id = brand id): the open staff workspaces' WebSockets (worker/live/socket-hub.ts), told of every
 * change of the brand's answering queue (a member's message to a fictional profile, a claim, a release, a reply, a
 * first message). It sends a small event; the workspace refetches GET /api/staff/queue.php. Nothing is stored: the
 * queue is D1's, so a workspace that reconnects just refetches.
 */
export class StaffQueue extends SocketHub<StaffLiveEvent> {
  /** A brand's workspaces are a handful of operators' tabs; far more is a runaway script. */
  protected readonly maxSockets = 200;

  /**
   * The Worker has checked the staff session, the role on the brand and the origin; this accepts the socket. It is
   * tagged with the staff member and the session, so signing out, ending a session elsewhere and the session's own
   * end (an alarm at the earliest expiry) close exactly the sockets that session opened.
   */
  async fetch(request: Request): Promise<Response> {
    const hello: StaffLiveEvent = { type: 'hello', brand: request.headers.get('X-Staff-Brand') ?? '' };
    const until = Date.parse(request.headers.get('X-Staff-Until') ?? '');
    const session = request.headers.get('X-Staff-Session');
    const tags = [
      `staff:${Number(request.headers.get('X-Staff-Id'))}`,
      ...(session ? [`session:${session}`] : []),
      ...(until ? [`until:${until}`] : []),
    ];
    const response = this.accept(request, hello, tags);
    if (until && response.status === 101) await this.wakeAtOrBefore(until);
    return response;
  }

  /** Closes the sockets of one session (logout, ended elsewhere), or all of the staff member's but one (null: all). */
  async closeSessions(staffId: number, only: { session: string } | { allBut: string | null }): Promise<void> {
    const sockets = 'session' in only ? this.ctx.getWebSockets(`session:${only.session}`) : this.ctx.getWebSockets(`staff:${staffId}`);
    for (const ws of sockets) {
      const tags = this.ctx.getTags(ws);
      // Only ever the staff member's own sockets, and never the one session that stays.
      if (!tags.includes(`staff:${staffId}`) || ('allBut' in only && tags.includes(`session:${only.allBut}`))) continue;
      closeQuietly(ws, 1008, 'session ended');
    }
  }

  /** A session's time is up: its sockets close, and the alarm is set for the next one to end. */
  async alarm(): Promise<void> {
    const now = Date.now();
    let next = Infinity;
    for (const ws of this.ctx.getWebSockets()) {
      const until = untilOf(this.ctx.getTags(ws));
      if (until === null) continue;
      if (until <= now) closeQuietly(ws, 1008, 'session expired');
      else next = Math.min(next, until);
    }
    if (next !== Infinity) await this.ctx.storage.setAlarm(next);
  }

  private async wakeAtOrBefore(until: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > until) await this.ctx.storage.setAlarm(until);
  }
}

function untilOf(tags: string[]): number | null {
  const tag = tags.find((t) => t.startsWith('until:'));
  return tag ? Number(tag.slice('until:'.length)) : null;
}
