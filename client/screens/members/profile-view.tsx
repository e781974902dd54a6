import { useAtomValue } from 'jotai';
import { ScreenLoading } from '../../components/screen-loading';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import type { ProfileView } from '../../../core/schemas/members';
import { useApi } from '../../api/call';
import { IMAGE_SIZES, imageSrcSet, imageUrl } from '../../../core/image-url';
import { Link } from '../../navigation';
import { routeAtom, settingsAtom, userAtom } from '../../state/atoms';
import { CardGrid } from './search';
import { ProfileActions } from './profile-actions';
import { ReportButton } from '../../components/report-button';
import { ProfileFacts } from './profile-facts';
import { FictionalMark } from '../../components/fictional-mark';

/** /members/{id} and /likes/m/{id}: photos, facts, the actions of SPEC.md §2 and related profiles. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const id = useAtomValue(routeAtom).params.id;
  const { data, error, mutate } = useApi('/api/profile.php', { id }, { revalidateOnMount: undefined });
  if (error) {
    return (
      <div className="container mx-auto px-3 py-10 text-center">
        <p className="alert alert-danger" role="alert">
          {error.message}
        </p>
        <Link href="/members" className="btn btn-primary">
          {t('search.title')}
        </Link>
      </div>
    );
  }
  if (!data) return <ScreenLoading />;
  const { profile, related } = data;
  return (
    <div className="container mx-auto px-3 py-6" data-testid="profile-view">
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Photos profile={profile} />
        <div>
          <h1 className="m-0 text-3xl font-bold">
            {profile.name}, {profile.age}
          </h1>
          <p className="m-0 mt-1 text-gray-600">
            {[profile.city, profile.region_name ?? profile.region].filter(Boolean).join(', ') || profile.country}
          </p>
          <FictionalNotice profile={profile} />
          {profile.match && (
            <p className="alert alert-success mt-3" data-testid="match-banner">
              {t('profile_view.match')}
            </p>
          )}
          {!profile.match && profile.likes_you && (
            <p className="alert alert-info mt-3">{t('profile_view.likes_you', { name: profile.name })}</p>
          )}
          {profile.blocked && <p className="alert alert-warning mt-3">{t('profile_view.blocked', { name: profile.name })}</p>}
          {profile.own ? (
            <p className="mt-4">
              {t('profile_view.own')} <Link href="/profile">{t('profile_view.edit_own')}</Link>
            </p>
          ) : (
            <ProfileActions
              profile={profile}
              onChange={(next) => mutate({ ...data, profile: { ...profile, ...next } }, { revalidate: false })}
            />
          )}
          <ProfileFacts profile={profile} />
        </div>
      </div>
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-10">
          <h2 id="related-title" className="m-0 mb-3 text-xl font-bold">
            {t('profile_view.related')}
          </h2>
          <CardGrid profiles={related} />
        </section>
      )}
    </div>
  );
}

/** Fictional profiles carry the brand's icon, label and warning wherever they are shown. */
export function FictionalNotice({ profile }: { profile: { fictional: boolean } }) {
  const settings = useAtomValue(settingsAtom);
  if (!profile.fictional) return null;
  return (
    <p className="alert alert-warning mt-3 text-sm" data-testid="fictional-label">
      <strong>
        <FictionalMark />
      </strong>{' '}
      {settings.fictional_warning}
    </p>
  );
}

function Photos({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const [index, setIndex] = useState(0);
  const photo = profile.photos[Math.min(index, profile.photos.length - 1)];
  return (
    <div>
      <div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-gray-200">
        {photo && (
          <img
            src={imageUrl(settings.cdn_prefix, photo.filename)}
            srcSet={imageSrcSet(settings.cdn_prefix, photo)}
            sizes={IMAGE_SIZES.profile}
            alt={t('profile.photo_of', { name: profile.name })}
            width={400}
            height={500}
            className="h-full w-full object-cover"
            fetchPriority="high"
          />
        )}
        {photo?.pending && (
          <span
            className="absolute left-2 top-2 rounded-full bg-gray-800 px-3 py-1 text-sm font-semibold text-white"
            data-testid="photo-pending"
          >
            {t('profile_view.photo_pending')}
          </span>
        )}
        {!photo && profile.own && (
          <p className="m-0 flex h-full items-center justify-center p-4 text-center text-gray-600" data-testid="no-photo">
            <Link href="/profile">{t('warnings.add_photo_link')}</Link>
          </p>
        )}
      </div>
      {photo && !profile.own && !photo.pending && (
        <p className="m-0 mt-1 text-right">
          <ReportButton target="photo" id={photo.id} />
        </p>
      )}
      {profile.photos.length > 1 && (
        <ul
          className="m-0 mt-2 flex list-none gap-2 overflow-x-auto p-0"
          aria-label={t('profile_view.photo_count', { index: index + 1, count: profile.photos.length })}
        >
          {profile.photos.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === index}
                className={`cursor-pointer rounded-lg border-2 border-solid p-0 ${i === index ? 'border-primary' : 'border-transparent'}`}
              >
                <img
                  src={imageUrl(settings.cdn_prefix, p.thumb_filename)}
                  alt={t('profile_view.photo_count', { index: i + 1, count: profile.photos.length })}
                  width={64}
                  height={80}
                  className="block h-20 w-16 rounded-md object-cover"
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!user && profile.hidden_photos > 0 && (
        <p className="alert alert-info mt-3" data-testid="login-for-photos">
          {t('visitor.login_for_photos', { name: profile.name })}
        </p>
      )}
      {user && profile.hidden_private_photos > 0 && (
        <p className="alert alert-info mt-3" data-testid="private-photos">
          {t('profile_view.private_photos', { name: profile.name, count: profile.hidden_private_photos })} {t('errors.premium_only')}{' '}
          <Link href="/premium">{t('swipe.go_premium')}</Link>
        </p>
      )}
    </div>
  );
}
