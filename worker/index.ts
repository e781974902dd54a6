import { app } from './app';
import { isLocal } from './context';
import { drainUnreadBody } from './drain-body';
import { purgeExpired } from './account/purge';
import { logEvent } from './log';
import { LOCAL_TOOLS } from './build-target';
import { expireSandboxOrders } from './payments/expire';
import { collectSepaDebits } from './payments/sepa/daily';
import { rollUp } from './staff/dashboard/rollup';
import { alertSchemeHealth } from './staff/dashboard/scheme-alert';
import { databasesOf } from './db/request-db';
import { TENANTS } from './tenants';
import { assertEnv } from './env-schema';
import { deliverPostbacks, requeueStale } from './tracking/postback-queue';
import { rollUpTraffic } from './tracking/traffic-rollup';
import type { PostbackMessage } from './tracking/postbacks';
import { databaseOf } from './db/request-db';

/** The schedules of wrangler.toml [triggers] crons. */
const PURGE_CRON = '17 3 * * *';
const ROLLUP_CRON = '7 * * * *';
import { LOCAL_UPSTREAM_HEADER, LOCAL_UPSTREAM_PROOF, provenLocalUpstream } from './upstream/local-upstream';

// The live hub of each member (Durable Object class named in wrangler.toml).
export { MemberHub } from './chat/member-hub';
// The answering queue of each brand's staff workspaces (issue 14).
export { StaffQueue } from './live/staff-queue';
export { ConversationLog } from './chat/conversation-log';

export default {
  async fetch(request, env, ctx) {
    // Once per isolate: a missing secret or a mistyped var fails every request at once, naming it (worker/env-schema.ts).
    assertEnv(env, TENANTS);
    const response = await app.fetch(isLocal(env) ? await asForwarded(request, env) : request, env, ctx);
    // Locally, read what the Worker left unread before answering, so the client gets its answer (worker/drain-body.ts).
    if (isLocal(env) && request.body) await drainUnreadBody(request);
    return response;
  },
  // The Cron Triggers (wrangler.toml [triggers]): the daily purge, and hourly the figures rollup and the sweep of
  // abandoned sandbox orders; a run by hand (another or no schedule, e.g. wrangler's test endpoint) does all.
  async scheduled(controller, env, ctx) {
    assertEnv(env, TENANTS);
    const now = new Date(controller.scheduledTime);
    // Every database a brand is bound to (docs/decisions/009-one-database-per-brand.md), each with its own brands.
    for (const { binding, db, tenantIds } of databasesOf(env, TENANTS)) {
      if (controller.cron !== ROLLUP_CRON) {
        ctx.waitUntil(
          purgeExpired({ ...env, DB: db }, now).then((purged) => logEvent('info', 'purge', { purged, binding, cron: controller.cron })),
        );
        // Once a day, each brand that is its own SEPA creditor hands its bank one pain.008 file per collection day.
        ctx.waitUntil(
          collectSepaDebits(
            env,
            db,
            TENANTS.filter((t) => tenantIds.includes(t.id)),
            now,
          ).then((files) => logEvent('info', 'sepa files', { files, binding, cron: controller.cron })),
        );
      }
      if (controller.cron !== PURGE_CRON) {
        ctx.waitUntil(
          rollUp(db, now, tenantIds).then((done) => logEvent('info', 'figures rollup', { ...done, binding, cron: controller.cron })),
        );
        // The paid-traffic funnel's daily rollup (issue 47): whole past days, recomputed for the last days and reversals.
        ctx.waitUntil(
          rollUpTraffic(db, now, tenantIds).then((done) => logEvent('info', 'traffic rollup', { ...done, binding, cron: controller.cron })),
        );
        // Card ratios at 1.2 % mail the brand's owners and admins, once per brand, provider and month (issue 44 item 7).
        ctx.waitUntil(
          alertSchemeHealth(env, db, tenantIds, now).then((done) =>
            logEvent('info', 'scheme health', { ...done, binding, cron: controller.cron }),
          ),
        );
        // Postbacks whose queue message was lost go out again (worker/tracking/postback-queue.ts).
        ctx.waitUntil(
          requeueStale(env, db, tenantIds, now).then((requeued) => logEvent('info', 'postbacks requeued', { requeued, binding })),
        );
        // Only a build with the sandbox payment service has sandbox orders (worker/build-target.ts).
        if (LOCAL_TOOLS) {
          ctx.waitUntil(
            expireSandboxOrders(db, now).then((expired) =>
              logEvent('info', 'sandbox orders expired', { expired, binding, cron: controller.cron }),
            ),
          );
        }
      }
    }
  },
  // The POSTBACKS queue (wrangler.toml [[queues.consumers]]): postbacks to affiliate networks, issue 47.
  async queue(batch, env) {
    assertEnv(env, TENANTS);
    await deliverPostbacks(batch as MessageBatch<PostbackMessage>, env, (id) => {
      const tenant = TENANTS.find((t) => t.id === id);
      return tenant ? databaseOf(env, tenant) : null;
    });
  },
} satisfies ExportedHandler<Env, PostbackMessage>;

/**
 * Local mode only: a call from this very Worker to itself as a brand's upstream (worker/upstream/local-upstream.ts)
 * arrives on 127.0.0.1. The origin brand answers as a backend behind the edge would: on the host the browser used
 * (X-Forwarded-Host), so its links, cookies and same-origin checks are the proxied brand's. A request that names an
 * origin brand without the engine's proof loses the header: it is a visitor's, and chooses nothing.
 */
async function asForwarded(request: Request, env: Env): Promise<Request> {
  if (!request.headers.has(LOCAL_UPSTREAM_HEADER) && !request.headers.has(LOCAL_UPSTREAM_PROOF)) return request;
  const origin = await provenLocalUpstream(request, env);
  const forwardedHost = request.headers.get('x-forwarded-host');
  const url = new URL(request.url);
  const proto = request.headers.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  const rewritten =
    origin && forwardedHost ? new Request(`${proto}://${forwardedHost}${url.pathname}${url.search}`, request) : new Request(request);
  rewritten.headers.delete(LOCAL_UPSTREAM_PROOF);
  if (!origin || !forwardedHost) rewritten.headers.delete(LOCAL_UPSTREAM_HEADER);
  else rewritten.headers.set('Host', forwardedHost);
  return rewritten;
}
