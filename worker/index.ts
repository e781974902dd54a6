import { app } from './app';
import { isLocal } from './context';
import { drainUnreadBody } from './drain-body';
import { purgeExpired } from './services/purge';
import { logEvent } from './log';

// The live hub of each member (Durable Object class named in wrangler.toml).
export { MemberHub } from './chat/member-hub';
// The answering queue of each brand's staff workspaces (issue 14).
export { StaffQueue } from './staff/answering/staff-queue';

export default {
  async fetch(request, env, ctx) {
    const response = await app.fetch(request, env, ctx);
    // Locally, read what the Worker left unread before answering, so the client gets its answer (worker/drain-body.ts).
    if (isLocal(env) && request.body) await drainUnreadBody(request);
    return response;
  },
  // The daily Cron Trigger (wrangler.toml [triggers]).
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(
      purgeExpired(env, new Date(controller.scheduledTime)).then((purged) =>
        logEvent('info', 'purge', { purged, cron: controller.cron }),
      ),
    );
  },
} satisfies ExportedHandler<Env>;
