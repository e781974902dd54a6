import { useAtomValue } from 'jotai';
import { countryName } from '../../core/country-names';
import { useTranslation } from '../i18n';
import { countryNamesAtom } from '../state/atoms';

/**
 * Country names in the page's language: the brand's countries as the server named them in the page's state, any
 * other from the runtime. So a page hydrates without Intl.DisplayNames, whose first use loads locale data (about
 * 20 ms of a phone's main thread, in one piece).
 */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  const known = useAtomValue(countryNamesAtom);
  return (code) => known[code] ?? countryName(code, i18n.language);
}
