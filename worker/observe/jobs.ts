import { describeError, logEvent } from '../log';
import { errorClass } from './rollups';

/**
 * One background job's run (issue 48 items 6-7): a cron task for one database, a queue batch. It leaves one JSON line
 * (name, schedule, counts, duration, outcome) and one row in job_runs of that database, which the operations screen
 * lists. The counts are the job's own result (how many purged, mailed, sent): numbers, never personal data.
 */
export interface JobRun {
  name: string;
  /** The cron schedule that ran it; null for a queue batch or a run by hand without one. */
  cron: string | null;
  /** Where the row goes: the database the job worked on. */
  db: D1Database;
  /** Extra fields of the log line (the binding's name). */
  fields?: Record<string, string | number>;
}

const counts = (result: unknown): Record<string, number> => {
  if (typeof result === 'number') return { count: result };
  if (!result || typeof result !== 'object') return {};
  return Object.fromEntries(Object.entries(result).filter((e): e is [string, number] => typeof e[1] === 'number'));
};

/** Runs the job and records it; a failure is recorded and then thrown on (a queue batch is then retried as before). */
export async function runJob<T>(job: JobRun, work: () => Promise<T>): Promise<T> {
  const started = new Date();
  let outcome: 'ok' | 'failed' = 'ok';
  let detail: Record<string, unknown> = {};
  let result: T | undefined;
  let failure: unknown;
  try {
    result = await work();
    detail = counts(result);
  } catch (error) {
    outcome = 'failed';
    failure = error;
    detail = { errorClass: errorClass(error) };
    // The stack stays in the log (it names code, not people); the job_runs row keeps the class only.
    logEvent('error', 'job failed', { job: job.name, ...describeError(error) });
  }
  const finished = new Date();
  const ms = finished.getTime() - started.getTime();
  logEvent(outcome === 'ok' ? 'info' : 'error', 'job', { job: job.name, cron: job.cron, outcome, ms, ...job.fields, ...detail });
  await job.db
    .prepare('INSERT INTO job_runs (name, cron, started_at, finished_at, duration_ms, outcome, detail) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(job.name, job.cron, started.toISOString(), finished.toISOString(), ms, outcome, JSON.stringify(detail))
    .run()
    .catch((error) => logEvent('warn', 'job run not recorded', { job: job.name, errorClass: errorClass(error) }));
  if (outcome === 'failed') throw failure;
  return result as T;
}

/** The runs kept: older ones go with the hourly cron (with the rollups older than this). */
export const KEEP_DAYS = 8;

/** Deletes rollups and job runs older than KEEP_DAYS from one database; how many rows went. */
export async function purgeObservations(db: D1Database, now: Date): Promise<{ rollups: number; jobs: number }> {
  const before = new Date(now.getTime() - KEEP_DAYS * 86_400_000).toISOString();
  const [rollups, jobs] = await db.batch([
    db.prepare('DELETE FROM request_rollups WHERE bucket < ?').bind(before.slice(0, 16)),
    db.prepare('DELETE FROM job_runs WHERE started_at < ?').bind(before),
  ]);
  return { rollups: rollups.meta.changes, jobs: jobs.meta.changes };
}
