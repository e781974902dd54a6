import { useAtomValue, useStore } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation, type TFunction } from '../../i18n';
import type { DiscountCode, PackagesResponse, PaymentMethod } from '../../../core/schemas/payments';
import { apiSend } from '../../api/typed-fetch';
import { Link, navigate } from '../../navigation';
import { routeAtom, settingsAtom, userAtom } from '../../state/atoms';
import { AccountCard, FormAlert, RichText, SelectField, SubmitButton, useFormState } from '../../components/form-ui';
import { apiErrors, type FieldErrors } from '../../lib/validate';
import { CodeField } from './code-field';
import { ConsentBox } from './consent-box';
import { PaymentMark, ShopTrust } from './payment-marks';
import { discountComparison, discountLine, type DiscountText } from './discount-note';
import { checkoutDiscount, discountProblemText, useActiveDiscount, useMoney, usePackages } from './shop-data';
import { usePauseScreen } from './pause-screen';
import { StatementNote } from './statement-note';
import { FictionalMark } from '../../components/fictional-mark';

/**
 * /credits/{id}/{paymentmethod?}: the chosen package, the methods of the member's country (iDEAL with its bank),
 * a discount code, the consent to immediate delivery, then off to the payment service's checkout. The amount sent
 * is the one shown: the server refuses the order if its own price differs. A typed code competes with the member's
 * own welcome discount, and the better one applies, as on the server (core/rules/discount.ts bestDiscount).
 */
export default function CheckoutScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const route = useAtomValue(routeAtom);
  const { data: shop, error } = usePackages();
  const active = useActiveDiscount();
  const [code, setCode] = useState<DiscountCode | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const { errors, sending, run } = useFormState(form);
  const money = useMoney(shop?.currency);
  // The server decides whether the pause screen comes first (issue 45 item 10).
  const pause = usePauseScreen();

  const pkg = shop?.packages.find((p) => String(p.id) === route.params.id);
  if (error || !shop || !pkg) return <CheckoutUnavailable error={error} loading={!shop} />;
  if (pause) return pause;

  const methods = shop.methods.filter((m) => m !== 'directdebit');
  const method = (methods as string[]).includes(route.params.paymentmethod ?? '')
    ? (route.params.paymentmethod as PaymentMethod)
    : methods[0];
  const choice = checkoutDiscount(active, code, pkg.price, shop, method);
  const { applied: discount, price: amount } = choice;
  const line = discountLine(choice, code);
  const comparison = discountComparison(choice, code);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const order = { package_id: pkg.id, amount, currency: shop.currency, method, discount };
    void run(() => placeOrder(data, order, t, store));
  };

  return (
    <AccountCard title={t('shop.credits', { count: pkg.credits })} testId="checkout">
      <form ref={form} onSubmit={submit} method="post" noValidate>
        <FormAlert message={errors._form} />
        <MethodChoice
          methods={methods}
          method={method}
          directDebit={shop.methods.includes('directdebit')}
          packageId={pkg.id}
          onChoose={(m) => navigate(store, `/credits/${pkg.id}/${m}`, true)}
        />
        {method === 'ideal' && <IssuerField issuers={shop.ideal_issuers} error={errors.issuer} />}
        <CodeField
          applied={code}
          charged={code !== null && discount === code}
          notApplicable={code && discountProblemText(t, money, code, pkg.price, shop, method)}
          comparison={comparison && t(comparison.key, comparison.values)}
          onApplied={setCode}
        />
        <PriceSummary line={line} price={pkg.price} amount={amount} money={money} />
        <FirstPurchaseDisclosure />
        <StatementNote descriptor={shop.statement_descriptors?.[method] ?? shop.statement_descriptor} />
        <ConsentBox error={errors.consent} />
        {/* The market's prescribed words where there are any (§ 312j (3) BGB: only the button's words count). */}
        <SubmitButton sending={sending}>{shop.order_button ?? t('pay.submit')}</SubmitButton>
      </form>
      <p className="mb-0 mt-4 text-sm">
        <Link href="/credits">{t('pay.other_package')}</Link>
      </p>
      <ShopTrust methods={shop.methods} />
    </AccountCard>
  );
}

