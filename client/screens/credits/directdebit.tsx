import { useAtomValue, useStore } from 'jotai';
import { ScreenLoading } from '../../components/screen-loading';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import type { DiscountCode, MandatePreview, Package } from '../../../core/schemas/payments';
import { DirectDebitConfirmSchema, DirectDebitSchema, type DirectDebitForm } from '../../../core/schemas/order-form';
import { apiSend } from '../../api/typed-fetch';
import { navigate } from '../../navigation';
import { routeAtom } from '../../state/atoms';
import { AccountCard, FormAlert, SubmitButton, TextField, formValue, useFormState } from '../../components/form-ui';
import { apiErrors, check, type FieldErrors } from '../../lib/validate';
import { ConsentBox } from './consent-box';
import { priceWith, useActiveDiscount, useMoney, usePackages } from './shop-data';
import { usePauseScreen } from './pause-screen';
import { MandateText } from './mandate-text';

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
 * /directdebit: the form of SPEC.md §3 (account holder, IBAN, address, phone), then the SEPA mandate to sign
 * (issue 44 item 10: creditor, reference, amount, debit date, refund right), then the code sent by SMS that signs it.
 * The steps are checked with the core schemas here and again on the server ('Code ongeldig' on a wrong code).
 */
export default function DirectDebitScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const route = useAtomValue(routeAtom);
  const { data: shop } = usePackages();
  const discount = useActiveDiscount();
  const money = useMoney(shop?.currency);
  const [mandate, setMandate] = useState<{ form: DirectDebitForm; preview: MandatePreview } | null>(null);
  const [sent, setSent] = useState<{ request_id: number; phone: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, setErrors, sending, run } = useFormState(formRef);
  // The pause screen comes first where the server's check asks for it (issue 45 item 10).
  const pause = usePauseScreen();
  if (pause) return pause;
  if (!shop) return <ScreenLoading />;
  const wanted = Number(new URLSearchParams(route.search).get('package'));
  const pkg = shop.packages.find((p) => p.id === wanted) ?? shop.packages.find((p) => p.popular) ?? shop.packages[0];
  const amount = priceWith(pkg.price, discount, shop, 'directdebit');

  const request = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = requestInput(data, pkg, amount, shop.currency, discount);
    const checked = check(DirectDebitSchema, input, t);
    if (!checked.ok) return setErrors(checked.errors);
    void run(async () => {
      try {
        setMandate({ form: checked.data, preview: await apiSend('post', '/api/directdebit-mandate.php', checked.data) });
        return {};
      } catch (error) {
        return apiErrors(error, t);
      }
    });
  };

  // Signing starts with the code: it goes out only for the mandate text shown (its token).
  const sendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!mandate) return;
    void run(async () => {
      try {
        setSent(await apiSend('post', '/api/directdebit.php', { ...mandate.form, mandate_token: mandate.preview.token }));
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
      {/* Kept while the mandate shows, hidden, so "change details" returns to what was typed. */}
      {!sent && (
        <form ref={mandate ? undefined : formRef} onSubmit={request} method="post" noValidate hidden={!!mandate}>
          <RequestFields errors={errors} sending={sending} />
        </form>
      )}
      {!mandate ? null : !sent ? (
        <form ref={formRef} onSubmit={sendCode} method="post" noValidate>
          <MandateText mandate={mandate.preview} />
          <FormAlert message={errors._form} />
          <SubmitButton sending={sending}>{t('directdebit.send_code')}</SubmitButton>
          <button type="button" className="mt-2 w-full bg-transparent text-sm underline" onClick={() => setMandate(null)}>
            {t('directdebit.mandate_change')}
          </button>
        </form>
      ) : (
        <form ref={formRef} onSubmit={confirm} method="post" noValidate>
          <ConfirmFields phone={sent.phone} errors={errors} sending={sending} orderButton={shop.order_button ?? null} />
        </form>
      )}
    </AccountCard>
  );
}

/** The first step's input: the form's fields, the package at the price shown, and the discount code when it counts. */
function requestInput(data: FormData, pkg: Package, amount: number, currency: string, discount: DiscountCode | null) {
  return {
    ...Object.fromEntries(FIELDS.map(([name]) => [name, formValue(data, name)])),
    package_id: pkg.id,
    amount,
    currency,
    consent: data.get('consent') === 'on',
    ...(amount !== pkg.price && discount ? { code: discount.code } : {}),
  };
}

/** The first step's fields: holder, IBAN, address and phone, and the consent to immediate delivery. */
function RequestFields({ errors, sending }: { errors: FieldErrors; sending: boolean }) {
  const { t } = useTranslation();
  return (
    <>
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
      <SubmitButton sending={sending}>{t('directdebit.to_mandate')}</SubmitButton>
    </>
  );
}

/**
 * The second step's field: the code sent by SMS to the phone given. Its button places the order, so it carries the
 * market's prescribed words where there are any (packages.php `order_button`).
 */
function ConfirmFields({
  phone,
  errors,
  sending,
  orderButton,
}: {
  phone: string;
  errors: FieldErrors;
  sending: boolean;
  orderButton: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormAlert tone="info" message={t('directdebit.code_sent', { phone })} />
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
      <SubmitButton sending={sending}>{orderButton ?? t('directdebit.confirm')}</SubmitButton>
    </>
  );
}
