// The local demo members of every brand (README.md): free@demo.test and premium@demo.test, password Demo-pass-2026.
// Photo moderation is the staff workspace's (the seed's staff accounts), no member account. Only the local seed
// writes them; production never runs it.
import argon2Node from '@phi-ag/argon2/node';
import { Argon2Type, Argon2Version } from '@phi-ag/argon2';

// Above every other photo id: the seed's (10 000 000 000 + profile id * 4 + k, scripts/seed.mjs) and the ranges the
// product allocates from (uploads, staff photos), and within exact JS integers. (The old base of 200 000 000 was
// taken by the seed's photos once a fifth brand file arrived.)
const DEMO_PHOTO_IDS = 9_000_000_000_000;

export const DEMO_PASSWORD = 'Demo-pass-2026';

const NAMES = { nl: ['Daan', 'Bram'], de: ['Jonas', 'Tobias'], en: ['James', 'Oliver'] };

/** An argon2id hash with the worker's parameters; the salt is fixed so the seed's SQL stays reproducible. */
export async function demoPasswordHash() {
  const argon2 = await argon2Node();
  const salt = new TextEncoder().encode('demo-seed-salt-1');
  return argon2.hash(DEMO_PASSWORD, {
    type: Argon2Type.Argon2id,
    version: Argon2Version.Version13,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
    hashLength: 32,
    salt,
  }).encoded;
}

