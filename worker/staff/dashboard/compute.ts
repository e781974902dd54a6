import type { CountMetric } from '../../../core/schemas/staff-dashboard';
import { ANSWERED_SQL, answerSpread } from '../answering/figures';
import { namedBatch, rows, type Rows } from '../../db/batch';

/** One brand's (or the deployment's) figures of one UTC day, computed from the raw tables. */
export interface DayFigures {
  counts: Record<CountMetric, number>;
  /** Net revenue per currency in minor units: orders paid that day minus paid orders refunded that day. */
  revenue: Record<string, number>;
  /** The waited_ms of the day's answers, kept so the deployment's median and p90 come from every brand's answers. */
  waits: number[];
}

const emptyDay = (): DayFigures => ({
  counts: { signups: 0, activations: 0, first_purchases: 0, paying_members: 0, messages_members: 0, messages_staff: 0, answered: 0 },
  revenue: {},
  waits: [],
});

/** The UTC days from `from` to `to`, both included (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// Every query reads one brand's range of days through an index on (tenant_id, <time>) (migration 0019,
// staff_messages_day); timestamps are ISO strings, so a day's rows are those from 'YYYY-MM-DD' to the next day.
// A first purchase is a member's earliest paid order (ties by id); a refund counts only for an order that was paid.
// `start` is where the range begins (?2, a day or a timestamp); a member who paid earlier on the same day but before
// `start` is not counted again among the paying members (today's rows after the cron's mark, see LIVE_SQL).
const daySql = (start: string) => ({
  signups: `SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n FROM members
             WHERE tenant_id = ?1 AND created_at >= ${start} AND created_at < ?3 GROUP BY day`,
  activations: `SELECT substr(activated_at, 1, 10) AS day, COUNT(*) AS n FROM members
                 WHERE tenant_id = ?1 AND activated_at >= ${start} AND activated_at < ?3 GROUP BY day`,
  buyers: `SELECT substr(o.paid_at, 1, 10) AS day,
                  COUNT(DISTINCT CASE WHEN NOT EXISTS (SELECT 1 FROM orders e WHERE e.tenant_id = ?1 AND e.member_id = o.member_id
                                     AND e.paid_at >= substr(o.paid_at, 1, 10) AND e.paid_at < ${start}) THEN o.member_id END) AS paying,
                  SUM(NOT EXISTS (SELECT 1 FROM orders p WHERE p.tenant_id = ?1 AND p.member_id = o.member_id AND p.paid_at IS NOT NULL
                                     AND (p.paid_at < o.paid_at OR (p.paid_at = o.paid_at AND p.id < o.id)))) AS first
             FROM orders o WHERE o.tenant_id = ?1 AND o.paid_at >= ${start} AND o.paid_at < ?3 GROUP BY day`,
  paid: `SELECT substr(paid_at, 1, 10) AS day, currency, SUM(amount) AS amount FROM orders
          WHERE tenant_id = ?1 AND paid_at >= ${start} AND paid_at < ?3 GROUP BY day, currency`,
  refunded: `SELECT substr(refunded_at, 1, 10) AS day, currency, SUM(amount) AS amount FROM orders
              WHERE tenant_id = ?1 AND refunded_at >= ${start} AND refunded_at < ?3 AND paid_at IS NOT NULL GROUP BY day, currency`,
  // Members' messages: the hours the send's batch counted them in (member_message_hours, migration 0051; the
  // messages themselves live in the conversation logs, docs/decisions/016). `start` and ?3 are days or full hours
  // (the mark), so the hours from substr(start, 1, 13) on are exactly the messages from `start` on.
  messages: `SELECT substr(hour, 1, 10) AS day, SUM(n) AS n FROM member_message_hours
              WHERE tenant_id = ?1 AND hour >= substr(${start}, 1, 13) AND hour < substr(?3, 1, 13) GROUP BY day`,
  // Staff messages and, of them, the answers' times: one pass over the day's index range.
  staff: `SELECT substr(sm.created_at, 1, 10) AS day, COUNT(*) AS n, json_group_array(sm.waited_ms) FILTER (WHERE ${ANSWERED_SQL}) AS waits
           FROM staff_messages sm WHERE sm.tenant_id = ?1 AND sm.created_at >= ${start} AND sm.created_at < ?3 GROUP BY day`,
});
export const DAY_SQL = daySql('?2');

/**
 * The hourly cron rolls today up to its last full hour (rollup.ts) and marks that hour in a `live_from` row (value:
 * epoch ms). Today's counts are then that part plus the rows from the mark on, which these statements count: each
 * reads the brand's mark (or, before the first run of the day, starts at ?2, the day) in the same batch, so the
 * dashboard's two parts always meet at the same instant. Every counted row is append-only or gets its timestamp
 * once, when it happens (created_at, activated_at, paid_at, refunded_at), so no row moves across the mark later.
 * The answer times are the median of the whole day's answers, which parts cannot be summed into: the staff
 * messages are always counted live over the whole day (a small table, read from its covering index).
 */
