import { NOTIFICATION_DEFAULTS, NOTIFICATION_TYPES, type NotificationType } from '../../core/rules/consent';
import { namedBatch, rows } from '../db/batch';
import type { NotificationSettings } from '../../core/schemas/account';
import type { Tables } from '../db/tables';

type Prefs = NotificationSettings['email'];

type Row = Pick<Tables['members'], 'notification_prefs' | 'email_disabled_reason' | 'invisible'>;

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

// Unsubscribe links and the mail provider's events change one part of the settings while the member (or another
// link) may change another part at the same moment: each is one UPDATE that computes the new preferences and the
// derived notifications_disabled list from the row as it is then, so no change is lost to a read-then-write race.

/** The stored preferences as JSON in SQL ('{}' when the column holds no valid JSON, as toSettings reads it). */
const PREFS_SQL = "CASE WHEN json_valid(notification_prefs) THEN notification_prefs ELSE '{}' END";

/** SQL true when the channel's type is on in `prefs` (its default when never chosen), as known(). */
export const onSql = (channel: 'email' | 'push', type: NotificationType, prefs = PREFS_SQL) =>
  `COALESCE(json_extract(${prefs}, '$.${channel}.${type}'), ${NOTIFICATION_DEFAULTS[type] ? 1 : 0})`;

/**
 * SPEC.md §3 notifications_disabled, the channels that are off as a whole: e-mail when `emailOff` holds, push when
 * no type of it is on in `prefs`.
 */
function channelsSql(emailOff: string, prefs = PREFS_SQL): string {
  const pushOff = `NOT (${NOTIFICATION_TYPES.map((t) => onSql('push', t, prefs)).join(' OR ')})`;
  return `CASE WHEN (${emailOff}) AND (${pushOff}) THEN '${JSON.stringify(['email', 'push'])}' WHEN (${emailOff}) THEN '${JSON.stringify(['email'])}'
    WHEN (${pushOff}) THEN '${JSON.stringify(['push'])}' ELSE '[]' END`;
}

/**
 * The member's e-mails of one type off (a notification or news mail's unsubscribe link); the other types and push as
 * they are. `first`: statements of the same batch that read the row before the change (the consent log's).
 */
export function switchOffEmailType(
  db: D1Database,
  tenantId: string,
  memberId: number,
  type: NotificationType,
  first: D1PreparedStatement[] = [],
): Promise<unknown> {
  const othersOn = NOTIFICATION_TYPES.filter((t) => t !== type).map((t) => onSql('email', t));
  const emailOff = `email_disabled_reason IS NOT NULL OR NOT (${othersOn.length ? othersOn.join(' OR ') : '0'})`;
  const update = db
    .prepare(
      `UPDATE members SET notification_prefs = json_set(${PREFS_SQL}, '$.email.' || ?1, json('false')), notifications_disabled = ${channelsSql(emailOff)}
      WHERE id = ?2 AND tenant_id = ?3`,
    )
    .bind(type, memberId, tenantId);
  return db.batch([...first, update]);
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

export type SettingsUpdate = Partial<Pick<NotificationSettings, 'invisible'>> & { email?: Partial<Prefs>; push?: Partial<Prefs> };

/**
 * The member's own changes (PUT notifications.php), in one batch that decides from the row as it is then: the
 * changed types are merged into the stored preferences (json_patch), so a one-click unsubscribe at the same moment
 * is not overwritten; turning any e-mail on again clears a bounce/complaint/unsubscribe stop (the member's own
 * choice); notifications_disabled is worked out from the new preferences in the same UPDATE. A change of the
 * marketing choice is logged as a consent (`consent`, written only when the stored choice differs). Returns the
 * settings as saved and whether the member was invisible before.
 */
export async function updateSettings(
  db: D1Database,
  tenantId: string,
  memberId: number,
  update: SettingsUpdate,
  consent: (granted: boolean, changed: { sql: string; binds: unknown[] }) => D1PreparedStatement,
): Promise<{ settings: NotificationSettings; wasInvisible: boolean }> {
  const patch = JSON.stringify({ email: update.email ?? {}, push: update.push ?? {} });
  const next = `json_patch(${PREFS_SQL}, ?1)`;
  const reason = 'CASE WHEN ?2 = 1 THEN NULL ELSE email_disabled_reason END';
  const emailOff = `(${reason}) IS NOT NULL OR NOT (${NOTIFICATION_TYPES.map((t) => onSql('email', t, next)).join(' OR ')})`;
  const emailTurnedOn = Object.values(update.email ?? {}).some(Boolean) ? 1 : 0;
  const news = update.email?.news;
  const results = await namedBatch(db, [
    [
      'before',
      rows<Pick<Row, 'invisible'>>(db.prepare('SELECT invisible FROM members WHERE id = ? AND tenant_id = ?').bind(memberId, tenantId)),
    ],
    ...(news === undefined
      ? []
      : [
          [
            null,
            consent(news, {
              sql: `EXISTS (SELECT 1 FROM members WHERE id = ? AND tenant_id = ? AND ${onSql('email', 'news')} != ?)`,
              binds: [memberId, tenantId, news ? 1 : 0],
            }),
          ] as const,
        ]),
    [
      'saved',
      rows<Row>(
        db
          .prepare(
            `UPDATE members SET notification_prefs = ${next}, email_disabled_reason = ${reason}, invisible = COALESCE(?3, invisible),
              notifications_disabled = ${channelsSql(emailOff, next)}
            WHERE id = ?4 AND tenant_id = ?5 RETURNING notification_prefs, email_disabled_reason, invisible`,
          )
          .bind(patch, emailTurnedOn, update.invisible === undefined ? null : update.invisible ? 1 : 0, memberId, tenantId),
      ),
    ],
    // Invisible members leave search (SPEC.md §4); a disabled or deleted profile stays out anyway.
    [
      null,
      db
        .prepare(
          `UPDATE profiles SET searchable = (status = 'active' AND (SELECT invisible FROM members WHERE id = ?1) = 0
            AND (SELECT status FROM members WHERE id = ?1) != 'deleted' AND visibility_limited_at IS NULL)
          WHERE member_id = ?1 AND tenant_id = ?2`,
        )
        .bind(memberId, tenantId),
    ],
  ]);
  const before: Pick<Row, 'invisible'> | undefined = results.before.results[0];
  return { settings: toSettings(results.saved.results[0]), wasInvisible: before?.invisible === 1 };
}