const q = (v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/**
 * SQL for the demo members of brand number `slot` (1-based): free@demo.test and premium@demo.test with ids 2*slot-1
 * and 2*slot, below the seed's profile blocks, and the contract suite's own pair (CONTRACT_MEMBERS). A row of that
 * id that belongs to someone else is left alone.
 */
export function demoMembersSql(brand, slot, regions, passwordHash, today) {
  return [
    memberPairSql(brand, { free: 2 * slot - 1, premium: 2 * slot }, DEMO_MEMBERS, true, regions, passwordHash, today),
    memberPairSql(brand, contractMemberIds(slot), CONTRACT_MEMBERS, false, regions, passwordHash, today),
  ].join('\n');
}

const DEMO_MEMBERS = { free: 'free@demo.test', premium: 'premium@demo.test' };

/**
 * The contract suite's members (scripts/contract.mjs): the same kind of free and premium member as the demo pair,
 * but used by nothing else, so the suite's likes, credits spent and uploads never meet a browser test that checks
 * (or blocks) the demo members at the same time (npm test runs both against one server). Not searchable, so they do
 * not show up in other members' results. E-mails chosen so that no demo e-mail is a substring of them.
 */
export const CONTRACT_MEMBERS = { free: 'free.contract@demo.test', premium: 'premium.contract@demo.test' };

/** The top two ids of the brand's seed block (scripts/seed.mjs: the seed's profiles count up from its bottom). */
export function contractMemberIds(slot) {
  return { free: (slot + 1) * 10_000_000 - 2, premium: (slot + 1) * 10_000_000 - 1 };
}

function memberPairSql(brand, ids, emails, searchable, regions, passwordHash, today) {
  const tenant = brand.tenant;
  const country = tenant.settings.countries[0];
  const region = regions[country][0];
  const names = NAMES[tenant.settings.domain_language.slice(0, 2)] ?? NAMES.en;
  const signup = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000).toISOString();
  const sql = [];
  for (const [i, kind] of ['free', 'premium'].entries()) {
    const id = ids[kind];
    const email = emails[kind];
    const premium = kind === 'premium';
    const age = premium ? 41 : 34;
    const birthdate = `${Number(today.slice(0, 4)) - age}-03-15`;
    sql.push(
      `INSERT INTO members (id, tenant_id, email, password_hash, status, credits, paid_user, language, signup_date, signup_step, created_at)
       VALUES (${id}, ${q(tenant.id)}, ${q(email)}, ${q(passwordHash)}, 'confirmed', 0, ${premium ? 1 : 0}, NULL, ${q(signup)}, 'complete', ${q(signup)})
       ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, status = 'confirmed',
         paid_user = excluded.paid_user, deleted_at = NULL WHERE members.email = excluded.email AND members.tenant_id = excluded.tenant_id;`,
      `INSERT INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, region, city, about, status, searchable, last_active, created_at)
       VALUES (${id}, ${q(tenant.id)}, ${id}, ${q(names[i])}, 'male', 'hetero', ${q(birthdate)}, ${q(country)}, ${q(region.code)}, ${q(region.cities[0].name)},
               ${q(premium ? 'Premium demo member.' : 'Free demo member.')}, 'active', ${searchable ? 1 : 0}, ${q(signup)}, ${q(signup)})
       ON CONFLICT (id) DO NOTHING;`,
      // Credits only ever change through the ledger (its trigger updates members.credits); once per member.
      ...(premium
        ? [
            `INSERT INTO credit_ledger (tenant_id, member_id, delta, reason, ref, created_at)
            SELECT ${q(tenant.id)}, ${id}, 500, 'seed', 'seed:demo', ${q(signup)} FROM members WHERE id = ${id} AND email = ${q(email)}
            ON CONFLICT (tenant_id, member_id, ref) DO NOTHING;`,
          ]
        : []),
    );
    const photos = premium ? 3 : 1;
    for (let k = 1; k <= photos; k++) {
      const photoId = DEMO_PHOTO_IDS + id * 10 + k;
      const file = `seed/m/${id}-${k}-${age}`;
      sql.push(
        `INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, private, position, width, height, created_at)
         VALUES (${photoId}, ${q(tenant.id)}, ${id}, ${q(`${file}.svg`)}, ${q(`${file}-thumb.svg`)}, 'active', 0, ${k}, 400, 500, ${q(signup)})
         ON CONFLICT (id) DO NOTHING;`,
      );
    }
    // A few likes from the brand's own demo profiles, so /likes and the like popup have something to show; the
    // premium member liked one of them back (a match). Ids differ per member, and a re-seed adds nothing twice.
    const likers = `SELECT p.id FROM profiles p WHERE p.tenant_id = ${q(tenant.id)} AND p.member_id IS NULL AND p.gender = 'female'
      AND p.searchable = 1 AND p.main_photo_id IS NOT NULL ORDER BY p.id LIMIT 3 OFFSET ${premium ? 3 : 0}`;
    sql.push(
      `INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, source, is_new, created_at)
       SELECT ${q(tenant.id)}, id, ${id}, 'auto', 1, ${q(`${today}T08:00:00.000Z`)} FROM (${likers}) WHERE true ON CONFLICT DO NOTHING;`,
      ...(premium
        ? [
            `INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, source, is_new, created_at)
            SELECT ${q(tenant.id)}, ${id}, id, 'profile', 1, ${q(`${today}T09:00:00.000Z`)} FROM (${likers}) WHERE true LIMIT 1 ON CONFLICT DO NOTHING;`,
          ]
        : []),
    );
    sql.push(
      `UPDATE profiles SET main_photo_id = ${DEMO_PHOTO_IDS + id * 10 + 1} WHERE id = ${id} AND member_id = ${id} AND main_photo_id IS NULL;`,
    );
  }
  sql.push(demoChatsSql(tenant, ids.free, ids.premium, signup, searchable ? 'demo-chat' : 'contract-chat'));
  return sql.join('\n');
}

const CHAT_LINES = {
  nl: [
    'Hoi! Leuk profiel, hoe is je week?',
    'Hé, dankjewel! Druk maar goed. En die van jou?',
    'Prima! Zin om later verder te kletsen?',
    'Hallo schat, ik zag je profiel en werd nieuwsgierig 😊',
  ],
  de: [
    'Hallo! Schönes Profil, wie war deine Woche?',
    'Hey, danke! Viel los, aber gut. Und deine?',
    'Super! Lust, später weiterzuschreiben?',
    'Hallo du, ich habe dein Profil gesehen und wurde neugierig 😊',
  ],
  en: [
    'Hi! Nice profile, how is your week going?',
    'Hey, thanks! Busy but good. And yours?',
    'Great! Fancy chatting more later?',
    'Hello there, I saw your profile and got curious 😊',
  ],
};

