import { useAtom, useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { intlLocale } from '../../../../core/rules/language';
import { apiSend } from '../../../api/typed-fetch';
import { settingsAtom, userAtom } from '../../../state/atoms';
import { FormAlert, SelectField, SubmitButton, useFormState } from '../../../components/form-ui';
import { apiErrors } from '../../../lib/validate';

/** The brand's currencies (those it sells in, as the "from" prices list them), each once. */
export function useBrandCurrencies(): string[] {
  const settings = useAtomValue(settingsAtom);
  return [...new Set(Object.values(settings.minimum_message_costs).map((entry) => entry.currency))];
}

function currencyName(currency: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([intlLocale(language)], { type: 'currency' }).of(currency);
    return name && name !== currency ? `${name} (${currency})` : currency;
  } catch {
    return currency;
  }
}

/**
 * The member's one currency (issue 46, item 4): set at signup from their country; here they pick another the brand
 * sells in. Shown only where there is a choice.
 */
export function CurrencyChoice() {
  const { t, i18n } = useTranslation();
  const [user, setUser] = useAtom(userAtom);
  const currencies = useBrandCurrencies();
  const form = useRef<HTMLFormElement>(null);
  const { errors, sending, run } = useFormState(form);
  const [saved, setSaved] = useState(false);
  const current = user?.currency ?? currencies[0];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const currency = String(new FormData(event.currentTarget).get('currency') ?? '');
    void run(async () => {
      try {
        const answer = await apiSend('put', '/api/currency.php', { currency });
        setUser(answer.user);
        setSaved(true);
        return {};
      } catch (error) {
        return apiErrors(error, t);
      }
    });
  };

  return (
    <form ref={form} onSubmit={submit} method="post" noValidate data-testid="currency-choice">
      <p className="mt-0 text-sm text-gray-600">{t('settings.currency.explain')}</p>
      {saved && <FormAlert tone="success" message={t('settings.currency.saved')} />}
      <FormAlert message={errors._form} />
      <SelectField label={t('settings.currency.label')} name="currency" defaultValue={current} key={current} error={errors.currency}>
        {currencies.map((currency) => (
          <option key={currency} value={currency}>
            {currencyName(currency, i18n.language)}
          </option>
        ))}
      </SelectField>
      <SubmitButton sending={sending} className="sm:w-auto">
        {t('settings.currency.submit')}
      </SubmitButton>
    </form>
  );
}
