import type { AppContext } from './context';

type Level = 'info' | 'warn' | 'error';

/** One JSON line per event, always with the request id, so a report can be traced through the logs. */
export function log(c: AppContext, level: Level, message: string, extra: Record<string, unknown> = {}): void {
  logEvent(level, message, { requestId: c.get('requestId'), tenant: c.get('tenant')?.id, path: c.req.path, ...extra });
}

/** The same JSON line where there is no request (a cron run, a Durable Object, work in waitUntil). */
export function logEvent(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

export function describeError(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
}