/**
 * A few demo chats (issue 5): the premium member wrote to the free member and got an answer, and a fictional
 * profile wrote to the premium member (unread). Seed history costs nothing (cost 0, no ledger rows); every row is
 * written once (ON CONFLICT DO NOTHING on its natural key); a member's message is counted into the figures' hour
 * (member_message_hours, as the send's batch does) only by the statement that wrote it (changes()).
 */
function demoChatsSql(tenant, freeId, premiumId, signup, key) {
  const lines = CHAT_LINES[tenant.settings.domain_language.slice(0, 2)] ?? CHAT_LINES.en;
  const t = q(tenant.id);
  const at = (minutes) => q(new Date(Date.parse(signup) + (29 * 24 * 60 + minutes) * 60_000).toISOString());
  const fictional = `(SELECT id FROM profiles WHERE tenant_id = ${t} AND fictional = 1 AND member_id IS NULL ORDER BY id LIMIT 1)`;
  const conv = (a, b) =>
    `(SELECT id FROM conversations WHERE tenant_id = ${t} AND profile_lo = MIN(${a}, ${b}) AND profile_hi = MAX(${a}, ${b}))`;
  const conversation = (a, b, starter, minutes) =>
    `INSERT INTO conversations (tenant_id, profile_lo, profile_hi, started_by, created_at) SELECT ${t}, MIN(${a}, ${b}), MAX(${a}, ${b}), ${starter}, ${at(minutes)} WHERE ${b} IS NOT NULL ON CONFLICT DO NOTHING;`;
  const message = (from, fromMember, to, text, key, minutes) =>
    `INSERT INTO messages (tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, cost, client_key, created_at)
     SELECT ${t}, ${conv(from, to)}, ${from}, ${fromMember}, ${to}, 'text', ${q(text)}, 0, ${q(key)}, ${at(minutes)} WHERE ${conv(from, to)} IS NOT NULL ON CONFLICT DO NOTHING;
     INSERT INTO member_message_hours (tenant_id, hour, n) SELECT ${t}, substr(${at(minutes)}, 1, 13), 1 WHERE changes() = 1 AND ${fromMember} IS NOT NULL
       ON CONFLICT (tenant_id, hour) DO UPDATE SET n = n + 1;`;
  // The chat list reads each side's previews and unread count (migration 0044), as the send's batch writes them.
  const preview = (where) =>
    `(SELECT json_array(m.id, m.sender_profile_id, m.kind, substr(m.body, 1, 80), m.gift, m.photo_id, m.created_at)
       FROM messages m WHERE ${where} ORDER BY m.id DESC LIMIT 1)`;
  const side = (member, peer, minutes, readAll) =>
    `INSERT INTO chat_sides (tenant_id, conversation_id, member_id, peer_profile_id, read_upto, delivered_upto, last_activity, last_message, unread)
     SELECT ${t}, ${conv(member, peer)}, ${member}, ${peer}, ${readAll ? `(SELECT MAX(id) FROM messages WHERE conversation_id = ${conv(member, peer)})` : 0}, 0, ${at(minutes)},
       ${preview(`m.conversation_id = ${conv(member, peer)}`)},
       ${readAll ? 0 : `(SELECT COUNT(*) FROM messages m WHERE m.conversation_id = ${conv(member, peer)} AND m.sender_profile_id = ${peer})`}
     WHERE ${conv(member, peer)} IS NOT NULL ON CONFLICT DO NOTHING;`;
  return [
    conversation(premiumId, freeId, premiumId, 0),
    message(premiumId, premiumId, freeId, lines[0], `${key}-1`, 0),
    message(freeId, freeId, premiumId, lines[1], `${key}-2`, 5),
    message(premiumId, premiumId, freeId, lines[2], `${key}-3`, 9),
    side(premiumId, freeId, 9, true),
    side(freeId, premiumId, 9, false),
    conversation(premiumId, fictional, fictional, 20),
    message(fictional, 'NULL', premiumId, lines[3], `${key}-4`, 20),
    side(premiumId, fictional, 20, false),
  ].join('\n');
}
