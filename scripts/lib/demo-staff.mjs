// The local demo staff of the workspace (README.md "Staff workspace"): operator@demo.test and operator2@demo.test
// (operators on every seeded brand: two, so that a claim can be tried from two desks) and admin@demo.test (owner), password Demo-pass-2026, TOTP secret JBSWY3DPEHPK3PXP. Only the
// local seed writes them; production never runs it. The secret is stored encrypted exactly as the worker stores it:
// the seed imports the worker's own secret box and uses APP_SECRET from .dev.vars.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
// Fixed ids far above what `npm run staff` hands out, so a re-seed updates the same rows.
const OPERATOR_ID = 900_001;
const OWNER_ID = 900_002;
const OPERATOR2_ID = 900_003;
const OPERATORS = [
  [OPERATOR_ID, 'operator@demo.test', 'Demo Operator'],
  [OPERATOR2_ID, 'operator2@demo.test', 'Demo Operator 2'],
];

const q = (v) => (v === null ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`);

/** APP_SECRET of .dev.vars (what the local worker runs with), or null when there is none yet. */
export function localAppSecret(root) {
  const file = join(root, '.dev.vars');
  if (!existsSync(file)) return null;
  return /^APP_SECRET=(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1].trim() ?? null;
}

/** A short fingerprint of APP_SECRET for the seed's data version: a new secret means the demo secret is sealed again. */
export function secretFingerprint(appSecret) {
  return appSecret ? createHash('sha256').update(`fingerprint:${appSecret}`).digest('hex').slice(0, 8) : 'none';
}

/** SQL for the demo staff of `brands` (the seeded ones), or a comment when .dev.vars has no APP_SECRET. */
export async function demoStaffSql(root, brands, passwordHash, today) {
  const appSecret = localAppSecret(root);
  if (!appSecret) return '-- No APP_SECRET in .dev.vars: no demo staff (npm start makes one).';
  const { sealSecret, staffTotpBox } = await import(pathToFileURL(join(root, 'worker/staff/secret-box.ts')).href);
  const created = `${today}T00:00:00.000Z`;
  const sql = [];
  for (const [id, email, name] of [...OPERATORS, [OWNER_ID, 'admin@demo.test', 'Demo Owner']]) {
    // A fixed IV (from the row) keeps the seed's SQL reproducible; the plaintext under it never changes.
    const iv = new Uint8Array(createHash('sha256').update(`demo-staff-iv:${id}`).digest().subarray(0, 12));
    const sealed = await sealSecret(staffTotpBox(appSecret, id), DEMO_TOTP_SECRET, iv);
    sql.push(
      `INSERT INTO staff (id, email, name, password_hash, totp_secret, status, created_at)
       VALUES (${id}, ${q(email)}, ${q(name)}, ${q(passwordHash)}, ${q(sealed)}, 'active', ${q(created)})
       ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, totp_secret = excluded.totp_secret, status = 'active',
         setup_token_hash = NULL, setup_expires_at = NULL WHERE staff.email = excluded.email
       ON CONFLICT (email) DO NOTHING;`,
    );
  }
  for (const [id, email] of OPERATORS) {
    for (const brand of brands) {
      sql.push(`INSERT INTO staff_roles (staff_id, brand, role) SELECT id, ${q(brand.tenant.id)}, 'operator' FROM staff WHERE id = ${id} AND email = ${q(email)}
        ON CONFLICT (staff_id, brand) DO UPDATE SET role = 'operator';`);
    }
  }
  sql.push(`INSERT INTO staff_roles (staff_id, brand, role) SELECT id, '*', 'owner' FROM staff WHERE id = ${OWNER_ID} AND email = 'admin@demo.test'
    ON CONFLICT (staff_id, brand) DO UPDATE SET role = 'owner';`);
  return sql.join('\n');
}
