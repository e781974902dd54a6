import type { Language } from '../../core/constants';
import { LAST_ACTIVE_WRITE_MINUTES } from '../../core/rules/activity';
import { MAIL_DELAY_MS, MAIL_ONLINE_MINUTES } from '../../core/rules/notification-mail';
import { LiveSendFrameSchema } from '../../core/schemas/chat';
import type { LiveEvent, LiveReply, LiveSendFrame } from '../../core/schemas/live';
import { ApiFailure, errorBody, genericErrorBody } from '../errors';
import { translatorFor } from '../i18n';
import { SocketHub } from '../live/socket-hub';
import { logEvent } from '../log';
import { writeLastActive } from '../auth/last-active';
import { sendNotificationMails } from '../notifications/mailer';
import { brandEnv, primarySession } from '../db/request-db';
import { findTenant } from '../brands/runtime';
import { acceptRawSend } from './accept-send';
import type { Sender } from './send';

interface MailTarget {
  tenantId: string;
  memberId: number;
}

/** Who opened a socket, as the Worker found the session (header LIVE_SENDER_HEADER); kept with the socket. */
export interface LiveSender extends Sender {
  language: Language;
  /** The visitor's country when the socket opened (worker/age/gate.ts gateCountry): its market rule gates sends. */
  country?: string | null;
}

/** Set by the Worker on the hub's upgrade request only (worker/chat/chat-push-routes.ts), never by the browser. */
export const LIVE_SENDER_HEADER = 'X-Live-Sender';

/**
 * One per member (id = "<tenant>:<member id>"): holds the member's open tabs' WebSockets and fans events out to all
 * of them (worker/live/socket-hub.ts). `publish` answers how many tabs got an event: 0 means nobody is online, so the
 * caller sends a push instead and leaves a pending notification; `queueMail` then sets this hub's alarm, which
 * decides the notification mails (worker/notifications/mailer.ts) outside any member's request.
 */
export class MemberHub extends SocketHub<LiveEvent> {
  protected readonly maxSockets = 24;
  /** When a send over this hub's sockets last wrote the member's last activity (in memory: a new instance writes again). */
  private lastActiveWritten = 0;

  /**
   * The Worker has checked the session and the origin; this accepts the socket and keeps who opened it, so the tab
   * can send messages over it (`send` frames: core/schemas/live.ts).
   */
  async fetch(request: Request): Promise<Response> {
    const sender = request.headers.get(LIVE_SENDER_HEADER);
    const hello: LiveReply = sender ? { type: 'hello', sends: true } : { type: 'hello' };
    return this.accept(request, hello, [], sender ? (JSON.parse(sender) as LiveSender) : undefined);
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const frame = sendFrame(message);
    const sender = frame && (ws.deserializeAttachment() as LiveSender | null);
    if (!frame || !sender) return super.webSocketMessage(ws, message);
    const reply = await this.send(sender, frame);
    try {
      ws.send(JSON.stringify(reply));
    } catch {
      // the tab has gone: it asks again with the same key, over whichever way it has
    }
  }

  /**
   * A send over the socket: POST /api/chat.php's checks, batch and answer (worker/chat/accept-send.ts), without the
   * request around it. The batch checks that the session is still live. The answer carries the write's bookmark,
   * which the tab sends with its next API calls so they read this message back (worker/db/request-db.ts).
   */
  private async send(sender: LiveSender, frame: LiveSendFrame): Promise<LiveReply> {
    const t = translatorFor(sender.language);
    const tenant = await findTenant(this.env.DB, sender.tenantId);
    if (!tenant) return { type: 'sent', key: frame.key, status: 500, body: genericErrorBody(t) };
    const env = brandEnv(this.env, tenant);
    const session = primarySession(env.DB);
    try {
      const { status, body } = await acceptRawSend(
        env,
        { db: session.db, tenant, member: sender, now: new Date(), key: frame.key, body: frame.body, country: sender.country ?? null },
        (work) => this.ctx.waitUntil(work),
        async (events) => this.publish(events),
      );
      this.keepOnline(env, sender);
      return { type: 'sent', key: frame.key, status, body, bookmark: session.bookmark() ?? undefined };
    } catch (error) {
      if (error instanceof ApiFailure) return { type: 'sent', key: frame.key, status: error.status, body: errorBody(t, error) };
      logEvent('error', 'live send failed', { tenant: tenant.id, memberId: sender.id, error: String(error) });
      return { type: 'sent', key: frame.key, status: 500, body: genericErrorBody(t) };
    }
  }

  /**
   * A notification is pending: look in MAIL_DELAY_MS (an alarm already set stays, so a burst of events waits for
   * the same alarm and becomes one mail).
   */
  async queueMail(tenantId: string, memberId: number): Promise<void> {
    await this.ctx.storage.put<MailTarget>('mail-target', { tenantId, memberId });
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + MAIL_DELAY_MS);
  }

  async alarm(): Promise<void> {
    const target = await this.ctx.storage.get<MailTarget>('mail-target');
    // A runtime brand too, in an isolate that has never served it (findTenant reads D1 within the brands' window).
    const tenant = target && (await findTenant(this.env.DB, target.tenantId));
    if (!target || !tenant) return;
    const now = new Date();
    // The hub learns its brand from the target it was given; the brand's data may be in its own database.
    const run = await sendNotificationMails(brandEnv(this.env, tenant), target.tenantId, target.memberId, now, await this.online(now));
    if (run.next) await this.ctx.storage.setAlarm(run.next.getTime());
  }

  /**
   * A send is activity: the member shows as online (issue 17, item 3). A request's session middleware writes it for
   * HTTP; a send over the socket has no request around it, so the hub does, at most once per write interval.
   */
  private keepOnline(env: Env, sender: LiveSender): void {
    const now = new Date();
    if (now.getTime() - this.lastActiveWritten < LAST_ACTIVE_WRITE_MINUTES * 60_000) return;
    this.lastActiveWritten = now.getTime();
    this.ctx.waitUntil(writeLastActive(env.DB, sender, now).catch(() => undefined));
  }

  /** A tab is open, or one closed within MAIL_ONLINE_MINUTES (a reload, a train tunnel): the member is here. */
  private async online(now: Date): Promise<boolean> {
    if (this.ctx.getWebSockets().length > 0) return true;
    const closed = await this.ctx.storage.get<number>('socket-closed-at');
    return closed !== undefined && closed > now.getTime() - MAIL_ONLINE_MINUTES * 60_000;
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    await this.ctx.storage.put('socket-closed-at', Date.now());
    await super.webSocketClose(ws, code, reason);
  }
}

/** A send frame's envelope, or null for anything else (a ping, or a frame the hub refuses as not the protocol). */
function sendFrame(message: string | ArrayBuffer): LiveSendFrame | null {
  if (typeof message !== 'string') return null;
  try {
    const parsed = LiveSendFrameSchema.safeParse(JSON.parse(message));
    return parsed.success ? (parsed.data as LiveSendFrame) : null;
  } catch {
    return null;
  }
}
