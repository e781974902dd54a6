import type { LiveEvent } from '../../core/schemas/live';
import { SocketHub } from '../live/socket-hub';

/**
 * One per member (id = "<tenant>:<member id>"): holds the member's open tabs' WebSockets and fans events out to all
 * of them (worker/live/socket-hub.ts). `publish` answers how many tabs got an event: 0 means nobody is online, so the
 * caller sends a push instead.
 */
export class MemberHub extends SocketHub<LiveEvent> {
  protected readonly maxSockets = 24;

  /** The Worker has checked the session and the origin; this only accepts the socket. */
  async fetch(request: Request): Promise<Response> {
    return this.accept(request, { type: 'hello' });
  }
}
