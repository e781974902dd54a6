import { MAIL_DELAY_MS, MAIL_ONLINE_MINUTES } from '../../core/rules/notification-mail';
import type { LiveEvent } from '../../core/schemas/live';
import { SocketHub } from '../live/socket-hub';
import { sendNotificationMails } from '../notifications/mailer';
import { brandEnv } from '../db/request-db';
import { TENANTS } from '../tenants';

interface MailTarget {
  tenantId: string;
  memberId: number;
}

/**
 * One per member (id = "<tenant>:<member id>"): holds the member's open tabs' WebSockets and fans events out to all
 * of them (worker/live/socket-hub.ts). `publish` answers how many tabs got an event: 0 means nobody is online, so the
 * caller sends a push instead and leaves a pending notification; `queueMail` then sets this hub's alarm, which
 * decides the notification mails (worker/notifications/mailer.ts) outside any member's request.
 */
export class MemberHub extends SocketHub<LiveEvent> {
  protected readonly maxSockets = 24;

  /** The Worker has checked the session and the origin; this only accepts the socket. */
  async fetch(request: Request): Promise<Response> {
    return this.accept(request, { type: 'hello' });
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
    const tenant = target && TENANTS.find((t) => t.id === target.tenantId);
    if (!target || !tenant) return;
    const now = new Date();
    // The hub learns its brand from the target it was given; the brand's data may be in its own database.
    const run = await sendNotificationMails(brandEnv(this.env, tenant), target.tenantId, target.memberId, now, await this.online(now));
    if (run.next) await this.ctx.storage.setAlarm(run.next.getTime());
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
