import { ACCOUNT_RECOVERY_DAYS } from '../../core/constants';
import type { Tables } from '../db/tables';
import { CLICK_RETENTION_DAYS } from '../tracking/clicks';
import { forgetMemberMessages } from '../chat/forget';

/**
 * Removes what is past its time (run daily by the Cron Trigger): accounts deleted more than 14 days ago with
 * their profile, photos, interests, likes, blocks, sessions and links, and the messages they sent (D1 and logs); expired sessions, links and rate-limit
 * windows. Photos' R2 objects go with their rows. The member row itself stays as an anonymous husk (status
 * 'purged', no e-mail, no password): the append-only credit ledger and orders keep pointing at it, and its id is
 * never handed out again. Returns how many accounts were purged.
 */
export async function purgeExpired(env: Env, now: Date): Promise<number> {
  const db = env.DB;
  const cutoff = new Date(now.getTime() - ACCOUNT_RECOVERY_DAYS * 86_400_000).toISOString();
  const { results: gone } = await db
    .prepare("SELECT id, tenant_id FROM members WHERE status = 'deleted' AND deleted_at < ? LIMIT 500")
    .bind(cutoff)
    .all<Pick<Tables['members'], 'id' | 'tenant_id'>>();
  for (const member of gone) {
    const { results: photos } = await db
      .prepare(
        'SELECT filename, thumb_filename, mid_filename FROM photos WHERE tenant_id = ? AND profile_id IN (SELECT id FROM profiles WHERE member_id = ?)',
      )
      .bind(member.tenant_id, member.id)
      .all<Pick<Tables['photos'], 'filename' | 'thumb_filename' | 'mid_filename'>>();
    const keys = photos
      .flatMap((p) => [p.filename, p.thumb_filename, ...(p.mid_filename ? [p.mid_filename] : [])])
      .filter((k) => !k.startsWith('seed/'))
      .map((k) => `${member.tenant_id}/${k}`);
    if (keys.length) await env.MEDIA.delete(keys);
    const profile = 'SELECT id FROM profiles WHERE member_id = ?1 AND tenant_id = ?2';
    // Their messages, from D1 and the conversations' logs, before the account is marked purged (a failure here
    // leaves it 'deleted', so the next run repeats it). A member's profile shares the member's id.
    await forgetMemberMessages(env, member.tenant_id, member.id, member.id);
    await db.batch([
      db.prepare(`DELETE FROM photos WHERE profile_id IN (${profile})`).bind(member.id, member.tenant_id),
      db.prepare(`DELETE FROM profile_interests WHERE profile_id IN (${profile})`).bind(member.id, member.tenant_id),
      db.prepare('DELETE FROM sessions WHERE member_id = ? AND tenant_id = ?').bind(member.id, member.tenant_id),
      db.prepare('DELETE FROM one_time_tokens WHERE member_id = ? AND tenant_id = ?').bind(member.id, member.tenant_id),
      db.prepare('UPDATE outbox SET member_id = NULL WHERE member_id = ? AND tenant_id = ?').bind(member.id, member.tenant_id),
      db.prepare('UPDATE cam_clicks SET member_id = NULL WHERE member_id = ? AND tenant_id = ?').bind(member.id, member.tenant_id),
      db
        .prepare('DELETE FROM likes WHERE tenant_id = ?2 AND (from_profile_id = ?1 OR to_profile_id = ?1)')
        .bind(member.id, member.tenant_id),
      db
        .prepare('DELETE FROM blocks WHERE tenant_id = ?2 AND (blocker_id = ?1 OR blocked_profile_id = ?1)')
        .bind(member.id, member.tenant_id),
      db.prepare('DELETE FROM swipe_passes WHERE member_id = ? AND tenant_id = ?').bind(member.id, member.tenant_id),
      db.prepare('DELETE FROM daily_quota WHERE member_id = ? AND tenant_id = ?').bind(member.id, member.tenant_id),
      db.prepare('DELETE FROM consents WHERE member_id = ? AND tenant_id = ?').bind(member.id, member.tenant_id),
      db.prepare('DELETE FROM spending_limits WHERE member_id = ? AND tenant_id = ?').bind(member.id, member.tenant_id),
      db.prepare('DELETE FROM profiles WHERE member_id = ? AND tenant_id = ?').bind(member.id, member.tenant_id),
      // The paid click is personal data; the conversions stay for the network's figures, no longer the member's.
      db
        .prepare(
          'DELETE FROM clicks WHERE tenant_id = ?2 AND id IN (SELECT click_id FROM member_clicks WHERE tenant_id = ?2 AND member_id = ?1)',
        )
        .bind(member.id, member.tenant_id),
      db.prepare('DELETE FROM member_clicks WHERE member_id = ? AND tenant_id = ?').bind(member.id, member.tenant_id),
      db
        .prepare('UPDATE conversions SET member_id = NULL, click_id = NULL WHERE member_id = ? AND tenant_id = ?')
        .bind(member.id, member.tenant_id),
      db
        .prepare(
          `UPDATE members SET status = 'purged', email = 'purged:' || id, password_hash = NULL, language = NULL, traffic_source = NULL,
                notification_prefs = '{}', delete_reason = NULL, invite_code = NULL
          WHERE id = ? AND tenant_id = ?`,
        )
        .bind(member.id, member.tenant_id),
    ]);
  }
  const nowIso = now.toISOString();
  await db.batch([
    db.prepare('DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?').bind(nowIso, cutoff),
    // Staff sessions likewise (the audit log names them by public id only and keeps its rows).
    db.prepare('DELETE FROM staff_sessions WHERE expires_at < ? OR revoked_at < ?').bind(nowIso, cutoff),
    db.prepare('DELETE FROM one_time_tokens WHERE expires_at < ?').bind(cutoff),
    // Paid clicks are kept at most 13 months (issue 47 item 7); their conversions keep the network.
    db.prepare('DELETE FROM clicks WHERE created_at < ?').bind(new Date(now.getTime() - CLICK_RETENTION_DAYS * 86_400_000).toISOString()),
    db
      .prepare('DELETE FROM rate_limits WHERE window_start < ? AND (blocked_until IS NULL OR blocked_until < ?)')
      .bind(new Date(now.getTime() - 86_400_000).toISOString(), nowIso),
  ]);
  return gone.length;
}
