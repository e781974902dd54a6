import { DEFAULT_LANGUAGE, type Language } from '../../core/constants';
import { brandText } from '../../core/rules/brand-text';
import { toLanguage } from '../../core/rules/language';
import {
  batchWindowStart,
  MAIL_NOTIFICATION_TYPES,
  MAIL_ONLINE_MINUTES,
  nextMailAfter,
  quietUntil,
  type MailNotificationType,
} from '../../core/rules/notification-mail';
import type { Tenant } from '../../core/schemas/tenant';
import { translatorFor } from '../i18n';
import { sendMail } from '../mail';
import type { MailCard } from '../mail/types';
import { visibleLike } from '../profiles/likes';
import { toSettings } from '../auth/notification-settings';
import { ageOn } from '../../core/rules/age';
import { issueToken } from '../auth/tokens';
import { brandOrigin } from '../brand-origin';
import { findTenant } from '../brands/runtime';
import { rawEnv } from '../db/request-db';
import type { LeftJoined, Tables } from '../db/tables';
import { namedBatch } from '../db/batch';

// Turns a member's pending notifications (worker/live/pending.ts) into mails (issue 18, items 1-3). Runs in
// the member's hub alarm (worker/chat/member-hub.ts), never in the request that caused the event.

type MemberRow = Pick<Tables['members'], 'email' | 'status' | 'language' | 'notification_prefs' | 'email_disabled_reason' | 'invisible'> &
  Pick<Tables['profiles'], 'name' | 'country' | 'last_active'>;

type SenderRow = { pending_id: Tables['notification_pending']['id'] } & Pick<Tables['notification_pending'], 'conversation_id'> &
  Pick<Tables['profiles'], 'id' | 'name' | 'birthdate' | 'city' | 'fictional'> &
  LeftJoined<Pick<Tables['photos'], 'thumb_filename'>>;

export interface MailRun {
  /** the types mailed in this run */
  sent: MailNotificationType[];
  /** when the hub should look again (pending rows wait for quiet hours or the batch window), or null */
  next: Date | null;
}

/** At most this many senders are named and shown; the count says how many there were. */
const NAMED = 3;

/**
 * Decides and sends the member's notification mails. `online`: the hub has a socket open, or had one within
 * MAIL_ONLINE_MINUTES. Pending rows are dropped when they can no longer become a mail (address not usable, member
 * online, type switched off, message read, like seen); they wait when quiet hours or the batch window hold them.
 */
