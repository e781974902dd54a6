import { useAtomValue } from 'jotai';
import { useTranslation } from '../i18n';
import { LANGUAGE_NAMES, LOCALE_COOKIE_DAYS, COOKIE, type Language } from '../../core/constants';
import { switcherLanguages } from '../../core/rules/language';
import { apiSend } from '../api/typed-fetch';
import { setCookie } from '../lib/cookies';
import { countryAtom, settingsAtom, userAtom } from '../state/atoms';
import { Icon } from './icon';

/** Offers the visible languages of the visitor's country; a choice is remembered for 365 days (and on the account). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const country = useAtomValue(countryAtom);
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const current = i18n.language as Language;
  const options = switcherLanguages(country, current, settings.brand.languages as Language[]);

  const choose = async (language: Language) => {
    setCookie(COOKIE.locale, language, LOCALE_COOKIE_DAYS);
    if (user) await apiSend('put', '/api/user.php', { language }).catch(() => undefined);
    // The server renders and sends only the active catalogue, so a reload is the switch.
    location.reload();
  };

  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">{t('nav.language')}</span>
      <Icon name="i-lucide-globe" />
      <select
        value={current}
        onChange={(e) => void choose(e.target.value as Language)}
        className="rounded border border-white/40 bg-transparent px-1 py-1 text-sm text-inherit"
        data-testid="language-switcher"
      >
        {options.map((lang) => (
          <option key={lang} value={lang} className="text-gray-900">
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
