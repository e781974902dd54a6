import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Language } from '../../core/constants';
import type { Tenant } from '../../core/schemas/tenant';
import { translatorFor } from '../i18n';
import { consentsOf } from '../auth/consents';
import { toSettings } from '../auth/notification-settings';
import type { Tables } from '../db/tables';
import { allRows } from '../db/batch';
import { exportMessages } from './export-messages';

// The member's own data as a ZIP (issue 17, item 8; GDPR art. 15 and 20). Every query names its columns and is
// bound to the member: their own rows, and of other members only what this member received (a like, a message).
// Staff-only data (notes on fictional profiles, moderation, the staff workspace's tables) is never read here.

type Row = Record<string, unknown>;

const all = (db: D1Database, sql: string, ...binds: unknown[]) => allRows<Row>(db, sql, ...binds);

/** What the ZIP holds, one JSON file per part (the README names them). */
export async function collectMemberData(env: Env, db: D1Database, tenantId: string, memberId: number): Promise<Record<string, unknown>> {
  const account = await readAccount(db, tenantId, memberId);
  if (!account) throw new Error('export: member not found');
  const { notification_prefs, email_disabled_reason, ...accountFields } = account;
  const profile = await readProfile(db, tenantId, memberId);
  const profileId = profile?.id ?? -1;
  const [photos, interests, likes, blocks, messages, orders, ledger, consents, paymentDetails, complaints, activity] = await Promise.all([
    all(
      db,
      'SELECT id, filename, status, private, position, width, height, created_at FROM photos WHERE tenant_id = ? AND profile_id = ? ORDER BY id',
      tenantId,
      profileId,
    ),
    all(
      db,
      'SELECT i.slug FROM profile_interests pi JOIN interests i ON i.id = pi.interest_id WHERE pi.tenant_id = ? AND pi.profile_id = ?',
      tenantId,
      profileId,
    ),
    collectLikes(db, tenantId, memberId, profileId),
    all(
      db,
      `SELECT b.blocked_profile_id AS profile_id, p.name, b.created_at FROM blocks b LEFT JOIN profiles p ON p.id = b.blocked_profile_id AND p.tenant_id = b.tenant_id
            WHERE b.tenant_id = ? AND b.blocker_id = ? ORDER BY b.created_at`,
      tenantId,
      memberId,
    ),
    // Sent and received, from the conversation logs (worker/account/export-messages.ts).
    exportMessages(env, db, tenantId, profileId),
    all(
      db,
      `SELECT id, package_id, credits, currency, list_price, amount, discount_code, discount_percentage, country, method, status, consent_at,
                  language, created_at, paid_at, made_premium, refund_reason, refunded_at, user_agent, terms_version
             FROM orders WHERE tenant_id = ? AND member_id = ? ORDER BY id`,
      tenantId,
      memberId,
    ),
    all(
      db,
      'SELECT id, delta, reason, created_at FROM credit_ledger WHERE tenant_id = ? AND member_id = ? ORDER BY id',
      tenantId,
      memberId,
    ),
    consentsOf(db, tenantId, memberId),
    collectPaymentDetails(db, tenantId, memberId),
    collectComplaints(db, tenantId, memberId, account.email),
    collectActivity(db, tenantId, memberId),
  ]);
  const traffic = await collectTraffic(db, tenantId, memberId);
  return {
    account: accountFields,
    profile: profile ? { ...profile, interests: interests.map((i) => i.slug) } : null,
    photos,
    likes,
    blocks,
    messages,
    orders,
    ledger,
    payment_details: paymentDetails,
    complaints,
    activity,
    notifications: toSettings({ notification_prefs, email_disabled_reason, invisible: account.invisible }),
    consents,
    traffic,
  };
}

/**
 * The paid click that brought the member (issue 47 item 7), the network's name, and what was counted for it; the
 * postbacks' URLs are the network's, not the member's, and are not in it.
 */
async function collectTraffic(db: D1Database, tenantId: string, memberId: number) {
  const [click] = await all(
    db,
    `SELECT c.id, n.name AS network, c.campaign, c.sub1, c.sub2, c.sub3, c.sub4, c.sub5, c.ref, c.network_click_id, c.lander, c.country,
            c.device, c.created_at, mc.attributed_at
       FROM member_clicks mc LEFT JOIN clicks c ON c.id = mc.click_id AND c.tenant_id = mc.tenant_id
       LEFT JOIN traffic_networks n ON n.id = mc.network_id AND n.tenant_id = mc.tenant_id
      WHERE mc.tenant_id = ? AND mc.member_id = ?`,
    tenantId,
    memberId,
  );
  const conversions = await all(
    db,
    'SELECT event, order_id, amount, currency, created_at, reversed_at, reversal_kind FROM conversions WHERE tenant_id = ? AND member_id = ? ORDER BY id',
    tenantId,
    memberId,
  );
  return { click: click ?? null, conversions };
}