export async function sendNotificationMails(env: Env, tenantId: string, memberId: number, now: Date, online: boolean): Promise<MailRun> {
  const db = env.DB;
  const run: MailRun = { sent: [], next: null };
  // The brands' tables are in the deployment's primary database; `env` may be the brand's own (brandEnv).
  const tenant = await findTenant(rawEnv(env).DB, tenantId);
  const member = await db
    .prepare(
      `SELECT m.email, m.status, m.language, m.notification_prefs, m.email_disabled_reason, m.invisible, p.name, p.country, p.last_active
         FROM members m JOIN profiles p ON p.member_id = m.id AND p.tenant_id = m.tenant_id WHERE m.id = ? AND m.tenant_id = ?`,
    )
    .bind(memberId, tenantId)
    .first<MemberRow>();
  const recentlyActive = member !== null && Date.parse(member.last_active) > now.getTime() - MAIL_ONLINE_MINUTES * 60_000;
  // No mail to an unconfirmed, deleted, bounced, complained or unsubscribed address, nor to someone who is here.
  if (!tenant || !member || member.status !== 'confirmed' || member.email_disabled_reason || online || recentlyActive) {
    await dropPending(db, tenantId, memberId, null);
    return run;
  }
  const quiet = quietUntil(member.country, now);
  if (quiet) return { sent: [], next: quiet };

  const settings = toSettings(member);
  const language: Language = toLanguage(member.language) ?? toLanguage(tenant.settings.domain_language) ?? DEFAULT_LANGUAGE;
  for (const type of MAIL_NOTIFICATION_TYPES) {
    const upto = await db
      .prepare('SELECT MAX(id) AS id FROM notification_pending WHERE tenant_id = ? AND member_id = ? AND type = ?')
      .bind(tenantId, memberId, type)
      .first<{ id: number | null }>();
    if (!upto?.id) continue;
    const news = settings.email[type] ? await stillNews(db, tenantId, memberId, type, upto.id) : [];
    if (news.length === 0) {
      await dropPending(db, tenantId, memberId, type, upto.id);
      continue;
    }
    // The batch window in one conditional write: the upsert claims this type's slot only when the last mail of the
    // type is 4 hours old, and the pending rows go in the same batch only when the claim was made.
    const stamp = now.toISOString();
    const { claim } = await namedBatch(db, [
      [
        'claim',
        db
          .prepare(
            `INSERT INTO notification_mails (tenant_id, member_id, type, last_sent_at, mails, items) VALUES (?1, ?2, ?3, ?4, 1, ?6)
           ON CONFLICT (tenant_id, member_id, type) DO UPDATE SET last_sent_at = excluded.last_sent_at, mails = mails + 1, items = items + ?6
            WHERE notification_mails.last_sent_at <= ?5
           RETURNING last_sent_at`,
          )
          .bind(tenantId, memberId, type, stamp, batchWindowStart(now), itemCount(type, news)),
      ],
      [
        null,
        db
          .prepare(
            `DELETE FROM notification_pending WHERE tenant_id = ?1 AND member_id = ?2 AND type = ?3 AND id <= ?4
             AND EXISTS (SELECT 1 FROM notification_mails WHERE tenant_id = ?1 AND member_id = ?2 AND type = ?3 AND last_sent_at = ?5)`,
          )
          .bind(tenantId, memberId, type, upto.id, stamp),
      ],
    ]);
    if (claim.results.length === 0) {
      const last = await db
        .prepare('SELECT last_sent_at FROM notification_mails WHERE tenant_id = ? AND member_id = ? AND type = ?')
        .bind(tenantId, memberId, type)
        .first<Pick<Tables['notification_mails'], 'last_sent_at'>>();
      if (last) run.next = earliest(run.next, nextMailAfter(last.last_sent_at));
      continue;
    }
    await sendMail(env, await notificationMail(env, tenant, memberId, member, language, type, news, now), now);
    run.sent.push(type);
  }
  return run;
}

/** What a mail tells of: every unread message, but each liker or match once. */
const itemCount = (type: MailNotificationType, rows: SenderRow[]) =>
  type === 'messages' ? rows.length : new Set(rows.map((r) => r.id)).size;

const earliest = (a: Date | null, b: Date) => (a === null || b < a ? b : a);

/** Deletes a member's pending rows (of one type, up to an id), or all of them. */
function dropPending(
  db: D1Database,
  tenantId: string,
  memberId: number,
  type: MailNotificationType | null,
  upto = Number.MAX_SAFE_INTEGER,
) {
  return db
    .prepare('DELETE FROM notification_pending WHERE tenant_id = ?1 AND member_id = ?2 AND (?3 IS NULL OR type = ?3) AND id <= ?4')
    .bind(tenantId, memberId, type, upto)
    .run();
}

/**
 * The pending rows that are still news, with their sender: a message not read yet in a conversation the member
 * still has; a like (or match) still new and visible in /likes (the same `visibleLike` as the badge). Messages in the
 * order they were written (their ids), not the order their deliveries ran: a send's delivery waits for its
 * conversation's log (docs/decisions/016), and concurrent sends to different conversations finish in any order.
 */
