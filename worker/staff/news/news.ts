import { DEFAULT_LANGUAGE, type Language } from '../../../core/constants';
import { toLanguage } from '../../../core/rules/language';
import type { NewsPost } from '../../../core/schemas/news';
import type { PushPayload } from '../../../core/schemas/push';
import type { Tenant } from '../../../core/schemas/tenant';
import { onSql } from '../../auth/notification-settings';
import { newToken } from '../../auth/sessions';
import { auditStatement } from '../../auth/staff-session';
import { issueToken } from '../../auth/tokens';
import { brandOrigin } from '../../brand-origin';
import type { Tables } from '../../db/tables';
import { sendMail } from '../../mail';
import { sendPush } from '../../push/send';

// A brand's news (issue 46, item 13): the one use of the "news" choices in a member's notification settings. The
// e-mail goes to confirmed members whose address works and who chose news by e-mail (the marketing consent, off
// until they turn it on); the push to members who chose news by push and have a device. Everyone else gets nothing.

type Recipient = Pick<Tables['members'], 'id' | 'email' | 'language'> & { name: string | null };

export interface NewsSent {
  id: number;
  mails: number;
  pushes: number;
  repeated: boolean;
}

/** Pushes go out this many members at a time (each member's devices in parallel inside sendPush). */
const PUSH_CHUNK = 10;

/**
 * Records the post once per request id and sends it. A repeated request id answers what the first one reached and
 * sends nothing again. `db` and `env` are the brand's (its database may not be the request's).
 */
export async function sendNews(env: Env, tenant: Tenant, staffId: number, post: NewsPost, now: Date): Promise<NewsSent> {
  const db = env.DB;
  const requestId = post.request_id ?? newToken();
  const claimed = await db
    .prepare(
      `INSERT INTO news_posts (tenant_id, staff_id, subject, body, request_id, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id, request_id) DO NOTHING RETURNING id`,
    )
    .bind(tenant.id, staffId, post.subject, post.body, requestId, now.toISOString())
    .first<{ id: number }>();
  if (!claimed) {
    const earlier = await db
      .prepare('SELECT id, mails, pushes FROM news_posts WHERE tenant_id = ? AND request_id = ?')
      .bind(tenant.id, requestId)
      .first<Pick<Tables['news_posts'], 'id' | 'mails' | 'pushes'>>();
    return { id: earlier?.id ?? 0, mails: earlier?.mails ?? 0, pushes: earlier?.pushes ?? 0, repeated: true };
  }

  const mails = await mailNews(env, tenant, post, now);
  const pushes = await pushNews(env, tenant, post);
  await db.batch([
    db
      .prepare('UPDATE news_posts SET mails = ?, pushes = ?, sent_at = ? WHERE id = ? AND tenant_id = ?')
      .bind(mails, pushes, now.toISOString(), claimed.id, tenant.id),
    auditStatement(db, {
      staffId,
      brand: tenant.id,
      action: 'news_sent',
      targetType: 'news',
      targetId: claimed.id,
      detail: { subject: post.subject, mails, pushes },
      now,
    }),
  ]);
  return { id: claimed.id, mails, pushes, repeated: false };
}

/** One mail per member who chose news by e-mail, in their language, each with its own one-click unsubscribe link. */
async function mailNews(env: Env, tenant: Tenant, post: NewsPost, now: Date): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT m.id, m.email, m.language, p.name FROM members m
       LEFT JOIN profiles p ON p.member_id = m.id AND p.tenant_id = m.tenant_id
      WHERE m.tenant_id = ? AND m.status = 'confirmed' AND m.email_disabled_reason IS NULL AND ${onSql('email', 'news')} = 1
      ORDER BY m.id`,
  )
    .bind(tenant.id)
    .all<Recipient>();
  const origin = brandOrigin(env, tenant);
  let sent = 0;
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
    sent++;
  }
  return sent;
}

/** One push per member who chose news by push and has a device: the subject as the title, the text's start as the body. */
async function pushNews(env: Env, tenant: Tenant, post: NewsPost): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT m.id FROM members m
      WHERE m.tenant_id = ? AND m.status IN ('confirmed', 'not_confirmed') AND ${onSql('push', 'news')} = 1
        AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.tenant_id = m.tenant_id AND s.member_id = m.id)
      ORDER BY m.id`,
  )
    .bind(tenant.id)
    .all<Pick<Tables['members'], 'id'>>();
  const payload: PushPayload = {
    type: 'news',
    title: post.subject,
    body: post.body.length > 140 ? `${post.body.slice(0, 139)}…` : post.body,
    checkUrl: '/api/notifications.php',
    openUrl: '/members',
    tag: 'news',
  };
  let delivered = 0;
  for (let i = 0; i < results.length; i += PUSH_CHUNK) {
    const counts = await Promise.all(results.slice(i, i + PUSH_CHUNK).map((m) => sendPush(env, tenant, m.id, payload)));
    delivered += counts.filter((n) => n > 0).length;
  }
  return delivered;
}
