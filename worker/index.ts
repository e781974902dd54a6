import { app } from './app';
import { isLocal } from './context';
import { drainUnreadBody } from './drain-body';
import { purgeExpired } from './services/purge';
import { logEvent } from './log';
import { expireSandboxOrders } from './payments/expire';
import { rollUp } from './staff/dashboard/rollup';

/** The schedules of wrangler.toml [triggers] crons. */
const PURGE_CRON = '17 3 * * *';
const ROLLUP_CRON = '7 * * * *';
import { LOCAL_UPSTREAM_HEADER } from './upstream/client';

// The live hub of each member (Durable Object class named in wrangler.toml).
export { MemberHub } from './chat/member-hub';
// The answering queue of each brand's staff workspaces (issue 14).
export { StaffQueue } from './staff/answering/staff-queue';

export default {
  async fetch(request, env, ctx) {
    const response = await app.fetch(isLocal(env) ? asForwarded(request) : request, env, ctx);
    // Locally, read what the Worker left unread before answering, so the client gets its answer (worker/drain-body.ts).
    if (isLocal(env) && request.body) await drainUnreadBody(request);
    return response;
  },
  // The Cron Triggers (wrangler.toml [triggers]): the daily purge, and hourly the figures rollup and the sweep of
  // abandoned sandbox orders; a run by hand (another or no schedule, e.g. wrangler's test endpoint) does all.
  async scheduled(controller, env, ctx) {
    const now = new Date(controller.scheduledTime);
    if (controller.cron !== ROLLUP_CRON) {
      ctx.waitUntil(purgeExpired(env, now).then((purged) => logEvent('info', 'purge', { purged, cron: controller.cron })));
    }
    if (controller.cron !== PURGE_CRON) {
      ctx.waitUntil(rollUp(env.DB, now).then((done) => logEvent('info', 'figures rollup', { ...done, cron: controller.cron })));
      ctx.waitUntil(expireSandboxOrders(env.DB, now).then((expired) => logEvent('info', 'sandbox orders expired', { expired, cron: controller.cron })));
    }
  },
} satisfies ExportedHandler<Env>;

/**
 * Local mode only: a call from this very Worker to itself as a brand's upstream (worker/upstream/client.ts) arrives
 * on 127.0.0.1. The origin brand answers as a backend behind the edge would: on the host the browser used
 * (X-Forwarded-Host), so its links, cookies and same-origin checks are the proxied brand's.
 */
function asForwarded(request: Request): Request {
  const forwardedHost = request.headers.get('x-forwarded-host');
  if (!request.headers.has(LOCAL_UPSTREAM_HEADER) || !forwardedHost) return request;
  const url = new URL(request.url);
  const proto = request.headers.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  const rewritten = new Request(`${proto}://${forwardedHost}${url.pathname}${url.search}`, request);
  rewritten.headers.set('Host', forwardedHost);
  return rewritten;
}
