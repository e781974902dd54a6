import type { User } from '../../core/schemas/user';
import type { Tenant } from '../../core/schemas/tenant';
import type { SessionMember } from './sessions';

interface ProfileRow {
  id: number;
  name: string;
  country: string;
  status: string;
  filename: string | null;
  thumb_filename: string | null;
}

/** The logged-in user object of SPEC.md §3 (GET /api/user.php). Only an 'active' photo counts as main image. */
export async function loadUser(db: D1Database, tenant: Tenant, member: SessionMember): Promise<User> {
  const profile = await db
    .prepare(
      `SELECT p.id, p.name, p.country, p.status, ph.filename, ph.thumb_filename
         FROM profiles p LEFT JOIN photos ph ON ph.id = p.main_photo_id AND ph.tenant_id = p.tenant_id AND ph.status = 'active'
        WHERE p.id = ? AND p.tenant_id = ?`,
    )
    .bind(member.profileId, tenant.id)
    .first<ProfileRow>();
  if (!profile) throw new Error(`member ${member.id} has no profile`);
  return {
    id: member.id,
    email: member.email,
    status: member.status,
    credits: member.credits,
    paid_user: member.paidUser,
    signup_date: member.signupDate,
    language: member.language,
    notifications_disabled: member.notificationsDisabled,
    invisible: member.invisible,
    signup_step: member.signupStep as User['signup_step'],
    fictional_icon: tenant.settings.fictional_icon,
    profile: {
      id: profile.id,
      name: profile.name,
      country: profile.country,
      status: profile.status === 'disabled' ? 'disabled' : 'active',
      main_image: profile.filename && profile.thumb_filename ? { filename: profile.filename, thumb_filename: profile.thumb_filename } : null,
    },
  };
}
