import { NEWS_BATCH_SIZE } from '../../../core/rules/news';
import type { NewsPost, NewsPostRow } from '../../../core/schemas/news';
import type { Tenant } from '../../../core/schemas/tenant';
import { onSql } from '../../auth/notification-settings';
import { newToken } from '../../auth/sessions';
import { auditStatement } from '../../auth/staff-session';
import type { Tables } from '../../db/tables';
import { logEvent } from '../../log';

// A brand's news (issue 46, item 13): the one use of the "news" choices in a member's notification settings. The
// e-mail goes to confirmed members whose address works and who chose news by e-mail (the marketing consent, off
// until they turn it on); the push to members who chose news by push and have a device. Everyone else gets nothing.
// The request records the post and cuts its members into batches; the NEWS queue sends them (news-queue.ts), so a
// large brand's news never runs inside the admin's request.

/** Members (`m`, of the brand ?1) who get the news by e-mail: the sending and the workspace's count read this one rule. */
export const MAIL_RECIPIENTS = `m.tenant_id = ?1 AND m.status = 'confirmed' AND m.email_disabled_reason IS NULL AND ${onSql('email', 'news')} = 1`;
/** Members (`m`, of the brand ?1) who get the news by push: they chose it and have a device. */
export const PUSH_RECIPIENTS = `m.tenant_id = ?1 AND m.status IN ('confirmed', 'not_confirmed') AND ${onSql('push', 'news')} = 1
  AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.tenant_id = m.tenant_id AND s.member_id = m.id)`;

/** One message on the NEWS queue: the members of one post with ids from `first` to `last` (news-queue.ts). */
export interface NewsMessage {
  tenant: string;
  news: number;
  first: number;
  last: number;
}

export interface NewsQueued {
  id: number;
  status: 'queued' | 'sent';
  mails: number;
  pushes: number;
  repeated: boolean;
}

