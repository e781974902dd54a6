import { app } from './app';
import { isLocal } from './context';
import { drainUnreadBody } from './drain-body';
import { purgeExpired } from './account/purge';
import { purgeObservations, runJob } from './observe/jobs';
import { checkOperations } from './observe/alerts';
import { LOCAL_TOOLS } from './build-target';
import { expireSandboxOrders } from './payments/expire';
import { collectSepaDebits } from './payments/sepa/daily';
import { rollUp } from './staff/dashboard/rollup';
import { alertSchemeHealth } from './staff/dashboard/scheme-alert';
import { databasesOf } from './db/request-db';
import { TENANTS, tenantById } from './tenants';
import { sweepMessagesToLogs } from './chat/log-move';
import { loadRuntimeBrands } from './brands/runtime';
import { bindingOf } from './env-access';
import { assertEnv } from './env-schema';
import { deliverPostbacks, requeueStale } from './tracking/postback-queue';
import { rollUpTraffic } from './tracking/traffic-rollup';
import type { PostbackMessage } from './tracking/postbacks';
import { brandEnv, databaseOf } from './db/request-db';
import { deliverNews, requeueStaleNews } from './staff/news/news-queue';
import type { NewsMessage } from './staff/news/news';

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
    // The files' brands and the live ones made in the workspace (docs/decisions/019), whose database is still bound.
    const runtime = (await loadRuntimeBrands(env.DB, now.getTime())).filter(
      (t) => typeof bindingOf<D1Database>(env, t.database)?.prepare === 'function',
    );
    const brands = [...TENANTS, ...runtime];
    // Every database a brand is bound to (docs/decisions/009-one-database-per-brand.md), each with its own brands.
    for (const { binding, db, tenantIds } of databasesOf(env, brands)) {
      // Each task is one job run: a JSON line and a row in job_runs for the operations screen (worker/observe/jobs.ts).
      const job = <T>(name: string, work: () => Promise<T>) =>
        ctx.waitUntil(runJob({ name, cron: controller.cron || null, db, fields: { binding } }, work));
      if (controller.cron !== ROLLUP_CRON) {
        job('purge', () => purgeExpired({ ...env, DB: db }, now));
        // Once a day, each brand that is its own SEPA creditor hands its bank one pain.008 file per collection day.
        job('sepa files', () =>
          collectSepaDebits(
            env,
            db,
            brands.filter((t) => tenantIds.includes(t.id)),
            now,
          ),
        );
      }
      if (controller.cron !== PURGE_CRON) {
        job('figures rollup', () => rollUp(db, now, tenantIds));
        // The paid-traffic funnel's daily rollup (issue 47): whole past days, recomputed for the last days and reversals.
        job('traffic rollup', () => rollUpTraffic(db, now, tenantIds));
        // Card ratios at 1.2 % mail the brand's owners and admins, once per brand, provider and month (issue 44 item 7).
        job('scheme health', () => alertSchemeHealth(env, db, tenantIds, now));
        // Postbacks whose queue message was lost go out again (worker/tracking/postback-queue.ts).
        job('postbacks requeued', () => requeueStale(env, db, tenantIds, now));
        // News batches whose queue message was lost or gave up go out again (worker/staff/news/news-queue.ts).
        job('news requeued', () => requeueStaleNews(env, db, tenantIds, now));
        // Error rate, answer queue and postback failures: the owners' alerts, once per incident (issue 48 item 8).
        job('operations alerts', () =>
          checkOperations(
            env,
            db,
            brands.filter((t) => tenantIds.includes(t.id)),
            now,
          ),
        );
        job('operations purge', () => purgeObservations(db, now));
        // Message rows a day old go to their conversations' logs and leave D1 (issue 49, worker/chat/log-move.ts).
        job('messages to their logs', () => sweepMessagesToLogs(env, db, tenantIds, now));
        // Only a build with the sandbox payment service has sandbox orders (worker/build-target.ts).
        if (LOCAL_TOOLS) job('sandbox orders expired', () => expireSandboxOrders(db, now));
      }
    }
  },
  // The queues' consumers (wrangler.toml [[queues.consumers]]): a brand's news (issue 46), and postbacks to
  // affiliate networks (issue 47).
  async queue(batch, env) {
    assertEnv(env, TENANTS);
    if (batch.queue === 'news') {
      await runJob({ name: 'news queue', cron: null, db: env.DB, fields: { messages: batch.messages.length } }, async () => {
        // A runtime brand's news too, in an isolate that has never served it (as the postbacks below).
        await loadRuntimeBrands(env.DB);
        return deliverNews(batch as MessageBatch<NewsMessage>, (id) => {
          const tenant = tenantById(id);
          return tenant ? { tenant, env: brandEnv(env, tenant) } : null;
        });
      });
      return;
    }
    // One job run per batch, recorded in the default database (a batch may carry several brands' postbacks).
    await runJob({ name: 'postbacks queue', cron: null, db: env.DB, fields: { messages: batch.messages.length } }, async () => {
      // A runtime brand's postbacks too, in an isolate that has never served it: its live brands, then by id.
      await loadRuntimeBrands(env.DB);
      return deliverPostbacks(batch as MessageBatch<PostbackMessage>, env, (id) => {
        const tenant = tenantById(id);
        return tenant ? databaseOf(env, tenant) : null;
      });
    });
  },
} satisfies ExportedHandler<Env, PostbackMessage | NewsMessage>;

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
