import { DEFAULT_LANGUAGE, type Language } from '../../../core/constants';
import { toLanguage } from '../../../core/rules/language';
import { newsPushBody } from '../../../core/rules/news';
import type { PushPayload } from '../../../core/schemas/push';
import type { Tenant } from '../../../core/schemas/tenant';
import { issueToken } from '../../auth/tokens';
import { brandOrigin } from '../../brand-origin';
import type { Tables } from '../../db/tables';
import { logEvent } from '../../log';
import { sendMail } from '../../mail';
import { sendPush } from '../../push/send';
import { MAIL_RECIPIENTS, type NewsMessage, PUSH_RECIPIENTS, sendBatches } from './news';

type Post = Pick<Tables['news_posts'], 'subject' | 'body'>;
type Recipient = Pick<Tables['members'], 'id' | 'email' | 'language'> & { name: string | null };

/** Pushes go out this many members at a time (each member's devices in parallel inside sendPush). */
const PUSH_CHUNK = 10;

/**
 * The NEWS queue's consumer (wrangler.toml). Each member of a batch is claimed per post and channel before anything
 * is sent (one INSERT ... ON CONFLICT DO NOTHING into news_deliveries), so a batch delivered twice (a retry after a
 * failure, the sweep's requeue, Queues' at-least-once delivery) mails and pushes no one twice. Consent is read again
 * here: a member who withdrew it after the post was queued gets nothing. A batch that throws is retried.
 */
export async function deliverNews(
  batch: MessageBatch<NewsMessage>,
  brandOf: (tenant: string) => { tenant: Tenant; env: Env } | null,
  now: () => Date = () => new Date(),
): Promise<void> {
  for (const message of batch.messages) {
    const body = message.body ?? ({} as NewsMessage);
    const brand = typeof body.tenant === 'string' ? brandOf(body.tenant) : null;
    if (!brand || !Number.isInteger(body.news) || !Number.isInteger(body.first) || !Number.isInteger(body.last)) {
      message.ack();
      continue;
    }
    try {
      await deliverBatch(brand.env, brand.tenant, body, now());
      message.ack();
    } catch (error) {
      logEvent('error', 'news batch failed', { tenant: body.tenant, news: body.news, first: body.first, error: String(error) });
      message.retry({ delaySeconds: 30 });
    }
  }
}

/** Mails and pushes the batch's members who chose news and were not reached yet, then marks the batch done. */
export async function deliverBatch(env: Env, tenant: Tenant, message: NewsMessage, now: Date): Promise<void> {
  const db = env.DB;
  const [post, open] = await Promise.all([
    db.prepare('SELECT subject, body FROM news_posts WHERE id = ? AND tenant_id = ?').bind(message.news, tenant.id).first<Post>(),
    db
      .prepare('SELECT 1 AS open FROM news_batches WHERE news_id = ? AND first_member = ? AND tenant_id = ? AND done_at IS NULL')
      .bind(message.news, message.first, tenant.id)
      .first<{ open: number }>(),
  ]);
  if (!post || !open) return;
  const mailed = await mailBatch(env, tenant, post, message, now);
  const pushed = await pushBatch(env, tenant, post, message, now);
  const delivered = (channel: string, ids: number[]) =>
    db
      .prepare(
        `UPDATE news_deliveries SET delivered = 1 WHERE news_id = ? AND channel = ? AND member_id IN (SELECT value FROM json_each(?))`,
      )
      .bind(message.news, channel, JSON.stringify(ids));
  const at = now.toISOString();
  await db.batch([
    delivered('mail', mailed),
    delivered('push', pushed),
    db
      .prepare('UPDATE news_batches SET done_at = ? WHERE news_id = ? AND first_member = ? AND tenant_id = ? AND done_at IS NULL')
      .bind(at, message.news, message.first, tenant.id),
    // The post's counts are what the deliveries say, whichever batch finishes last or twice.
    db
      .prepare(
        `UPDATE news_posts SET
           mails = (SELECT COUNT(*) FROM news_deliveries WHERE news_id = ?1 AND channel = 'mail' AND delivered = 1),
           pushes = (SELECT COUNT(*) FROM news_deliveries WHERE news_id = ?1 AND channel = 'push' AND delivered = 1),
           status = CASE WHEN EXISTS (SELECT 1 FROM news_batches WHERE news_id = ?1 AND done_at IS NULL) THEN 'queued' ELSE 'sent' END,
           sent_at = CASE WHEN EXISTS (SELECT 1 FROM news_batches WHERE news_id = ?1 AND done_at IS NULL) THEN NULL ELSE COALESCE(sent_at, ?3) END
         WHERE id = ?1 AND tenant_id = ?2`,
      )
      .bind(message.news, tenant.id, at),
  ]);
}

