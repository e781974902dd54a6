// The local demo accounts of every brand (README.md): free@demo.test and premium@demo.test, password
// Demo-pass-2026. Only the local seed writes them; production never runs it.
import argon2Node from '@phi-ag/argon2/node';
import { Argon2Type, Argon2Version } from '@phi-ag/argon2';

export const DEMO_PASSWORD = 'Demo-pass-2026';

const NAMES = { nl: ['Daan', 'Bram'], de: ['Jonas', 'Tobias'], en: ['James', 'Oliver'] };

/** An argon2id hash with the worker's parameters; the salt is fixed so the seed's SQL stays reproducible. */
export async function demoPasswordHash() {
  const argon2 = await argon2Node();
  const salt = new TextEncoder().encode('demo-seed-salt-1');
  return argon2.hash(DEMO_PASSWORD, { type: Argon2Type.Argon2id, version: Argon2Version.Version13, memoryCost: 19_456, timeCost: 2, parallelism: 1, hashLength: 32, salt }).encoded;
}

const q = (v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/**
 * SQL for the two demo members of brand number `slot` (1-based): ids 2*slot-1 and 2*slot, below the seed's
 * profile blocks. A row of that id that belongs to someone else is left alone.
 */
export function demoMembersSql(brand, slot, regions, passwordHash, today) {
  const tenant = brand.tenant;
  const country = tenant.settings.countries[0];
  const region = regions[country][0];
  const names = NAMES[tenant.settings.domain_language.slice(0, 2)] ?? NAMES.en;
  const signup = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000).toISOString();
  const sql = [];
  for (const [i, kind] of ['free', 'premium'].entries()) {
    const id = 2 * slot - 1 + i;
    const premium = kind === 'premium';
    const age = premium ? 41 : 34;
    const birthdate = `${Number(today.slice(0, 4)) - age}-03-15`;
    sql.push(
      `INSERT INTO members (id, tenant_id, email, password_hash, status, credits, paid_user, language, signup_date, signup_step, created_at)
       VALUES (${id}, ${q(tenant.id)}, ${q(`${kind}@demo.test`)}, ${q(passwordHash)}, 'confirmed', ${premium ? 500 : 0}, ${premium ? 1 : 0}, NULL, ${q(signup)}, 'complete', ${q(signup)})
       ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, status = 'confirmed', credits = excluded.credits,
         paid_user = excluded.paid_user, deleted_at = NULL WHERE members.email = excluded.email AND members.tenant_id = excluded.tenant_id;`,
      `INSERT INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, region, city, about, status, searchable, last_active, created_at)
       VALUES (${id}, ${q(tenant.id)}, ${id}, ${q(names[i])}, 'male', 'hetero', ${q(birthdate)}, ${q(country)}, ${q(region.code)}, ${q(region.cities[0].name)},
               ${q(premium ? 'Premium demo member.' : 'Free demo member.')}, 'active', 1, ${q(signup)}, ${q(signup)})
       ON CONFLICT (id) DO NOTHING;`,
    );
    const photos = premium ? 3 : 1;
    for (let k = 1; k <= photos; k++) {
      // Above the seed's photo ids (at most 40 000 000 * 4).
      const photoId = 200_000_000 + id * 10 + k;
      const file = `seed/m/${id}-${k}-${age}`;
      sql.push(
        `INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, private, position, width, height, created_at)
         VALUES (${photoId}, ${q(tenant.id)}, ${id}, ${q(`${file}.svg`)}, ${q(`${file}-thumb.svg`)}, 'active', 0, ${k}, 400, 500, ${q(signup)})
         ON CONFLICT (id) DO NOTHING;`,
      );
    }
    sql.push(`UPDATE profiles SET main_photo_id = ${200_000_000 + id * 10 + 1} WHERE id = ${id} AND member_id = ${id} AND main_photo_id IS NULL;`);
  }
  return sql.join('\n');
}
