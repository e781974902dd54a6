import type { StaffConversation } from '../../../core/schemas/staff-answers';
import { brandInfo } from '../lib/boot';
import { t } from '../lib/i18n';
import { interestWords } from '../lib/interest-words';
import { labelOr } from '../lib/value-label';
import { Thumb } from './photo';

type Member = StaffConversation['member'];
type Profile = StaffConversation['profile'];

/** The member who writes: what an operator needs to answer them well; never contact or payment data. */
export function MemberCard({ brand, member }: { brand: string; member: Member }) {
  return (
    <section className="card" aria-labelledby="member-card-title" data-testid="member-card">
      <h2 id="member-card-title">{t('card.member', { name: member.name })}</h2>
      <p>
        {t('card.age_city', { age: member.age, city: member.city ?? '–' })} · {member.country} · {member.language}
      </p>
      {member.photos.length > 0 && (
        <ul className="photos">
          {member.photos.map((p, i) => (
            <li key={p.filename}>
              <Thumb brand={brand} image={p} alt={t('card.photo_of', { name: member.name, n: i + 1 })} />
            </li>
          ))}
        </ul>
      )}
      {member.about && <p className="about">{member.about}</p>}
      {member.interests.length > 0 && (
        <ul className="chips" aria-label={t('card.interests')}>
          {member.interests.map((i) => (
            <li key={i}>{interestWords(i, labelOr)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The fictional profile the operator writes as, always with the brand's fictional label. */
export function ProfileCard({ brand, profile }: { brand: string; profile: Profile }) {
  return (
    <section className="card" aria-labelledby="profile-card-title" data-testid="profile-card">
      <h2 id="profile-card-title">
        {t('card.profile', { name: profile.name })}{' '}
        <span className="label-fictional">{brandInfo(brand)?.fictional ?? t('profile.fictional')}</span>
      </h2>
      <p>{t('card.age_city', { age: profile.age, city: profile.city ?? '–' })}</p>
      {profile.photos.length > 0 && (
        <ul className="photos">
          {profile.photos.map((p, i) => (
            <li key={p.id}>
              <Thumb brand={brand} image={p} alt={t('card.photo_of', { name: profile.name, n: i + 1 })} />
            </li>
          ))}
        </ul>
      )}
      {profile.about && <p className="about">{profile.about}</p>}
    </section>
  );
}
