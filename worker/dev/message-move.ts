import { Hono } from 'hono';
import { z } from 'zod';
import { isLocal, type AppEnv } from '../context';
import { parseOrFail } from '../errors';
import { moveMessages, moveMessagesBack } from '../chat/log-move';

const MoveSchema = z.object({
  limit: z.number().int().min(1).max(1000).default(100),
  /** Start after this conversation instead of after the newest moved one (0: from the start again). */
  after: z.number().int().min(0).optional(),
});

/**
 * Local only (like the dev mailbox): one run of the move of this brand's messages from D1 into their conversation
 * logs (worker/chat/log-move.ts). POST /dev/move-messages.json { limit?, after? } answers the
 * run; call it again while `more` is true. POST /dev/move-messages-back.json { limit? } is the way back. At the edge
 * the same functions are meant for a staff owner's call or a Queue consumer.
 */
export function devMessageMove(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(async function localOnly(c, next) {
    if (!isLocal(c.env)) return c.notFound();
    await next();
  });
  app.post('/move-messages.json', async (c) => {
    const { limit, after } = parseOrFail(MoveSchema, await c.req.json().catch(() => ({})));
    return c.json(await moveMessages(c.env, c.env.DB, c.get('tenant').id, c.get('now'), limit, after));
  });
  app.post('/move-messages-back.json', async (c) => {
    const { limit } = parseOrFail(MoveSchema, await c.req.json().catch(() => ({})));
    return c.json(await moveMessagesBack(c.env, c.env.DB, c.get('tenant').id, limit));
  });
  return app;
}