async function stillNews(
  db: D1Database,
  tenantId: string,
  memberId: number,
  type: MailNotificationType,
  upto: number,
): Promise<SenderRow[]> {
  const select = `SELECT n.id AS pending_id, n.conversation_id, p.id, p.name, p.birthdate, p.city, p.fictional, ph.thumb_filename
                    FROM notification_pending n JOIN profiles p ON p.id = n.sender_profile_id AND p.tenant_id = n.tenant_id
                    LEFT JOIN photos ph ON ph.id = p.main_photo_id AND ph.tenant_id = p.tenant_id AND ph.status = 'active'
                    LEFT JOIN members m ON m.id = p.member_id`;
  const where = 'n.tenant_id = ?2 AND n.member_id = ?1 AND n.type = ?3 AND n.id <= ?4';
  const sql =
    type === 'messages'
      ? `${select} JOIN chat_sides s ON s.member_id = n.member_id AND s.conversation_id = n.conversation_id
          WHERE ${where} AND n.ref > s.read_upto AND s.hidden = 0 ORDER BY n.ref, n.id`
      : `${select} JOIN likes l ON l.tenant_id = n.tenant_id AND l.from_profile_id = n.sender_profile_id AND l.to_profile_id = ?1 AND l.is_new = 1
          WHERE ${where} AND ${visibleLike('?1')} ORDER BY n.id`;
  const { results } = await db.prepare(sql).bind(memberId, tenantId, type, upto).all<SenderRow>();
  if (type === 'messages') return results;
  // A like or match counts once per sender, however often it was published.
  const seen = new Set<number>();
  return results.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

/** The mail request for one type: count, names, cards, the button's page and the type's own unsubscribe link. */
async function notificationMail(
  env: Env,
  tenant: Tenant,
  memberId: number,
  member: MemberRow,
  language: Language,
  type: MailNotificationType,
  rows: SenderRow[],
  now: Date,
) {
  // The alarm has no request URL to build links on.
  const origin = brandOrigin(env, tenant);
  const senders = [...new Map(rows.map((r) => [r.id, r])).values()];
  const names = senders.slice(0, NAMED).map((s) => s.name);
  const others = senders.length - names.length;
  const t = translatorFor(language);
  if (others > 0) names.push(t('mail.others', { count: String(others) }));
  const namesText = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
  const conversations = new Set(rows.map((r) => r.conversation_id));
  const path =
    type === 'messages'
      ? conversations.size === 1
        ? `/chats/${rows[0].conversation_id}`
        : '/chats'
      : senders.length === 1
        ? `/likes/m/${senders[0].id}`
        : type === 'matches'
          ? '/likes/matches'
          : '/likes/received';
  const label = brandText(tenant.settings.fictional_singular, language, tenant.settings.domain_language);
  const cards: MailCard[] = senders.slice(0, NAMED).map((s) => ({
    caption: [s.name, String(ageOn(s.birthdate, now)), s.city].filter(Boolean).join(', '),
    photoUrl: s.thumb_filename ? mediaUrl(origin, tenant.settings.cdn_prefix, s.thumb_filename) : null,
    label: s.fictional ? label : null,
  }));
  const token = await issueToken(env, { tenantId: tenant.id, memberId, purpose: 'unsubscribe', now, data: type });
  // The page itself, or (when the brand allows it) a single-use 15-minute login link that opens it.
  const link = tenant.mail_login_links
    ? `${origin}/api/mail-login.php?token=${encodeURIComponent(await issueToken(env, { tenantId: tenant.id, memberId, purpose: 'mail_login', now, data: path }))}`
    : `${origin}${path}`;
  const count = itemCount(type, rows);
  return {
    tenant,
    to: member.email,
    memberId,
    language,
    template: `notify_${type}` as const,
    data: { name: member.name, names: namesText, count: String(count), link },
    count,
    cards,
    unsubscribeUrl: `${origin}/api/unsubscribe.php?token=${encodeURIComponent(token)}`,
  };
}

/** An image under the brand's CDN prefix, absolute (a mail has no page to be relative to). */
function mediaUrl(origin: string, prefix: string, path: string): string {
  const base = /^https?:\/\//.test(prefix) ? prefix : `${origin}${prefix.startsWith('/') ? '' : '/'}${prefix}`;
  return `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}
