import type { StaffRoleGrant } from '../../core/schemas/staff-answers';

/** Who a staff request is (staff/session.ts reads it from the cookie); apart, so context.ts needs no session code. */
export interface StaffSession {
  id: number;
  email: string;
  name: string;
  roles: StaffRoleGrant[];
  tokenHash: string;
  /** The session's public id (sessions.php), null for a session made without one (tests writing rows directly). */
  publicId: string | null;
  /** When the session ends by itself (ISO); the live queue closes its sockets then. */
  expiresAt: string;
}
