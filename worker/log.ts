import type { AppContext } from './context';
import { routePattern } from './observe/route-pattern';

type Level = 'info' | 'warn' | 'error';

/** One JSON line per event, always with the request id, so a report can be traced through the logs (and its request's line). */
export function log(c: AppContext, level: Level, message: string, extra: Record<string, unknown> = {}): void {
  // The route pattern, not the path: a path carries ids and tokens (/members/123, a reset link's token).
  logEvent(level, message, { requestId: c.get('requestId'), tenant: c.get('tenant')?.id, route: routePattern(c.req.path), ...extra });
}

/** The same JSON line where there is no request (a cron run, a Durable Object, work in waitUntil). */
export function logEvent(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  logSink.write(level, JSON.stringify({ level, message, ...fields }));
}

/** Where the lines go: the console, which Workers Logs keeps. Tests listen in here (worker/observe/request-log.test.ts). */
export const logSink = {
  write(level: Level, line: string): void {
    if (level === 'error') console.error(line);
    else if (level === 'warn') console.warn(line);
    else console.log(line);
  },
};

export function describeError(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
}
