import type { StaffMemberCard } from '../../../core/schemas/staff-answers';
import { ageOn } from '../../../core/rules/age';
import type { Tables } from '../../db/tables';

/** Columns of the member's card over profiles `mp` and its active main photo `mph`. */
export const MEMBER_CARD_COLUMNS = `mp.id AS m_profile_id, mp.member_id AS m_id, mp.name AS m_name, mp.birthdate AS m_birthdate, mp.city AS m_city,
  mp.country AS m_country, mph.filename AS m_filename, mph.thumb_filename AS m_thumb`;
export const MEMBER_PHOTO_JOIN = "LEFT JOIN photos mph ON mph.id = mp.main_photo_id AND mph.status = 'active'";

type Profile = Tables['profiles'];
type Photo = Tables['photos'];
/** A row of MEMBER_CARD_COLUMNS: the member's profile, and its main photo (null without one). */
export interface MemberCardRow {
  m_profile_id: Profile['id'];
  m_id: Tables['members']['id'];
  m_name: Profile['name'];
  m_birthdate: Profile['birthdate'];
  m_city: Profile['city'];
  m_country: Profile['country'];
  m_filename: Photo['filename'] | null;
  m_thumb: Photo['thumb_filename'] | null;
}

export function toMemberCard(row: MemberCardRow, now: Date): StaffMemberCard {
  return {
    id: row.m_id,
    profile_id: row.m_profile_id,
    name: row.m_name,
    age: ageOn(row.m_birthdate, now),
    city: row.m_city,
    country: row.m_country,
    main_image: row.m_filename && row.m_thumb ? { filename: row.m_filename, thumb_filename: row.m_thumb } : null,
  };
}
