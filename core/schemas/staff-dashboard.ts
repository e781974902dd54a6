import { z } from 'zod';

/**
 * The back office's figures (issue 15, item 5; docs/api/staff.md "Back office: figures"): per UTC day for at most
 * the last DASHBOARD_DAYS days, read from the daily rollups the Cron Trigger writes; today is computed live.
 */

/** How far back the dashboard goes: today and the 89 days before it. */
export const DASHBOARD_DAYS = 90;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date_invalid')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'validation.date_invalid',
  );

/** GET dashboard.php[?brand=&from=&to=]: no brand is the whole deployment (owners only). */
export const DashboardQuerySchema = z.object({
  brand: z.string().min(1).max(40).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/** The counted metrics, one number per day each (members' and staff messages apart). */
export const COUNT_METRICS = [
  'signups',
  'activations',
  'first_purchases',
  'paying_members',
  'messages_members',
  'messages_staff',
  'answered',
] as const;
export type CountMetric = (typeof COUNT_METRICS)[number];
/** Operator answer time of the day's answers, nearest rank, in milliseconds; null on a day without answers. */
export const TIME_METRICS = ['answer_ms_median', 'answer_ms_p90'] as const;
export type TimeMetric = (typeof TIME_METRICS)[number];