/** The member's account row, as the export names its fields. */
function readAccount(db: D1Database, tenantId: string, memberId: number) {
  return db
    .prepare(
      `SELECT id, email, status, credits, paid_user, language, signup_date, invisible, created_at, activated_at, password_changed_at,
              traffic_source, invite_code, blocked_at, blocked_reason, purchases_blocked_at, purchases_blocked_reason, notification_prefs,
              email_disabled_reason
         FROM members WHERE tenant_id = ? AND id = ?`,
    )
    .bind(tenantId, memberId)
    .first<
      Pick<
        Tables['members'],
        | 'id'
        | 'email'
        | 'status'
        | 'credits'
        | 'paid_user'
        | 'language'
        | 'signup_date'
        | 'invisible'
        | 'created_at'
        | 'activated_at'
        | 'password_changed_at'
        | 'traffic_source'
        | 'invite_code'
        | 'blocked_at'
        | 'blocked_reason'
        | 'purchases_blocked_at'
        | 'purchases_blocked_reason'
        | 'notification_prefs'
        | 'email_disabled_reason'
      >
    >();
}

/** The member's own profile. */
function readProfile(db: D1Database, tenantId: string, memberId: number) {
  return db
    .prepare(
      `SELECT id, name, gender, sexuality, birthdate, country, region, city, hair_colour, eye_colour, body_type, relationship_status, about,
              status, last_active, created_at
         FROM profiles WHERE tenant_id = ? AND member_id = ?`,
    )
    .bind(tenantId, memberId)
    .first<
      Pick<
        Tables['profiles'],
        | 'id'
        | 'name'
        | 'gender'
        | 'sexuality'
        | 'birthdate'
        | 'country'
        | 'region'
        | 'city'
        | 'hair_colour'
        | 'eye_colour'
        | 'body_type'
        | 'relationship_status'
        | 'about'
        | 'status'
        | 'last_active'
        | 'created_at'
      >
    >();
}

/** Likes given and received, and the swipe game's passes. */
async function collectLikes(db: D1Database, tenantId: string, memberId: number, profileId: number) {
  const [given, received, passed] = await Promise.all([
    all(
      db,
      `SELECT l.to_profile_id AS profile_id, p.name, l.source, l.created_at FROM likes l LEFT JOIN profiles p ON p.id = l.to_profile_id AND p.tenant_id = l.tenant_id
              WHERE l.tenant_id = ? AND l.from_profile_id = ? ORDER BY l.created_at`,
      tenantId,
      profileId,
    ),
    all(
      db,
      `SELECT l.from_profile_id AS profile_id, p.name, l.created_at FROM likes l LEFT JOIN profiles p ON p.id = l.from_profile_id AND p.tenant_id = l.tenant_id
              WHERE l.tenant_id = ? AND l.to_profile_id = ? ORDER BY l.created_at`,
      tenantId,
      profileId,
    ),
    // The swipe game's "no" per profile: it keeps those profiles out of the member's stack.
    all(
      db,
      `SELECT s.profile_id, p.name, s.created_at FROM swipe_passes s LEFT JOIN profiles p ON p.id = s.profile_id AND p.tenant_id = s.tenant_id
              WHERE s.tenant_id = ? AND s.member_id = ? ORDER BY s.created_at`,
      tenantId,
      memberId,
    ),
  ]);
  return { given, received, passed };
}

/**
 * Direct-debit mandates and the direct-debit forms the member filled in (bank account, address, phone), never the SMS
 * code's hash; the member's own spending limits and pause, and their contract cancellations (issue 45).
 */
async function collectPaymentDetails(db: D1Database, tenantId: string, memberId: number) {
  const [mandates, directDebitRequests, spendingLimits, cancellations] = await Promise.all([
    all(
      db,
      'SELECT provider, method, label, status, creditor_id, mandate_reference, created_at FROM payment_mandates WHERE tenant_id = ? AND member_id = ? ORDER BY id',
      tenantId,
      memberId,
    ),
    all(
      db,
      `SELECT id, package_id, amount, currency, discount_code, holder, iban, street, house_number, zip, city, phone, status, order_id,
              mandate_reference, debit_date, created_at
         FROM directdebit_requests WHERE tenant_id = ? AND member_id = ? ORDER BY id`,
      tenantId,
      memberId,
    ),
    all(
      db,
      `SELECT kind, currency, amount, until, pending_amount, pending_until, pending_from, updated_at
         FROM spending_limits WHERE tenant_id = ? AND member_id = ? ORDER BY kind`,
      tenantId,
      memberId,
    ),
    all(
      db,
      'SELECT id, contract, kind, name, email, received_at FROM contract_cancellations WHERE tenant_id = ? AND member_id = ? ORDER BY id',
      tenantId,
      memberId,
    ),
  ]);
  return {
    mandates,
    direct_debit_requests: directDebitRequests,
    spending_limits: spendingLimits,
    contract_cancellations: cancellations,
  };
}