/** How many members the news reaches now, by e-mail and by push. */
export async function newsAudience(db: D1Database, tenantId: string): Promise<{ mails: number; pushes: number }> {
  const row = await db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM members m WHERE ${MAIL_RECIPIENTS}) AS mails, (SELECT COUNT(*) FROM members m WHERE ${PUSH_RECIPIENTS}) AS pushes`,
    )
    .bind(tenantId)
    .first<{ mails: number; pushes: number }>();
  return { mails: row?.mails ?? 0, pushes: row?.pushes ?? 0 };
}

/**
 * Records the post once per request id, cuts its members into batches of NEWS_BATCH_SIZE and puts one message per
 * batch on the NEWS queue. A repeated request id answers the first post as it stands and queues nothing again.
 * `env` is the brand's (its database may not be the request's).
 */
export async function queueNews(env: Env, tenant: Tenant, staffId: number, post: NewsPost, now: Date): Promise<NewsQueued> {
  const db = env.DB;
  const at = now.toISOString();
  const requestId = post.request_id ?? newToken();
  const claimed = await db
    .prepare(
      `INSERT INTO news_posts (tenant_id, staff_id, subject, body, request_id, status, created_at) VALUES (?, ?, ?, ?, ?, 'queued', ?)
       ON CONFLICT (tenant_id, request_id) DO NOTHING RETURNING id`,
    )
    .bind(tenant.id, staffId, post.subject, post.body, requestId, at)
    .first<{ id: number }>();
  if (!claimed) {
    const earlier = await db
      .prepare('SELECT id, status, queued_mails, queued_pushes FROM news_posts WHERE tenant_id = ? AND request_id = ?')
      .bind(tenant.id, requestId)
      .first<Pick<Tables['news_posts'], 'id' | 'status' | 'queued_mails' | 'queued_pushes'>>();
    return {
      id: earlier?.id ?? 0,
      status: earlier?.status === 'sent' ? 'sent' : 'queued',
      mails: earlier?.queued_mails ?? 0,
      pushes: earlier?.queued_pushes ?? 0,
      repeated: true,
    };
  }

  const id = claimed.id;
  const { mails, pushes } = await newsAudience(db, tenant.id);
  // The batches: consecutive runs of NEWS_BATCH_SIZE recipients (by member id) as they are now, each its id range.
  // The size is written into the SQL: D1 binds a JS number as a REAL, and the division must stay an integer's.
  await db.batch([
    db
      .prepare(
        `INSERT INTO news_batches (tenant_id, news_id, first_member, last_member, created_at)
         SELECT ?1, ?2, MIN(id), MAX(id), ?3 FROM (
           SELECT m.id, (ROW_NUMBER() OVER (ORDER BY m.id) - 1) / ${NEWS_BATCH_SIZE} AS batch FROM members m
            WHERE (${MAIL_RECIPIENTS}) OR (${PUSH_RECIPIENTS})
         ) GROUP BY batch`,
      )
      .bind(tenant.id, id, at),
    db
      .prepare(
        `UPDATE news_posts SET queued_mails = ?3, queued_pushes = ?4,
           status = CASE WHEN EXISTS (SELECT 1 FROM news_batches WHERE news_id = ?1) THEN 'queued' ELSE 'sent' END,
           sent_at = CASE WHEN EXISTS (SELECT 1 FROM news_batches WHERE news_id = ?1) THEN NULL ELSE ?5 END
         WHERE id = ?1 AND tenant_id = ?2`,
      )
      .bind(id, tenant.id, mails, pushes, at),
    auditStatement(db, {
      staffId,
      brand: tenant.id,
      action: 'news_sent',
      targetType: 'news',
      targetId: id,
      detail: { subject: post.subject, mails, pushes },
      now,
    }),
  ]);
  const { results: batches } = await db
    .prepare('SELECT first_member, last_member FROM news_batches WHERE news_id = ? AND tenant_id = ? ORDER BY first_member')
    .bind(id, tenant.id)
    .all<Pick<Tables['news_batches'], 'first_member' | 'last_member'>>();
  await sendBatches(
    env,
    batches.map((b) => ({ tenant: tenant.id, news: id, first: b.first_member, last: b.last_member })),
  );
  return { id, status: batches.length ? 'queued' : 'sent', mails, pushes, repeated: false };
}

/** Puts the messages on the NEWS queue, 100 per call (Queues' sendBatch limit). A failure leaves them to the sweep. */
export async function sendBatches(env: Env, messages: NewsMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 100) {
    const chunk = messages.slice(i, i + 100);
    try {
      await env.NEWS.sendBatch(chunk.map((body) => ({ body, contentType: 'json' as const })));
    } catch (error) {
      // The batches stay undone: the hourly sweep (news-queue.ts requeueStaleNews) queues them again.
      logEvent('error', 'news batches not queued', { tenant: chunk[0]?.tenant, news: chunk[0]?.news, error: String(error) });
    }
  }
}

/** The brand's latest posts with what they were queued for and what has gone out. */
export async function latestNews(db: D1Database, staffDb: D1Database, tenantId: string): Promise<NewsPostRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, staff_id, subject, created_at, status, queued_mails, queued_pushes, mails, pushes FROM news_posts
        WHERE tenant_id = ? ORDER BY id DESC LIMIT 20`,
    )
    .bind(tenantId)
    .all<
      Pick<
        Tables['news_posts'],
        'id' | 'staff_id' | 'subject' | 'created_at' | 'status' | 'queued_mails' | 'queued_pushes' | 'mails' | 'pushes'
      >
    >();
  // Staff accounts live in the default database (docs/decisions/009-one-database-per-brand.md).
  const ids = [...new Set(results.map((r) => r.staff_id))];
  const names = new Map<number, string>();
  if (ids.length) {
    const { results: staff } = await staffDb
      .prepare('SELECT id, name FROM staff WHERE id IN (SELECT value FROM json_each(?))')
      .bind(JSON.stringify(ids))
      .all<{ id: number; name: string }>();
    for (const s of staff) names.set(s.id, s.name);
  }
  return results.map(({ staff_id, status, ...r }) => ({
    ...r,
    status: status === 'sent' ? 'sent' : 'queued',
    staff_name: names.get(staff_id) ?? null,
  }));
}
