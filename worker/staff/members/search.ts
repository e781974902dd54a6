import type { BrandGroup } from '../../db/request-db';
import type { MemberSearchItem } from '../../../core/schemas/staff-back-office-answers';
import type { Tables } from '../../db/tables';

const LIMIT = 50;

type Row = Pick<Tables['members'], 'id' | 'tenant_id' | 'email' | 'status' | 'blocked_at' | 'paid_user' | 'credits' | 'signup_date'> & {
  status: MemberSearchItem['status'];
  name: Tables['profiles']['name'] | null;
};

const COLUMNS = 'm.id, m.tenant_id, m.email, p.name, m.status, m.blocked_at, m.paid_user, m.credits, m.signup_date';
const FROM_MEMBERS = `${COLUMNS} FROM members m LEFT JOIN profiles p ON p.member_id = m.id AND p.tenant_id = m.tenant_id`;

/**
 * Finds members of `brands` by what a support mail gives: a number is a member id or an order id, an address with
 * '@' an e-mail (exact, else the addresses that start with it), anything else the start of a profile name.
 * Each branch reads by key or an index range (members_email, profiles_name): no brand's members are read whole.
 */
export async function searchMembers(
  groups: BrandGroup[],
  q: string,
  /** The search's audit row for each brand searched, written in the batch that searches its database. */
  audited: (db: D1Database, brand: string) => D1PreparedStatement,
): Promise<MemberSearchItem[]> {
  // One batch per database (a brand may have its own, worker/db/request-db.ts), in the order of the groups.
  const results: Row[] = [];
  for (const { db, brands } of groups) {
    const { sql, params } = searchQuery(brands, q);
    const found = await db.batch([...brands.map((brand) => audited(db, brand)), db.prepare(sql).bind(...params)]);
    results.push(...(found[brands.length] as D1Result<Row>).results);
  }
  return results.slice(0, LIMIT).map((r) => ({
    id: r.id,
    brand: r.tenant_id,
    email: r.email,
    name: r.name ?? '',
    status: r.status,
    blocked: r.blocked_at !== null,
    premium: r.paid_user === 1,
    credits: r.credits,
    signup_date: r.signup_date,
  }));
}

/** The statement for `q` (exported for the query-plan test). */
export function searchQuery(brands: string[], q: string): { sql: string; params: unknown[] } {
  const inBrands = `m.tenant_id IN (${brands.map(() => '?').join(', ')})`;
  let sql: string;
  let params: unknown[];
  if (/^\d{1,12}$/.test(q)) {
    sql = `SELECT ${FROM_MEMBERS} WHERE ${inBrands} AND (m.id = ? OR m.id = (SELECT o.member_id FROM orders o WHERE o.id = ?)) ORDER BY m.id LIMIT ${LIMIT}`;
    params = [...brands, Number(q), Number(q)];
  } else if (q.includes('@')) {
    const email = q.toLowerCase();
    // A range on the (tenant_id, email) index: the addresses that start with what was typed.
    sql = `SELECT ${FROM_MEMBERS} WHERE ${inBrands} AND m.email >= ? AND m.email < ? ORDER BY m.email = ? DESC, m.email LIMIT ${LIMIT}`;
    params = [...brands, email, `${email}\uffff`, email];
  } else {
    // A range on profiles_name (tenant_id, name NOCASE); fictional profiles have no member and drop out in the join.
    sql = `SELECT ${COLUMNS} FROM profiles p JOIN members m ON m.id = p.member_id AND m.tenant_id = p.tenant_id
            WHERE p.tenant_id IN (${brands.map(() => '?').join(', ')}) AND p.name LIKE ? ESCAPE '\\' ORDER BY p.name, m.id LIMIT ${LIMIT}`;
    params = [...brands, `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`];
  }
  return { sql, params };
}
