import { useAtomValue, useStore } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { DirectDebitConfirmSchema, DirectDebitSchema } from '../../../core/schemas/order-form';
import { apiSend } from '../../api/call';
import { navigate } from '../../navigation';
import { routeAtom } from '../../state/atoms';
import { AccountCard, FormAlert, SubmitButton, TextField, formValue, useFormState } from '../account/ui';
import { apiErrors, check } from '../account/validate';
import { ConsentBox } from './consent-box';
import { priceWith, useActiveDiscount, useMoney, usePackages } from './shop-data';

const FIELDS = [
  ['holder', 'name'],
  ['iban', 'off'],
  ['street', 'address-line1'],
  ['house_number', 'off'],
  ['zip', 'postal-code'],
  ['city', 'address-level2'],
  ['phone', 'tel'],
] as const;

/**
 * /directdebit: the form of SPEC.md §3 (account holder, IBAN, address, phone), then the code sent by SMS. Both
 * steps are checked with the core schemas here and again on the server ('Code ongeldig' on a wrong code).
 */
export default function DirectDebitScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const route = useAtomValue(routeAtom);
  const { data: shop } = usePackages();
  const discount = useActiveDiscount();
  const money = useMoney(shop?.currency);
  const [sent, setSent] = useState<{ request_id: number; phone: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, setErrors, sending, run } = useFormState(formRef);
  if (!shop)
    return (
      <p className="py-16 text-center text-gray-500" role="status">
        {t('common.loading')}
      </p>
    );
  const wanted = Number(new URLSearchParams(route.search).get('package'));
  const pkg = shop.packages.find((p) => p.id === wanted) ?? shop.packages.find((p) => p.popular) ?? shop.packages[0];
  const amount = priceWith(pkg.price, discount, shop, 'directdebit');

  const request = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      ...Object.fromEntries(FIELDS.map(([name]) => [name, formValue(data, name)])),
      package_id: pkg.id,
      amount,
      currency: shop.currency,
      consent: data.get('consent') === 'on',
      ...(amount !== pkg.price && discount ? { code: discount.code } : {}),
    };
    const checked = check(DirectDebitSchema, input, t);
    if (!checked.ok) return setErrors(checked.errors);
    void run(async () => {
      try {
        setSent(await apiSend('post', '/api/directdebit.php', checked.data));
        return {};
      } catch (error) {
        return apiErrors(error, t);
      }
    });
  };

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { request_id: sent!.request_id, otp: formValue(new FormData(event.currentTarget), 'otp') };
    const checked = check(DirectDebitConfirmSchema, input, t);
    if (!checked.ok) return setErrors(checked.errors);
    void run(async () => {
      try {
        const { order } = await apiSend('put', '/api/directdebit.php', checked.data);
        navigate(store, `/transactions/${order.id}`);
        return {};
      } catch (error) {
        return apiErrors(error, t);
      }
    });
  };

  return (
    <AccountCard title={t('directdebit.title')} testId="directdebit">
      <p className="m-0 mb-4 font-semibold">
        {t('shop.credits', { count: pkg.credits })} · {money(amount)}
      </p>
      {!sent ? (
        <form ref={formRef} onSubmit={request} method="post" noValidate>
          <p className="mt-0 text-sm text-gray-700">{t('directdebit.intro')}</p>
          <FormAlert message={errors._form} />
          {FIELDS.map(([name, autoComplete]) => (
            <TextField
              key={name}
              name={name}
              label={t(`directdebit.${name}`)}
              autoComplete={autoComplete}
              error={errors[name]}
              type={name === 'phone' ? 'tel' : 'text'}
              required
            />
          ))}
          <ConsentBox error={errors.consent} />
          <SubmitButton sending={sending}>{t('directdebit.send_code')}</SubmitButton>
        </form>
      ) : (
        <form ref={formRef} onSubmit={confirm} method="post" noValidate>
          <FormAlert tone="info" message={t('directdebit.code_sent', { phone: sent.phone })} />
          <FormAlert message={errors._form} />
          <TextField
            name="otp"
            label={t('directdebit.otp')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.otp ?? errors.request_id}
            required
          />
          <SubmitButton sending={sending}>{t('directdebit.confirm')}</SubmitButton>
        </form>
      )}
    </AccountCard>
  );
}