/** Claims the batch's members who get it on `channel` and were not claimed before: only these are sent to. */
async function claim(db: D1Database, tenant: Tenant, message: NewsMessage, channel: 'mail' | 'push', now: Date): Promise<number[]> {
  const { results } = await db
    .prepare(
      `INSERT INTO news_deliveries (tenant_id, news_id, member_id, channel, created_at)
       SELECT ?1, ?2, m.id, ?5, ?6 FROM members m WHERE (${channel === 'mail' ? MAIL_RECIPIENTS : PUSH_RECIPIENTS}) AND m.id BETWEEN ?3 AND ?4
       ON CONFLICT DO NOTHING RETURNING member_id`,
    )
    .bind(tenant.id, message.news, message.first, message.last, channel, now.toISOString())
    .all<{ member_id: number }>();
  return results.map((r) => r.member_id);
}

/** One mail per claimed member, in their language, each with its own one-click unsubscribe link. */
async function mailBatch(env: Env, tenant: Tenant, post: Post, message: NewsMessage, now: Date): Promise<number[]> {
  const ids = await claim(env.DB, tenant, message, 'mail', now);
  if (!ids.length) return [];
  const { results } = await env.DB.prepare(
    `SELECT m.id, m.email, m.language, p.name FROM members m
       LEFT JOIN profiles p ON p.member_id = m.id AND p.tenant_id = m.tenant_id
      WHERE m.tenant_id = ? AND m.id IN (SELECT value FROM json_each(?)) ORDER BY m.id`,
  )
    .bind(tenant.id, JSON.stringify(ids))
    .all<Recipient>();
  const origin = brandOrigin(env, tenant);
  const sent: number[] = [];
  for (const member of results) {
    const language: Language = toLanguage(member.language) ?? toLanguage(tenant.settings.domain_language) ?? DEFAULT_LANGUAGE;
    // The link names the type: it switches off news alone, and logs the withdrawn consent (settings-routes.ts).
    const token = await issueToken(env, { tenantId: tenant.id, memberId: member.id, purpose: 'unsubscribe', now, data: 'news' });
    await sendMail(
      env,
      {
        tenant,
        to: member.email,
        memberId: member.id,
        language,
        template: 'news',
        data: { ...(member.name ? { name: member.name } : {}), subject: post.subject, message: post.body, link: `${origin}/members` },
        unsubscribeUrl: `${origin}/api/unsubscribe.php?token=${encodeURIComponent(token)}`,
      },
      now,
    );
    sent.push(member.id);
  }
  return sent;
}

/** One push per claimed member: the subject as the title, the text's start as the body. Answers who a device took it for. */
async function pushBatch(env: Env, tenant: Tenant, post: Post, message: NewsMessage, now: Date): Promise<number[]> {
  const ids = await claim(env.DB, tenant, message, 'push', now);
  const payload: PushPayload = {
    type: 'news',
    title: post.subject,
    body: newsPushBody(post.body),
    checkUrl: '/api/notifications.php',
    openUrl: '/members',
    tag: 'news',
  };
  const delivered: number[] = [];
  for (let i = 0; i < ids.length; i += PUSH_CHUNK) {
    const chunk = ids.slice(i, i + PUSH_CHUNK);
    const counts = await Promise.all(chunk.map((id) => sendPush(env, tenant, id, payload)));
    chunk.forEach((id, j) => counts[j] > 0 && delivered.push(id));
  }
  return delivered;
}

/**
 * Batches left undone 15 minutes after their post was queued (the queue's send failed, a message was lost or ran
 * out of retries): queued again, from the hourly cron, for two days. The claims above keep a second delivery harmless.
 */
export async function requeueStaleNews(env: Env, db: D1Database, tenantIds: readonly string[], now: Date): Promise<number> {
  if (tenantIds.length === 0) return 0;
  const before = new Date(now.getTime() - 15 * 60_000).toISOString();
  // Two days on, a batch that still fails is left to the logs: news that old is no longer news.
  const since = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const { results } = await db
    .prepare(
      `SELECT tenant_id, news_id, first_member, last_member FROM news_batches
        WHERE tenant_id IN (SELECT value FROM json_each(?1)) AND done_at IS NULL AND created_at < ?2 AND created_at > ?3 LIMIT 1000`,
    )
    .bind(JSON.stringify(tenantIds), before, since)
    .all<Pick<Tables['news_batches'], 'tenant_id' | 'news_id' | 'first_member' | 'last_member'>>();
  await sendBatches(
    { ...env, DB: db },
    results.map((r) => ({ tenant: r.tenant_id, news: r.news_id, first: r.first_member, last: r.last_member })),
  );
  return results.length;
}