/** Instead of the checkout: the packages' load error, the loading line, or a package that is not (or no longer) sold. */
function CheckoutUnavailable({ error, loading }: { error: Error | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (error)
    return (
      <AccountCard title={t('pay.title')}>
        <FormAlert message={error.message} />
      </AccountCard>
    );
  if (loading)
    return (
      <p className="py-16 text-center text-gray-500" role="status">
        {t('pay.loading')}
      </p>
    );
  return (
    <AccountCard title={t('pay.title')}>
      <FormAlert message={t('errors.package_not_found')} />
      <Link href="/credits">{t('pay.other_package')}</Link>
    </AccountCard>
  );
}

type Store = ReturnType<typeof useStore>;

/** What the checkout has decided before the form is read: package, shown price, method and the applied code. */
interface OrderChoice {
  package_id: number;
  amount: number;
  currency: string;
  method: PaymentMethod;
  discount: DiscountCode | null;
}

/** Posts the order and goes to the payment service's checkout (or the order's page); answers the errors to show. */
async function placeOrder(data: FormData, order: OrderChoice, t: TFunction, store: Store): Promise<FieldErrors> {
  // The contract takes only a given consent: without it, the field's message as the server would answer it.
  if (data.get('consent') !== 'on') return { consent: t('validation.consent_required') };
  try {
    const { discount, method } = order;
    const body = {
      package_id: order.package_id,
      amount: order.amount,
      currency: order.currency,
      method,
      consent: true as const,
      ...(discount ? { code: discount.code } : {}),
      ...(method === 'ideal' && data.get('issuer') ? { issuer: String(data.get('issuer')) } : {}),
    };
    const res = await apiSend('post', '/api/order.php', body);
    // The payment service's page is another site (or the sandbox's server page): a real page load.
    if (res.checkout_url) location.assign(res.checkout_url);
    else navigate(store, `/transactions/${res.order.id}`);
    return {};
  } catch (failure) {
    return apiErrors(failure, t);
  }
}

/** The payment methods as radio cards (choosing one changes the URL), and the way to direct debit where offered. */
function MethodChoice({
  methods,
  method,
  directDebit,
  packageId,
  onChoose,
}: {
  methods: PaymentMethod[];
  method: PaymentMethod;
  directDebit: boolean;
  packageId: number;
  onChoose: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="m-0 mb-4 border-0 p-0">
      <legend className="mb-2 p-0 text-sm font-semibold text-gray-800">{t('pay.title')}</legend>
      {/* One column on a phone: two left "Bankoverschrijving" and its mark ~110 px at 390 px, and it overflowed. */}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {methods.map((m) => (
          <label
            key={m}
            className={`flex min-w-0 cursor-pointer items-center gap-2 rounded-lg border border-solid px-3 py-2.5 text-sm ${m === method ? 'border-primary font-semibold' : 'border-gray-300'}`}
            data-method={m}
          >
            <input
              type="radio"
              name="method"
              value={m}
              checked={m === method}
              onChange={() => onChoose(m)}
              className="m-0 h-4 w-4 shrink-0 accent-primary"
            />
            <span className="min-w-0 flex-1 break-words">{t(`payment.methods.${m}`)}</span>
            <PaymentMark method={m} />
          </label>
        ))}
      </div>
      {directDebit && (
        <p className="mb-0 mt-2 text-sm">
          <Link href={`/directdebit?package=${packageId}`}>{t('shop.directdebit')}</Link>
        </p>
      )}
    </fieldset>
  );
}

/** The discount's line (what it takes off) and the total, the list price struck through when it differs. */
function PriceSummary({
  line,
  price,
  amount,
  money,
}: {
  line: DiscountText | null;
  price: number;
  amount: number;
  money: (cents: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {line && (
        <p className="m-0 mt-4 flex items-baseline justify-between gap-3 text-sm text-gray-700" data-testid="discount-line">
          <span>{t(line.key, line.values)}</span>
          <span className="whitespace-nowrap">&minus;{money(price - amount)}</span>
        </p>
      )}
      <p className="my-4 flex items-baseline justify-between text-lg">
        <span>{t('pay.total')}</span>
        <span>
          {amount !== price && <span className="mr-2 text-sm text-gray-500 line-through">{money(price)}</span>}
          <strong data-testid="total">{money(amount)}</strong>
        </span>
      </p>
    </>
  );
}

/** iDEAL's bank choice; none chosen lets the member pick it on the payment page. */
function IssuerField({ issuers, error }: { issuers: PackagesResponse['ideal_issuers']; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <SelectField label={t('pay.bank')} name="issuer" defaultValue="" error={error}>
      <option value="">{t('pay.bank_later')}</option>
      {issuers.map((i) => (
        <option key={i.id} value={i.id}>
          {i.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Before a first purchase, in one sentence: some profiles are fictional and run by staff (issue 17, item 5). */
function FirstPurchaseDisclosure() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const settings = useAtomValue(settingsAtom);
  if (user?.paid_user) return null;
  return (
    <p className="my-3 text-sm text-gray-700" data-testid="fictional-disclosure">
      <FictionalMark text={false} />{' '}
      <RichText
        text={t('pay.fictional', { plural: settings.fictional_plural })}
        components={{
          // biome-ignore lint/a11y/useAnchorContent: RichText puts the translated link text inside
          terms: <a href="/pages/terms" target="_blank" rel="noopener" />,
        }}
      />
    </p>
  );
}
