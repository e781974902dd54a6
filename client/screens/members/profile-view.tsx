import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import type { CatalogueKey } from '../../i18n-keys';
import type { ProfileView } from '../../../core/schemas/members';
import { ApiError } from '../../api/fetch-client';
import { apiSend, useApi } from '../../api/call';
import { imageUrl } from '../../../core/image-url';
import { Link, navigate } from '../../navigation';
import { likeModalAtom, routeAtom, settingsAtom, signupModalAtom, signupReasonAtom, userAtom } from '../../state/atoms';
import { CardGrid } from './search';
import { ProfileFacts } from './profile-facts';
import { Icon } from '../../components/icon';

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
  if (!data)
    return (
      <p className="py-16 text-center text-gray-600" role="status">
        {t('common.loading')}
      </p>
    );
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
            <Actions profile={profile} onChange={(next) => mutate({ ...data, profile: { ...profile, ...next } }, { revalidate: false })} />
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
        {settings.fictional_icon} {settings.fictional_singular}
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

/** Like, message, gift and block. Visitors get the login texts of SPEC.md §6 and the signup modal. */
function Actions({ profile, onChange }: { profile: ProfileView; onChange: (p: Partial<ProfileView>) => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const user = useAtomValue(userAtom);
  const openSignup = useSetAtom(signupModalAtom);
  const setSignupReason = useSetAtom(signupReasonAtom);
  const setLikeModal = useSetAtom(likeModalAtom);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (e) {
      setNotice(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  // The reason shows inside the signup dialog, which would otherwise cover it (issue 18 item 12).
  const visitorOnly = (key: CatalogueKey) => () => {
    setSignupReason(t(key));
    openSignup(true);
  };
  const like = () =>
    run(async () => {
      const body = { profile_id: profile.id };
      const r = await (profile.liked ? apiSend('delete', '/api/likes.php', body) : apiSend('post', '/api/likes.php', body));
      onChange({ liked: r.liked, match: r.match });
      // Liking back makes a match: the match modal says so (issue 18 item 8), as the swipe game's does.
      if (r.match && !profile.match) {
        const photo = profile.photos[0];
        setLikeModal({
          profile: {
            id: profile.id,
            name: profile.name,
            age: profile.age,
            fictional: profile.fictional,
            main_image: photo ? { filename: photo.filename, thumb_filename: photo.thumb_filename } : null,
          },
          match: true,
        });
      }
    });
  const block = () =>
    run(async () => {
      if (!profile.blocked && !window.confirm(t('profile_view.block_confirm', { name: profile.name }))) return;
      const body = { profile_id: profile.id };
      const r = await (profile.blocked ? apiSend('delete', '/api/block.php', body) : apiSend('post', '/api/block.php', body));
      onChange({ blocked: r.blocked });
    });

  return (
    <div className="mt-4">
      <div className="flex flex-wrap gap-2">
        {/* A profile the member blocked offers nothing but unblocking (issue 18 item 8). */}
        {!profile.blocked && (
          <>
            <button
              type="button"
              className={`btn ${profile.liked ? 'btn-light' : 'btn-primary'}`}
              disabled={busy}
              aria-pressed={profile.liked}
              onClick={user ? like : visitorOnly('visitor.login_to_like')}
              data-testid="like-button"
            >
              <Icon name="i-lucide-heart" className={profile.liked ? 'mr-1 text-danger' : 'mr-1'} />
              {t(profile.liked ? 'profile_view.unlike' : 'profile_view.like')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={user ? () => navigate(store, `/chats?profile=${profile.id}`) : visitorOnly('visitor.login_to_chat')}
              data-testid="message-button"
            >
              <Icon name="i-lucide-mail" className="mr-1" />
              {t('profile_view.message')}
            </button>
            <button
              type="button"
              className="btn btn-light"
              disabled={busy}
              onClick={user ? () => navigate(store, `/chats?profile=${profile.id}`) : visitorOnly('visitor.login_for_gift')}
              data-testid="gift-button"
            >
              <Icon name="i-lucide-gift" className="mr-1" />
              {t('profile_view.gift')}
            </button>
          </>
        )}
        {user && (
          <button type="button" className="btn btn-light" disabled={busy} onClick={block} data-testid="block-button">
            {profile.blocked ? t('profile_view.unblock') : t('profile_view.block')}
          </button>
        )}
      </div>
      {notice && (
        <p className="alert alert-info mt-3" role="status">
          {notice}
        </p>
      )}
    </div>
  );
}