/**
 * The member's complaints with the answers they were sent (not which staff member wrote them): those sent while
 * logged in, and those sent as a visitor from the account's address once that address was proven (the mailed link).
 * Answers mailed to another contact address than the account's are that address's, not the member's.
 */
async function collectComplaints(db: D1Database, tenantId: string, memberId: number, email: string) {
  const theirs = 'c.tenant_id = ?1 AND (c.member_id = ?2 OR (c.member_id IS NULL AND c.confirmed_at IS NOT NULL AND c.contact_email = ?3))';
  const [complaints, replies] = await Promise.all([
    all(
      db,
      `SELECT c.id, c.subject, c.concerns, c.body, c.contact_email, c.contact_name, c.ip, c.state, c.language, c.created_at, c.confirmed_at
         FROM complaints c WHERE ${theirs} ORDER BY c.id`,
      tenantId,
      memberId,
      email,
    ),
    all(
      db,
      // A reply is a mail to the complaint's contact address: the member's when that address is theirs.
      `SELECT r.complaint_id, r.body, r.language, r.created_at FROM complaint_replies r
         JOIN complaints c ON c.id = r.complaint_id AND c.tenant_id = r.tenant_id
        WHERE ${theirs} AND c.contact_email = ?3 ORDER BY r.id`,
      tenantId,
      memberId,
      email,
    ),
  ]);
  return complaints.map((complaint) => ({
    ...complaint,
    replies: replies.filter((r) => r.complaint_id === complaint.id).map(({ complaint_id, ...reply }) => reply),
  }));
}

/** Logins (when, until when, ended), the devices that get push messages, and clicks through to the cams. */
async function collectActivity(db: D1Database, tenantId: string, memberId: number) {
  const [sessions, pushDevices, camClicks] = await Promise.all([
    all(
      db,
      'SELECT created_at, expires_at, revoked_at FROM sessions WHERE tenant_id = ? AND member_id = ? ORDER BY created_at',
      tenantId,
      memberId,
    ),
    all(db, 'SELECT endpoint, created_at FROM push_subscriptions WHERE tenant_id = ? AND member_id = ? ORDER BY id', tenantId, memberId),
    all(
      db,
      'SELECT performer_id, variant, created_at FROM cam_clicks WHERE tenant_id = ? AND member_id = ? ORDER BY created_at',
      tenantId,
      memberId,
    ),
  ]);
  return { sessions, push_devices: pushDevices, cam_clicks: camClicks };
}

export interface ExportPhoto {
  name: string;
  bytes: Uint8Array;
}

/** The member's uploaded photos from R2 (the seed's demo pictures are not theirs and not in R2). */
export async function memberPhotos(media: R2Bucket, tenantId: string, photos: Row[]): Promise<ExportPhoto[]> {
  const files = await Promise.all(
    photos.map(async (photo): Promise<ExportPhoto | null> => {
      const filename = String(photo.filename);
      if (filename.startsWith('seed/')) return null;
      const object = await media.get(`${tenantId}/${filename}`);
      if (!object) return null;
      const extension = filename.split('.').pop() ?? 'jpg';
      return { name: `photos/${photo.id}.${extension}`, bytes: new Uint8Array(await object.arrayBuffer()) };
    }),
  );
  return files.filter((file): file is ExportPhoto => file !== null);
}

/** The ZIP: one JSON file per part, the photos, and a README in the member's language. */
export function buildZip(tenant: Tenant, language: Language, data: Record<string, unknown>, photos: ExportPhoto[], now: Date): Uint8Array {
  const t = translatorFor(language);
  const files: Zippable = {
    'README.txt': strToU8(
      String(
        t('export.readme', { brand: tenant.settings.name, date: now.toISOString().slice(0, 10), support: tenant.settings.support_email }),
      ),
    ),
  };
  for (const [part, value] of Object.entries(data)) files[`${part}.json`] = strToU8(JSON.stringify(value, null, 2));
  for (const photo of photos) files[photo.name] = [photo.bytes, { level: 0 }];
  return zipSync(files, { level: 6, mtime: now });
}
