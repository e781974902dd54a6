/**
 * Against card testing (issue 44, item 8): how many purchase attempts a member, an IP address and a card may make,
 * and when a burst of declines pauses a member's purchases. An attempt is an order placed at a provider (one row in
 * `orders`, whatever became of it); an order refused before it was placed (a used code, a limit) is no attempt.
 *
 * The worker decides in the order's own INSERT (worker/payments/velocity.ts mirrors these numbers in SQL, so 50
 * attempts at once cannot pass a limit); this module says the same rule in plain code, to explain a refusal (which
 * limit, for how long) and to be read and tested.
 */

const MINUTE = 60_000;

export interface AttemptWindow {
  /** Attempts allowed within the window; the next one is refused. */
  limit: number;
  minutes: number;
}

/** The short window catches a script's burst; the day window a slow one. A real member buys a few times a day. */
export const PURCHASE_LIMITS = {
  member: [
    { limit: 10, minutes: 10 },
    { limit: 30, minutes: 24 * 60 },
  ],
  /** Several members behind one address (a household, an office) share it: higher than a member's own. */
  ip: [
    { limit: 20, minutes: 10 },
    { limit: 60, minutes: 24 * 60 },
  ],
  /** One card (the provider's fingerprint or stored token) across every member of the brand. */
  card: [
    { limit: 5, minutes: 10 },
    { limit: 15, minutes: 24 * 60 },
  ],
} as const satisfies Record<string, readonly AttemptWindow[]>;

/** A burst: this many declined payments of one member within `withinMinutes`... */
export const DECLINE_BURST = { declines: 3, withinMinutes: 10 } as const;
/** ...pauses that member's new purchases for this long after the decline that completed it. */
export const COOLING_MINUTES = 30;

/** The longest look back any rule needs (the day window; the cooling period plus its burst is shorter). */
export const LOOK_BACK_MINUTES = Math.max(24 * 60, COOLING_MINUTES + DECLINE_BURST.withinMinutes);

export interface Attempts {
  /** Times of the member's own attempts (orders placed) in the last day. */
  member: readonly Date[];
  /** Times of attempts from the request's IP address; null when the address is unknown (local tools). */
  ip: readonly Date[] | null;
  /** Times of attempts on the card; null when no fingerprint is known for this attempt. */
  card: readonly Date[] | null;
  /** When the member's payments were declined, in the last COOLING_MINUTES + DECLINE_BURST.withinMinutes. */
  declines: readonly Date[];
}

export type PurchaseVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'member' | 'ip' | 'card'; retryAfterSeconds: number }
  | { allowed: false; reason: 'cooling'; retryAfterSeconds: number };

/** When a window has room again: once enough of its attempts have aged out of it; null when it has room now. */
export function windowFreeAt(times: readonly Date[], rule: AttemptWindow, now: Date): Date | null {
  const since = now.getTime() - rule.minutes * MINUTE;
  const inside = times
    .map((t) => t.getTime())
    .filter((t) => t > since && t <= now.getTime())
    .sort((a, b) => a - b);
  if (inside.length < rule.limit) return null;
  // Room for one more once all but limit - 1 attempts have left the window.
  return new Date(inside[inside.length - rule.limit] + rule.minutes * MINUTE);
}

/** Until when a burst of declines pauses the member's purchases; null when no pause runs now. */
export function coolingUntil(declines: readonly Date[], now: Date): Date | null {
  const times = declines.map((t) => t.getTime()).sort((a, b) => a - b);
  let until: number | null = null;
  for (let i = DECLINE_BURST.declines - 1; i < times.length; i++) {
    const burstEnd = times[i];
    const burstStart = times[i - DECLINE_BURST.declines + 1];
    if (burstEnd - burstStart < DECLINE_BURST.withinMinutes * MINUTE && burstEnd <= now.getTime()) {
      const ends = burstEnd + COOLING_MINUTES * MINUTE;
      if (ends > now.getTime()) until = Math.max(until ?? 0, ends);
    }
  }
  return until === null ? null : new Date(until);
}

const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/** Whether one more attempt may be made now, and if not, which rule refuses it and for how long. */
export function purchaseVerdict(attempts: Attempts, now: Date): PurchaseVerdict {
  const paused = coolingUntil(attempts.declines, now);
  if (paused) return { allowed: false, reason: 'cooling', retryAfterSeconds: secondsUntil(paused, now) };
  for (const reason of ['card', 'ip', 'member'] as const) {
    const times = attempts[reason];
    if (!times) continue;
    const freeAt = PURCHASE_LIMITS[reason]
      .map((rule) => windowFreeAt(times, rule, now))
      .reduce<Date | null>((latest, at) => (at && (!latest || at > latest) ? at : latest), null);
    if (freeAt) return { allowed: false, reason, retryAfterSeconds: secondsUntil(freeAt, now) };
  }
  return { allowed: true };
}
