import { NOTIFICATION_DEFAULTS } from '../../core/rules/consent';
import { NOTIFICATION_TYPES, type NotificationSettings } from '../../core/schemas/account';

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
  db: D1Database, tenantId: string, memberId: number, settings: NotificationSettings, also: D1PreparedStatement[] = [],
): Promise<unknown> {
  return db.batch([
    db.prepare('UPDATE members SET notification_prefs = ?, email_disabled_reason = ?, notifications_disabled = ?, invisible = ? WHERE id = ? AND tenant_id = ?').bind(
      JSON.stringify({ email: settings.email, push: settings.push }),
      settings.email_disabled_reason,
      JSON.stringify(disabledChannels(settings)),
      settings.invisible ? 1 : 0,
      memberId,
      tenantId,
    ),
    // Invisible members leave search (SPEC.md §4); a disabled or deleted profile stays out anyway.
    db.prepare(
      `UPDATE profiles SET searchable = (status = 'active' AND ?1 = 0 AND (SELECT status FROM members WHERE id = ?2) != 'deleted')
        WHERE member_id = ?2 AND tenant_id = ?3`,
    ).bind(settings.invisible ? 1 : 0, memberId, tenantId),
    ...also,
  ]);
}