export const LIVE_FROM_METRIC = 'live_from';
const LIVE_START = `COALESCE((SELECT strftime('%Y-%m-%dT%H:%M:%fZ', value / 1000.0, 'unixepoch') FROM daily_figures
                      WHERE tenant_id = ?1 AND day = ?2 AND metric = '${LIVE_FROM_METRIC}' AND currency = ''), ?2)`;
export const LIVE_SQL = { ...daySql(LIVE_START), staff: DAY_SQL.staff };
/** The metrics that today's rollup holds up to the mark (the rest, staff messages and answers, are live all day). */
export const MARKED_METRICS: readonly CountMetric[] = ['signups', 'activations', 'first_purchases', 'paying_members', 'messages_members'];

type QueryName = keyof typeof DAY_SQL;
const NAMES = Object.keys(DAY_SQL) as QueryName[];

// A day query's row: the day and the aggregates that query computes.
type Row = { day: string; n?: number; paying?: number; first?: number; currency?: string; amount?: number; waits?: string };
/** One brand's query as a named batch step (`<brand>:<query>`): readDays finds each result by its name. */
type DayStep = readonly [`${string}:${QueryName}`, Rows<Row>];
export type DayResults = Record<`${string}:${QueryName}`, D1Result<Row>>;

/** The steps for one brand's rows from `start` (a day or timestamp) to before `end`; read them with `readDays`. */
function spanSteps(db: D1Database, brand: string, start: string, end: string): DayStep[] {
  return NAMES.map((name) => [`${brand}:${name}`, rows<Row>(db.prepare(DAY_SQL[name]).bind(brand, start, end))] as const);
}

/** Today's steps from the brand's mark on (LIVE_SQL); read them with `readDays`. */
export function liveSteps(db: D1Database, brand: string, today: string): DayStep[] {
  const end = addDays(today, 1);
  return NAMES.map((name) => [`${brand}:${name}`, rows<Row>(db.prepare(LIVE_SQL[name]).bind(brand, today, end))] as const);
}

/** Turns a brand's results of `spanSteps` or `liveSteps` into one DayFigures per day of `days` (zero where nothing happened). */
export function readDays(results: DayResults, brand: string, days: string[]): Map<string, DayFigures> {
  const byDay = new Map(days.map((d) => [d, emptyDay()]));
  const rows = (name: QueryName) => results[`${brand}:${name}`].results.filter((r) => byDay.has(r.day));
  for (const r of rows('signups')) byDay.get(r.day)!.counts.signups = r.n!;
  for (const r of rows('activations')) byDay.get(r.day)!.counts.activations = r.n!;
  for (const r of rows('buyers')) {
    const f = byDay.get(r.day)!;
    f.counts.paying_members = r.paying!;
    f.counts.first_purchases = r.first!;
  }
  for (const r of rows('paid')) {
    const f = byDay.get(r.day)!;
    f.revenue[r.currency!] = (f.revenue[r.currency!] ?? 0) + r.amount!;
  }
  for (const r of rows('refunded')) {
    const f = byDay.get(r.day)!;
    f.revenue[r.currency!] = (f.revenue[r.currency!] ?? 0) - r.amount!;
  }
  for (const r of rows('messages')) byDay.get(r.day)!.counts.messages_members = r.n!;
  for (const r of rows('staff')) {
    const f = byDay.get(r.day)!;
    f.counts.messages_staff = r.n!;
    f.waits = JSON.parse(r.waits ?? '[]') as number[];
  }
  for (const f of byDay.values()) f.counts.answered = f.waits.length;
  return byDay;
}

/** Several brands' figures of one day as one: counts and revenue add up, answer times pool every answer. */
export function sumDays(parts: DayFigures[]): DayFigures {
  const total = emptyDay();
  for (const p of parts) {
    for (const k of Object.keys(total.counts) as CountMetric[]) total.counts[k] += p.counts[k];
    for (const [cur, v] of Object.entries(p.revenue)) total.revenue[cur] = (total.revenue[cur] ?? 0) + v;
    total.waits.push(...p.waits);
  }
  return total;
}

/** Median and p90 of a day's answers (the queue screen's definition), null without answers. */
export const answerTimes = (f: DayFigures) => answerSpread(f.waits);

/** Every brand's figures of the days `from`..`to`, in one batch; `*` holds their sum. */
export function computeDays(db: D1Database, brands: string[], from: string, to: string): Promise<Map<string, Map<string, DayFigures>>> {
  return computeSpan(db, brands, from, addDays(to, 1), daysBetween(from, to));
}

/** Every brand's figures of the rows from `start` to before `end` (timestamps or days), per day of `days`; `*`: the sum. */
export async function computeSpan(
  db: D1Database,
  brands: string[],
  start: string,
  end: string,
  days: string[],
): Promise<Map<string, Map<string, DayFigures>>> {
  const results: DayResults = brands.length
    ? await namedBatch(
        db,
        brands.flatMap((b) => spanSteps(db, b, start, end)),
      )
    : {};
  const perBrand = new Map(brands.map((b) => [b, readDays(results, b, days)]));
  perBrand.set('*', new Map(days.map((d) => [d, sumDays(brands.map((b) => perBrand.get(b)!.get(d)!))])));
  return perBrand;
}
