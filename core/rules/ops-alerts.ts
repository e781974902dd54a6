/**
 * The operations alerts (issue 48 item 8): from a brand's current figures and its open incidents, which incidents
 * open (and mail the owners once) and which close. An incident stays open while its condition holds; a new mail goes
 * out only after it closed and the condition came back (worker/observe/alerts.ts writes the decision in one
 * conditional statement per incident, so concurrent cron runs mail once).
 */

/** Error rate: at least this share of 5xx answers... */
export const ERROR_RATE_ALERT = 0.05;
/** ...over at least this many requests in the window (fewer say nothing: 1 error in 3 requests is no incident). */
export const ERROR_RATE_MIN_REQUESTS = 50;
/** The window of the error rate and the postback failures: the hourly cron looks back this far. */
export const ALERT_WINDOW_MINUTES = 60;
/** Postbacks to one affiliate network: this many failed attempts in the window with no success after them. */
export const POSTBACK_FAILURES_ALERT = 5;
/** The answer queue's default limit when the brand's tenant file names none (tenant.answer_wait_alert_minutes). */
export const DEFAULT_ANSWER_WAIT_MINUTES = 30;

export type AlertKind = 'error_rate' | 'queue_wait' | 'postbacks';

export interface BrandFigures {
  brand: string;
  /** Requests and 5xx answers in the window. */
  requests: number;
  errors: number;
  /** How long the oldest waiting conversation has waited, or null when none waits. */
  queueOldestMs: number | null;
  queueLimitMinutes: number;
  /** Per affiliate network: failed attempts in the window since its last successful one. */
  postbackFailures: readonly { network: number; failures: number }[];
}

export interface OpenIncident {
  brand: string;
  key: string;
}

export interface AlertOpening extends OpenIncident {
  kind: AlertKind;
  /** The figures the mail states, for the incident's row and the mail's text. */
  detail: Record<string, number>;
}

/** The conditions that hold now for one brand, each under its incident key. */
export function conditions(f: BrandFigures): AlertOpening[] {
  const out: AlertOpening[] = [];
  if (f.requests >= ERROR_RATE_MIN_REQUESTS && f.errors / f.requests >= ERROR_RATE_ALERT) {
    out.push({
      brand: f.brand,
      key: 'error_rate',
      kind: 'error_rate',
      detail: { requests: f.requests, errors: f.errors, minutes: ALERT_WINDOW_MINUTES },
    });
  }
  if (f.queueOldestMs !== null && f.queueOldestMs > f.queueLimitMinutes * 60_000) {
    out.push({
      brand: f.brand,
      key: 'queue_wait',
      kind: 'queue_wait',
      detail: { waited_minutes: Math.floor(f.queueOldestMs / 60_000), limit_minutes: f.queueLimitMinutes },
    });
  }
  for (const { network, failures } of f.postbackFailures) {
    if (failures >= POSTBACK_FAILURES_ALERT)
      out.push({
        brand: f.brand,
        key: `postbacks:${network}`,
        kind: 'postbacks',
        detail: { network, failures, minutes: ALERT_WINDOW_MINUTES },
      });
  }
  return out;
}

/**
 * What to do: open every condition that holds and has no open incident; close every open incident of these brands
 * whose condition no longer holds. Brands not among `figures` are left alone (another database's run sees them).
 */
export function decideAlerts(
  figures: readonly BrandFigures[],
  open: readonly OpenIncident[],
): { open: AlertOpening[]; close: OpenIncident[] } {
  const holding = figures.flatMap(conditions);
  const id = (i: OpenIncident) => `${i.brand}\n${i.key}`;
  const isOpen = new Set(open.map(id));
  const holds = new Set(holding.map(id));
  const brands = new Set(figures.map((f) => f.brand));
  return {
    open: holding.filter((c) => !isOpen.has(id(c))),
    close: open.filter((i) => brands.has(i.brand) && !holds.has(id(i))),
  };
}
