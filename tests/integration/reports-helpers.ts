import { env } from 'cloudflare:test';
import { conversationLog } from '../../worker/chat/log-rows';
import { call } from './account-helpers';
import { createMember, dbOf } from './helpers';
import { createStaff, staffApi } from './staff-helpers';

// Notice and action (issue 45 items 6-8): the fixtures the reports and appeals tests share.

export const BRAND = 'flirtlokaal';
let ip = 1;
let photo = 1;
let conversation = 1;

/** A fresh visitor address, so the flood limit of one test does not touch another. */
export const freshReporterIp = () => ({ 'CF-Connecting-IP': `198.51.100.${ip++}` });

export const report = (body: Record<string, unknown>, cookie?: string, headers: Record<string, string> = freshReporterIp()) =>
  call(BRAND, 'POST', '/api/report.php', body, cookie, headers);

/** A member whose profile has an about text and one public approved photo (what others can report). */
export async function reportedMember(language: string | null = 'de') {
  const m = await createMember(BRAND, { language });
  const photoId = 5_000_000 + photo++;
  const db = dbOf(BRAND);
  const now = new Date().toISOString();
  await db.batch([
    db.prepare("UPDATE profiles SET about = 'Schreib mir auf WhatsApp' WHERE id = ?").bind(m.profileId),
    db
      .prepare(
        "INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, private, position, created_at) VALUES (?, ?, ?, ?, ?, 'active', 0, 1, ?)",
      )
      .bind(photoId, BRAND, m.profileId, `seed/r/${photoId}.svg`, `seed/r/${photoId}-t.svg`, now),
    db.prepare('UPDATE profiles SET main_photo_id = ? WHERE id = ?').bind(photoId, m.profileId),
  ]);
  return { ...m, photoId, email: `m${m.memberId}@test.example` };
}

/** A message from `from` to `to` (members' profiles), written straight into D1; returns its id. */
export async function message(from: { memberId: number; profileId: number }, to: { profileId: number }, body: string): Promise<number> {
  const db = dbOf(BRAND);
  const convId = 8_000_000 + conversation++;
  const now = new Date().toISOString();
  const [lo, hi] = from.profileId < to.profileId ? [from.profileId, to.profileId] : [to.profileId, from.profileId];
  const [, inserted] = await db.batch([
    db
      .prepare('INSERT INTO conversations (id, tenant_id, profile_lo, profile_hi, started_by, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(convId, BRAND, lo, hi, from.profileId, now),
    db
      .prepare(
        `INSERT INTO messages (tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, cost, client_key, created_at)
         VALUES (?, ?, ?, ?, ?, 'text', ?, 0, ?, ?) RETURNING id`,
      )
      .bind(BRAND, convId, from.profileId, from.memberId, to.profileId, body, `k${convId}`, now),
  ]);
  const id = (inserted.results[0] as { id: number }).id;
  // As a send leaves it: the recipient's side with the message as its newest (migration 0044), the message in the
  // conversation's log (a reported message is read from there: worker/chat/received.ts).
  const row = {
    id,
    sender_profile_id: from.profileId,
    kind: 'text' as const,
    body,
    gift: null,
    photo_id: null,
    client_key: `k${convId}`,
    created_at: now,
  };
  await db
    .prepare(
      `INSERT INTO chat_sides (tenant_id, conversation_id, member_id, peer_profile_id, last_activity, last_message, unread)
       SELECT ?, ?, member_id, ?, ?, ?, 1 FROM profiles WHERE id = ? AND member_id IS NOT NULL`,
    )
    .bind(BRAND, convId, from.profileId, now, JSON.stringify([id, from.profileId, 'text', body, null, null, now]), to.profileId)
    .run();
  await conversationLog(env, BRAND, convId).append([
    { ...row, sender_member_id: from.memberId, recipient_profile_id: to.profileId, cost: 0 },
  ]);
  return id;
}

export const moderator = (name?: string) => createStaff([{ brand: BRAND, role: 'moderator' }], name);

export async function decide(cookie: string, body: Record<string, unknown>) {
  return staffApi(BRAND, 'POST', 'report-decision.php', { cookie, body: { brand: BRAND, ...body } });
}

/** Files a notice as a fresh member about `target` and returns its id. */
export async function noticeAbout(target: 'profile' | 'photo', id: number, reason = 'fake_or_stolen_photo') {
  const reporter = await createMember(BRAND, { language: 'nl' });
  const res = await report({ target, id, reason, text: 'Dit is een foto van iemand anders.' }, reporter.cookie);
  if (res.status !== 201) throw new Error(`report: ${res.status} ${await res.text()}`);
  return { id: ((await res.json()) as { id: number }).id, reporter };
}

export const mailsTo = (to: string, template: string) =>
  dbOf(BRAND)
    .prepare('SELECT subject, text_body FROM outbox WHERE tenant_id = ? AND recipient = ? AND template = ? ORDER BY id')
    .bind(BRAND, to, template)
    .all<{ subject: string; text_body: string }>()
    .then((r) => r.results);
