import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { COOKIE, LANGUAGE_NAMES, LOCALE_COOKIE_DAYS, type Language } from '../../../core/constants';
import { switcherLanguages } from '../../../core/rules/language';
import { apiSend } from '../../api/typed-fetch';
import { setCookie } from '../../lib/cookies';
import { countryAtom, routeAtom, settingsAtom, userAtom } from '../../state/atoms';
import { AccountCard } from '../../components/form-ui';

/** Where to return: `?back=/path` (a path on this site), else the referring page of this site, else home. */
function backTarget(search: string): string {
  const back = new URLSearchParams(search).get('back');
  if (back && /^\/(?!\/)/.test(back) && !back.startsWith('/lang-config')) return back;
  try {
    const ref = new URL(document.referrer);
    if (ref.origin === location.origin && !ref.pathname.startsWith('/lang-config')) return ref.pathname + ref.search;
  } catch {
    // no referrer
  }
  return '/';
}

/**
 * /lang-config: the interface language, among the visible languages of the visitor's country and the brand's
 * (the language switcher's choice, with the same cookie and saved choice), then back to where the visitor was.
 */
export default function LangConfigScreen() {
  const { t, i18n } = useTranslation();
  const country = useAtomValue(countryAtom);
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const route = useAtomValue(routeAtom);
  const current = i18n.language as Language;
  const options = switcherLanguages(country, current, settings.brand.languages as Language[]);
  const [busy, setBusy] = useState(false);

  const choose = async (language: Language) => {
    setBusy(true);
    setCookie(COOKIE.locale, language, LOCALE_COOKIE_DAYS);
    if (user) await apiSend('put', '/api/user.php', { language }).catch(() => undefined);
    // Only the active catalogue is in the page: the way back is a page load in the new language.
    location.replace(backTarget(route.search));
  };

  return (
    <AccountCard title={t('lang_config.title')} icon="i-lucide-globe" testId="lang-config">
      <p className="mt-0 text-gray-700">{t('lang_config.intro')}</p>
      <ul className="m-0 flex list-none flex-col gap-2 p-0" aria-busy={busy || undefined}>
        {options.map((language) => (
          <li key={language}>
            <button
              type="button"
              lang={language}
              disabled={busy}
              aria-pressed={language === current}
              onClick={() => void choose(language)}
              className={`btn box-border w-full border border-solid text-left ${language === current ? 'border-secondary bg-secondary text-white' : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-50'}`}
              data-testid={`lang-${language}`}
            >
              {LANGUAGE_NAMES[language]}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-outline mt-4 box-border w-full border-solid"
        onClick={() => (history.length > 1 ? history.back() : location.assign('/'))}
      >
        {t('lang_config.back')}
      </button>
    </AccountCard>
  );
}
