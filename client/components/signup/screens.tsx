import { useAtomValue } from 'jotai';
import type { ComponentType } from 'react';
import { useTranslation } from '../../i18n';
import { SignupFlow } from './flow';
import { routeAtom, settingsAtom } from '../../state/atoms';
import CompleteSignupScreen from './complete-signup';

/**
 * /signup, /signup-matches and /members/{id}/signup: the signup flow as a page. Coming from a member's page, the
 * finished flow leads back to that member.
 */
function SignupScreen() {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const route = useAtomValue(routeAtom);
  const memberId = route.name === 'members-id-signup' ? route.params.id : null;
  const intro =
    route.name === 'signup-matches' ? t('signup.page.matches_intro') : memberId ? t('signup.page.member_intro') : t('signup.modal_text');
  return (
    <section className="container mx-auto px-3 py-6 md:py-10" data-testid="signup-page">
      <div className="mx-auto max-w-lg rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8">
        <h1 className="m-0 mb-1 text-2xl font-bold text-gray-900">{t('signup.modal_title', { brand: settings.name })}</h1>
        <p className="mt-0 text-gray-600">{intro}</p>
        <SignupFlow mode="page" completeHref={memberId ? `/members/${memberId}` : '/members'} />
      </div>
    </section>
  );
}

/** The signup pages by route name (see app.tsx). */
export const screens: Record<string, ComponentType> = {
  signup: SignupScreen,
  'signup-matches': SignupScreen,
  'members-id-signup': SignupScreen,
  'complete-signup': CompleteSignupScreen,
};
