import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { ScreenLoading } from '../../components/screen-loading';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n';
import { useApi } from '../../api/call';
import { Link, navigate } from '../../navigation';
import { routeAtom, settingsAtom, signupModalAtom, userAtom } from '../../state/atoms';
import { FictionalNotice, ProfileScreen } from './profile-view';
import { LandingPhoto, LandingPhotoFirst, LandingWithRelated } from './profile-landing-variants';

/**
 * The member-linked entry variants (/members/{id}/landing, landing2, landing3 and, for visitors, /chat): one
 * profile, big, and the way in; landing2 and landing3 have layouts of their own (profile-landing-variants.tsx).
 * A logged-in member gets the normal profile view instead.
 */
export function ProfileLandingScreen() {
  const { t } = useTranslation();
  const route = useAtomValue(routeAtom);
  const user = useAtomValue(userAtom);
  const settings = useAtomValue(settingsAtom);
  const openSignup = useSetAtom(signupModalAtom);
  const { data, error } = useApi('/api/profile.php', { id: route.params.id }, { revalidateOnMount: undefined });
  const store = useStore();
  const toChat = user !== null && route.name === 'members-id-chat';
  // A member following a /members/{id}/chat link goes straight to the conversation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the redirect depends only on whether this is a chat link
  useEffect(() => {
    if (toChat) navigate(store, `/chats?profile=${route.params.id}`, true);
  }, [toChat]);
  if (user) return <ProfileScreen />;
  if (error)
    return (
      <p className="alert alert-danger m-6" role="alert">
        {error.message}
      </p>
    );
  if (!data) return <ScreenLoading />;
  if (route.name === 'members-id-landing2') return <LandingWithRelated data={data} />;
  if (route.name === 'members-id-landing3') return <LandingPhotoFirst data={data} />;
  const { profile } = data;
  const photo = profile.photos[0];
  const chat = route.name === 'members-id-chat';
  return (
    <section className="min-h-screen bg-gradient-to-b from-primary to-secondary px-3 py-8 text-white" data-testid="profile-landing">
      <div className="mx-auto max-w-md text-center">
        <p className="m-0 text-xl font-extrabold">{settings.brand.logo_text}</p>
        <h1 className="m-0 mt-4 text-3xl font-bold">{t('profile_view.landing_title', { name: profile.name })}</h1>
        <LandingPhoto
          photo={photo}
          name={profile.name}
          width={400}
          height={500}
          className="mt-5 aspect-[4/5] w-full rounded-2xl object-cover shadow-xl"
        />
        <p className="m-0 mt-3 text-xl font-semibold">
          {profile.name}, {profile.age} · {profile.city ?? profile.country}
        </p>
        <div className="text-left text-gray-900">
          <FictionalNotice profile={profile} />
        </div>
        <p className="mt-3 text-white/90">{chat ? t('visitor.login_to_chat') : t('profile_view.landing_text', { name: profile.name })}</p>
        {profile.hidden_photos > 0 && <p className="text-sm text-white/80">{t('visitor.login_for_photos', { name: profile.name })}</p>}
        <button type="button" className="btn btn-light btn-lg mt-4 w-full" onClick={() => openSignup(true)} data-testid="landing-signup">
          {t('profile_view.signup_cta')}
        </button>
        <p className="mt-3">
          <Link href="/login" className="text-white">
            {t('profile_view.login')}
          </Link>
        </p>
      </div>
    </section>
  );
}
