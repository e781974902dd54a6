import { z } from 'zod';

/**
 * GET /api/staff/operations.php[?brand=&period=] (issue 48 item 7; README "Reading the operations screen"): for the
 * owners of a brand (every brand they own without `brand`), how the running site does: error rate and latency per
 * brand and route, webhooks received, pushes and mails that failed, postbacks that failed or were retried, the answer
 * queue's oldest wait, the background jobs' runs and the alert incidents. Read from the request rollups and from the
 * tables that hold each of these already (outbox, postbacks, conversations, job_runs, ops_incidents).
 */
export const OPERATIONS_PERIODS = ['24h', '7d'] as const;
export type OperationsPeriod = (typeof OPERATIONS_PERIODS)[number];

export const OperationsQuerySchema = z.object({
  brand: z.string().max(40).optional(),
  period: z.enum(OPERATIONS_PERIODS).default('24h'),
});

/** A latency bound in ms (core/rules/latency.ts); OVER_LAST_BOUND: more than the last bound (5 s). */
export const OVER_LAST_BOUND = 5001;

const count = z.number().int().min(0);

export const OperationsRouteSchema = z.object({
  brand: z.string(),
  route: z.string(),
  requests: count,
  /** Answers with status 5xx, and their share of the requests. */
  errors: count,
  error_rate: z.number().min(0).max(1),
  /** Answers with status 4xx (refused input, a login needed): not errors of the site. */
  refused: count,
  /** Upper bounds in ms under which half and 95 % of the requests were answered; null without requests. */
  p50_ms: z.number().int().nullable(),
  p95_ms: z.number().int().nullable(),
});

export const OperationsSchema = z.object({
  period: z.enum(OPERATIONS_PERIODS),
  /** The start of the period (ISO), and the brands it covers. */
  since: z.string(),
  brands: z.array(z.string()),
  /** Per brand and route, most errors first; webhooks (calls of payment and other providers) are among them. */
  routes: z.array(OperationsRouteSchema),
  /** The routes outside parties call (payment webhooks and postbacks, age checks, mail events). */
  webhooks: z.array(OperationsRouteSchema),
  /** Pushes sent to the browsers' push services: accepted, refused (the subscription is gone), failed. */
  pushes: z.array(z.object({ brand: z.string(), sent: count, refused: count, failed: count })),
  /** Mails and SMS the outbox could not send in the period, and the last one's time. */
  mails: z.array(z.object({ brand: z.string(), failed: count, last_failed_at: z.string().nullable() })),
  /** Postbacks to affiliate networks in the period: given up, sent only after a retry, still retrying. */
  postbacks: z.array(
    z.object({
      brand: z.string(),
      network_id: z.number().int(),
      network: z.string(),
      failed: count,
      retried: count,
      retrying: count,
      last_status_code: z.number().int().nullable(),
    }),
  ),
  /** The answer queue now: the oldest waiting member message and the brand's limit for the alert. */
  queues: z.array(
    z.object({
      brand: z.string(),
      waiting_since: z.string().nullable(),
      wait_ms: z.number().int().nullable(),
      limit_minutes: z.number().int(),
    }),
  ),
  /** Background jobs (cron tasks, queue batches) of the brands' databases, newest first. */
  jobs: z.array(
    z.object({
      name: z.string(),
      cron: z.string().nullable(),
      started_at: z.string(),
      duration_ms: count,
      outcome: z.enum(['ok', 'failed']),
    }),
  ),
  /** Alert incidents opened in the period or still open. */
  incidents: z.array(
    z.object({
      brand: z.string(),
      kind: z.string(),
      key: z.string(),
      opened_at: z.string(),
      closed_at: z.string().nullable(),
    }),
  ),
});
export type Operations = z.infer<typeof OperationsSchema>;
export type OperationsRoute = z.infer<typeof OperationsRouteSchema>;
