import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from '../../i18n';
import type { ProfileResponse } from '../../../core/schemas/members';
import { imageUrl } from '../../../core/image-url';
import { Link } from '../../navigation';
import { settingsAtom, signupModalAtom } from '../../state/atoms';
import { ProfileCard } from '../../components/profile-card';
import { FictionalNotice } from './profile-view';
import { ProfileFacts } from './profile-facts';

// The two other member-linked landing variants (SPEC.md §2 /members/{id}/landing2/{slug?} and /landing3/{slug?}),
// server-rendered from the same answer as /members/{id} (GET /api/profile.php: the profile and related profiles):
// landing2 shows the profile's facts and the people like them (each a landing2 of its own); landing3 is the photo
// first, full screen on a phone, with a bar that stays at the bottom. The slug is the campaign's words: it names
// nothing the page reads.

/** The way in: sign up (the modal) or log in. */
function LandingCta({ light = false }: { light?: boolean }) {
  const { t } = useTranslation();
  const openSignup = useSetAtom(signupModalAtom);
  return (
    <>
      <button
        type="button"
        className={`btn ${light ? 'btn-light' : 'btn-primary'} btn-lg w-full`}
        onClick={() => openSignup(true)}
        data-testid="landing-signup"
      >
        {t('profile_view.signup_cta')}
      </button>
      <p className="m-0 mt-2 text-center">
        <Link href="/login" className={light ? 'text-white' : undefined}>
          {t('profile_view.login')}
        </Link>
      </p>
    </>
  );
}

/** A landing's first photo, loaded first (it is the page's largest picture). */
export function LandingPhoto({
  photo,
  name,
  width,
  height,
  className,
}: {
  photo: { filename: string } | undefined;
  name: string;
  width: number;
  height: number;
  className: string;
}) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  if (!photo) return null;
  return (
    <img
      src={imageUrl(settings.cdn_prefix, photo.filename)}
      alt={t('profile.photo_of', { name })}
      width={width}
      height={height}
      className={className}
      fetchPriority="high"
    />
  );
}

/** landing2: the profile beside its facts, then similar profiles, each leading to its own landing2. */
export function LandingWithRelated({ data }: { data: ProfileResponse }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const { profile, related } = data;
  const photo = profile.photos[0];
  return (
    <div className="container mx-auto px-3 py-6" data-testid="profile-landing2">
      <p className="m-0 mb-4 text-xl font-extrabold text-primary">{settings.brand.logo_text}</p>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div>
          <LandingPhoto
            photo={photo}
            name={profile.name}
            width={400}
            height={500}
            className="aspect-[4/5] w-full rounded-2xl object-cover shadow"
          />
        </div>
        <div>
          <h1 className="m-0 text-3xl font-bold">
            {profile.name}, {profile.age}
          </h1>
          <p className="m-0 mt-1 text-gray-600">
            {[profile.city, profile.region_name ?? profile.region].filter(Boolean).join(', ') || profile.country}
          </p>
          <FictionalNotice profile={profile} />
          <p className="mt-3">{t('profile_view.landing_text', { name: profile.name })}</p>
          <div className="max-w-sm">
            <LandingCta />
          </div>
          <ProfileFacts profile={profile} />
        </div>
      </div>
      {related.length > 0 && (
        <section aria-labelledby="landing-related-title" className="mt-10">
          <h2 id="landing-related-title" className="m-0 mb-3 text-xl font-bold">
            {t('profile_view.related')}
          </h2>
          <ul data-testid="landing-related" className="m-0 grid grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-6">
            {related.map((p) => (
              <ProfileCard key={p.id} profile={p} href={`/members/${p.id}/landing2`} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** landing3: the photo fills the first screen with the name on it; the about text below; the way in stays at the bottom. */
export function LandingPhotoFirst({ data }: { data: ProfileResponse }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const { profile } = data;
  const photo = profile.photos[0];
  return (
    <div className="min-h-screen bg-gray-900 pb-36 text-white" data-testid="profile-landing3">
      <div className="relative mx-auto max-w-xl">
        <LandingPhoto
          photo={photo}
          name={profile.name}
          width={600}
          height={800}
          className="block h-[80vh] max-h-[900px] w-full object-cover"
        />
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-4 pt-16 pb-4">
          <p className="m-0 text-sm font-bold uppercase tracking-wide">{settings.brand.logo_text}</p>
          <h1 className="m-0 mt-1 text-3xl font-bold">{t('profile_view.landing_title', { name: profile.name })}</h1>
          <p className="m-0 mt-1 text-lg">
            {profile.name}, {profile.age} · {profile.city ?? profile.country}
          </p>
        </div>
      </div>
      <div className="mx-auto max-w-xl px-4 pt-4">
        <div className="text-gray-900">
          <FictionalNotice profile={profile} />
        </div>
        {profile.about && <p className="m-0 mt-3 whitespace-pre-line text-white/90">{profile.about}</p>}
        {profile.hidden_photos > 0 && <p className="text-sm text-white/80">{t('visitor.login_for_photos', { name: profile.name })}</p>}
      </div>
      <div
        className="fixed inset-x-0 bottom-0 z-10 bg-gray-900/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.4)]"
        data-testid="landing3-bar"
      >
        <div className="mx-auto max-w-xl">
          <LandingCta light />
        </div>
      </div>
    </div>
  );
}
