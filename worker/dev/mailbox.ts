import { Hono } from 'hono';
import { isLocal, type AppEnv } from '../context';
import { mailboxPage, messagePage } from './mailbox-pages';
import { latestMessages, linksOf, messageById } from './outbox-queries';

/**
 * The dev mailbox: every mail and SMS of the request's brand, for people and tests in local mode. worker/app.ts
 * mounts it at /dev only there; it refuses itself too, so a mounting mistake cannot expose members' mail.
 * Built on call, so a production build, which never calls it (worker/build-target.ts), leaves the module out.
 */
export function devMailbox(): Hono<AppEnv> {
  const devMailbox = new Hono<AppEnv>();

  devMailbox.use(async function localOnly(c, next) {
    if (!isLocal(c.env)) return c.notFound();
    await next();
    c.header('Cache-Control', 'no-store');
  });

  devMailbox.get('/mailbox', async (c) => {
    const tenant = c.get('tenant');
    return c.html(mailboxPage(tenant.settings.name, await latestMessages(c.env.DB, tenant.id)));
  });

  devMailbox.get('/mailbox.json', async (c) => {
    const messages = await latestMessages(c.env.DB, c.get('tenant').id, c.req.query('to') || undefined);
    return c.json({ messages: messages.map((m) => ({ ...m, links: linksOf(m.text_body) })) });
  });

  devMailbox.get('/mailbox/:id{[0-9]+}', async (c) => {
    const message = await messageById(c.env.DB, c.get('tenant').id, Number(c.req.param('id')));
    if (!message) return c.notFound();
    return c.html(messagePage(message, linksOf(message.text_body)));
  });

  return devMailbox;
}
