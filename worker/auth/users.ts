import { memberCurrency } from '../../core/rules/currency';
import type { User } from '../../core/schemas/user';
import type { Tenant } from '../../core/schemas/tenant';
import { ACTIVE_MAIN_PHOTO_JOIN, OWN_PROFILE_COLUMNS, ownProfileOf, type OwnProfileRow, type SessionMember } from './sessions';

/**
 * The logged-in user object of SPEC.md §3 (GET /api/user.php) from what the session read at the request's start.
 * Only an 'active' photo counts as main image.
 */
export function userOf(tenant: Tenant, member: SessionMember): User {
  const { profile } = member;
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
    currency: memberCurrency(tenant.payments.countries, member.currency, profile.country),
    profile: {
      id: member.profileId,
      name: profile.name,
      country: profile.country,
      status: profile.status === 'disabled' ? 'disabled' : 'active',
      main_image: profile.mainImage,
      photo_pending: profile.photoPending,
    },
  };
}

/** The user object after a change to the member's own profile in this request: the profile is read again. */
export async function loadUser(db: D1Database, tenant: Tenant, member: SessionMember): Promise<User> {
  const row = await db
    .prepare(`SELECT ${OWN_PROFILE_COLUMNS} FROM profiles p ${ACTIVE_MAIN_PHOTO_JOIN} WHERE p.id = ? AND p.tenant_id = ?`)
    .bind(member.profileId, tenant.id)
    .first<OwnProfileRow>();
  if (!row) throw new Error(`member ${member.id} has no profile`);
  return userOf(tenant, { ...member, profile: ownProfileOf(row) });
}
