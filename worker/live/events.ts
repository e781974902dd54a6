import type { LiveEvent } from '../../core/schemas/live';
import { recordPending } from './pending';
import { pushForEvent } from '../push/events';
import { logEvent } from '../log';

export type { LiveEvent } from '../../core/schemas/live';

/** The member's hub (worker/chat/member-hub.ts): one Durable Object per member of a brand. */
export function memberHub(env: Env, tenantId: string, memberId: number) {
  return env.LIVE.get(env.LIVE.idFromName(`${tenantId}:${memberId}`));
}

/**
 * Tells a member's open tabs about an event (a message, a like, a match, a credit change) within a second; events
 * of one moment (a message, the new balance, a receipt) go together, in order, in one call to the hub.
 * When no tab is open, messages, likes and matches go out as a web push instead, if the member allows pushes of
 * that kind, and are noted for a notification mail, which the member's hub decides later (issue 18). Answers how
 * many tabs were reached. Call it in `c.executionCtx.waitUntil(...)`: it never throws, a
 * failed delivery is caught up by the client's refresh.
 */
export async function publishToMember(
  env: Env,
  tenantId: string,
  memberId: number,
  events: LiveEvent | readonly LiveEvent[],
): Promise<number> {
  let reached = 0;
  try {
    reached = await memberHub(env, tenantId, memberId).publish(events);
  } catch (error) {
    logEvent('warn', 'live publish failed', { tenant: tenantId, memberId, error: String(error) });
  }
  if (reached === 0) for (const event of Array.isArray(events) ? events : [events]) await missed(env, tenantId, memberId, event);
  return reached;
}

/** An event no tab received: a web push and a note for the notification mail, where the event is one for them. */
async function missed(env: Env, tenantId: string, memberId: number, event: LiveEvent): Promise<void> {
  try {
    await pushForEvent(env, tenantId, memberId, event);
  } catch (error) {
    logEvent('warn', 'push failed', { tenant: tenantId, memberId, error: String(error) });
  }
  try {
    if (await recordPending(env, tenantId, memberId, event, new Date()))
      await memberHub(env, tenantId, memberId).queueMail(tenantId, memberId);
  } catch (error) {
    logEvent('warn', 'notification mail not queued', { tenant: tenantId, memberId, error: String(error) });
  }
}
