import { NOTIFICATION_DEFAULTS } from '../../core/rules/consent';
import { NOTIFICATION_TYPES, type NotificationSettings, type NotificationType } from '../../core/schemas/account';

type Prefs = NotificationSettings['email'];

interface Row {
  notification_prefs: string;
  email_disabled_reason: string | null;
  invisible: number;
}

/** Stored preferences with every type present: a type never chosen has its default (marketing off: opt-in). */
export function toSettings(row: Row): NotificationSettings {
  const stored = JSON.parse(row.notification_prefs || '{}') as { email?: Partial<Prefs>; push?: Partial<Prefs> };
  return {
    email: known(stored.email),
    push: known(stored.push),
    email_disabled_reason: (row.email_disabled_reason as NotificationSettings['email_disabled_reason']) ?? null,
    invisible: row.invisible === 1,
  };
}

/** The stored choices of the types that exist, defaults for the rest (a type that was removed, like `visits`, is dropped). */
function known(stored: Partial<Prefs> = {}): Prefs {
  return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, stored[type] ?? NOTIFICATION_DEFAULTS[type]])) as Prefs;
}

/** SPEC.md §3 notifications_disabled: the channels that are off as a whole. */
export function disabledChannels(settings: Pick<NotificationSettings, 'email' | 'push' | 'email_disabled_reason'>): string[] {
  const off: string[] = [];
  if (settings.email_disabled_reason || NOTIFICATION_TYPES.every((t) => !settings.email[t])) off.push('email');
  if (NOTIFICATION_TYPES.every((t) => !settings.push[t])) off.push('push');
  return off;
}

/** Writes preferences, the derived notifications_disabled list and invisibility in one batch (with `also`: the consent log). */
export function saveSettings(
  db: D1Database,
  tenantId: string,
  memberId: number,
  settings: NotificationSettings,
  also: D1PreparedStatement[] = [],
): Promise<unknown> {
  return db.batch([
    db
      .prepare(
        'UPDATE members SET notification_prefs = ?, email_disabled_reason = ?, notifications_disabled = ?, invisible = ? WHERE id = ? AND tenant_id = ?',
      )
      .bind(
        JSON.stringify({ email: settings.email, push: settings.push }),
        settings.email_disabled_reason,
        JSON.stringify(disabledChannels(settings)),
        settings.invisible ? 1 : 0,
        memberId,
        tenantId,
      ),
    // Invisible members leave search (SPEC.md §4); a disabled or deleted profile stays out anyway.
    db
      .prepare(
        `UPDATE profiles SET searchable = (status = 'active' AND ?1 = 0 AND (SELECT status FROM members WHERE id = ?2) != 'deleted')
        WHERE member_id = ?2 AND tenant_id = ?3`,
      )
      .bind(settings.invisible ? 1 : 0, memberId, tenantId),
    ...also,
  ]);
}

// Unsubscribe links and the mail provider's events change one part of the settings while the member (or another
// link) may change another part at the same moment: each is one UPDATE that computes the new preferences and the
// derived notifications_disabled list from the row as it is then, so no change is lost to a read-then-write race.

/** The stored preferences as JSON in SQL ('{}' when the column holds no valid JSON, as toSettings reads it). */
const PREFS_SQL = "CASE WHEN json_valid(notification_prefs) THEN notification_prefs ELSE '{}' END";

/** SQL true when the channel's type is on in the stored preferences (its default when never chosen), as known(). */
const onSql = (channel: 'email' | 'push', type: NotificationType) =>
  `COALESCE(json_extract(${PREFS_SQL}, '$.${channel}.${type}'), ${NOTIFICATION_DEFAULTS[type] ? 1 : 0})`;

/** notifications_disabled as disabledChannels() writes it, for an e-mail channel that is off when `emailOff` holds. */
function channelsSql(emailOff: string): string {
  const pushOff = `NOT (${NOTIFICATION_TYPES.map((t) => onSql('push', t)).join(' OR ')})`;
  return `CASE WHEN (${emailOff}) AND (${pushOff}) THEN '${JSON.stringify(['email', 'push'])}' WHEN (${emailOff}) THEN '${JSON.stringify(['email'])}'
    WHEN (${pushOff}) THEN '${JSON.stringify(['push'])}' ELSE '[]' END`;
}

/** The member's e-mails of one type off (a notification mail's unsubscribe link); the other types and push as they are. */
export function switchOffEmailType(db: D1Database, tenantId: string, memberId: number, type: NotificationType): Promise<unknown> {
  const othersOn = NOTIFICATION_TYPES.filter((t) => t !== type).map((t) => onSql('email', t));
  const emailOff = `email_disabled_reason IS NOT NULL OR NOT (${othersOn.length ? othersOn.join(' OR ') : '0'})`;
  return db
    .prepare(
      `UPDATE members SET notification_prefs = json_set(${PREFS_SQL}, '$.email.' || ?1, json('false')), notifications_disabled = ${channelsSql(emailOff)}
      WHERE id = ?2 AND tenant_id = ?3`,
    )
    .bind(type, memberId, tenantId)
    .run();
}

/** All e-mail off for a reason (unsubscribe link of a mail without a type, bounce, complaint); the choices per type stay. */
export function disableEmail(
  db: D1Database,
  tenantId: string,
  memberId: number,
  reason: 'fbl' | 'bounce' | 'unsubscribe',
): Promise<unknown> {
  return db
    .prepare(`UPDATE members SET email_disabled_reason = ?1, notifications_disabled = ${channelsSql('1')} WHERE id = ?2 AND tenant_id = ?3`)
    .bind(reason, memberId, tenantId)
    .run();
}
