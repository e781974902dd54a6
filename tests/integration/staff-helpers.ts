import { env } from 'cloudflare:test';
import type { StaffRole } from '../../core/schemas/staff';
import { hashToken, newToken } from '../../worker/auth/sessions';
import { fetchBrand } from './helpers';

let nextStaff = 1;

/** A staff member with roles and a live session, written straight into D1; returns the staff cookie. */
export async function createStaff(
  roles: { brand: string; role: StaffRole }[],
  name = `Staff ${nextStaff}`,
): Promise<{ staffId: number; cookie: string }> {
  const id = 70_000 + nextStaff++;
  const now = new Date();
  const token = newToken();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO staff (id, email, name, status, created_at) VALUES (?, ?, ?, 'active', ?)").bind(
      id,
      `staff${id}@test.example`,
      name,
      now.toISOString(),
    ),
    ...roles.map((r) => env.DB.prepare('INSERT INTO staff_roles (staff_id, brand, role) VALUES (?, ?, ?)').bind(id, r.brand, r.role)),
    env.DB.prepare('INSERT INTO staff_sessions (token_hash, staff_id, created_at, expires_at, public_id) VALUES (?, ?, ?, ?, ?)').bind(
      await hashToken(token),
      id,
      now.toISOString(),
      new Date(now.getTime() + 3_600_000).toISOString(),
      `helper-${id}-${newToken().slice(0, 8)}`,
    ),
  ]);
  return { staffId: id, cookie: `staff_session=${token}` };
}

/**
 * A call to the staff API on a brand host, as the workspace makes it (same-origin, JSON). Through fetchBrand, so
 * every JSON answer (errors included) is checked against the schema core/contract/staff-ops.ts documents for its
 * method, path and status.
 */
export function staffApi(
  host: string,
  method: string,
  path: string,
  { cookie, body, headers }: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return fetchBrand(host, `/api/staff/${path}`, {
    method,
    headers: {
      ...headers,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json', Origin: `https://${host}.localhost` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
