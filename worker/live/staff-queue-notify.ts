import type { StaffQueueChange } from '../../core/schemas/staff';
import { brandsOf, type StaffSession } from '../auth/staff-session';
import { logEvent } from '../log';

/** The brand's StaffQueue Durable Object (worker/live/staff-queue.ts). */
export function staffQueue(env: Env, brand: string) {
  return env.STAFF_QUEUE.get(env.STAFF_QUEUE.idFromName(brand));
}

/**
 * Tells the brand's open workspaces that the queue changed. Run it in waitUntil after the change is stored: it never
 * throws, and a lost event only delays a workspace until its next refetch.
 */
export async function notifyStaffQueue(env: Env, brand: string, change: StaffQueueChange, conversationId: number): Promise<void> {
  try {
    await staffQueue(env, brand).publish({ type: 'queue', brand, change, conversation_id: conversationId });
  } catch (error) {
    logEvent('warn', 'staff queue notify failed', { brand, conversationId, error: String(error) });
  }
}

/**
 * Closes live queue sockets of a staff member on every brand they work on: those of one session (logout, a session
 * ended from another device) or all but one (`allBut: null`: all of them, e.g. an account taken away). A workspace
 * whose session still holds simply reconnects; one without a session is refused. Never throws; run in waitUntil.
 */
export async function closeSessionSockets(
  env: Env,
  staff: StaffSession,
  only: { session: string } | { allBut: string | null },
): Promise<void> {
  await Promise.all(
    brandsOf(staff).map((brand) =>
      staffQueue(env, brand)
        .closeSessions(staff.id, only)
        .catch(() => undefined),
    ),
  );
}
