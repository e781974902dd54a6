import { useAtomValue, useStore } from 'jotai';
import { ScreenLoading } from '../../components/screen-loading';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { apiSend } from '../../api/typed-fetch';
import { Link, navigate } from '../../navigation';
import { routeAtom } from '../../state/atoms';
import { AccountCard, FormAlert, SubmitButton, useFormState } from '../../components/form-ui';
import { apiErrors } from '../../lib/validate';
import { ConsentBox } from './consent-box';
import { useMoney, usePackages } from './shop-data';
import { usePauseScreen } from './pause-screen';

/** /credits/repeat-order: the last package again (or ?package=), charged on the stored mandate without a checkout. */
export default function RepeatOrderScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const route = useAtomValue(routeAtom);
  const { data: shop } = usePackages();
  const form = useRef<HTMLFormElement>(null);
  const { errors, sending, run } = useFormState(form);
  const money = useMoney(shop?.currency);
  // One click buys here: the pause screen comes first where the server's check asks for it (issue 45 item 10).
  const pause = usePauseScreen();
  if (pause) return pause;
  if (!shop) return <ScreenLoading />;
  const wanted = Number(new URLSearchParams(route.search).get('package')) || shop.last_package_id;
  const pkg = shop.packages.find((p) => p.id === wanted);
  if (!shop.mandate || !pkg) {
    return (
      <AccountCard title={t('repeat.title')} testId="repeat-order">
        <p>{t('repeat.none')}</p>
        <Link href="/credits" className="btn btn-primary">
          {t('shop.title_credits')}
        </Link>
      </AccountCard>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const consent = new FormData(event.currentTarget).get('consent') === 'on';
    void run(async () => {
      // The contract takes only a given consent: without it, the field's message as the server would answer it.
      if (!consent) return { consent: t('validation.consent_required') };
      try {
        const { order } = await apiSend('post', '/api/repeat-order.php', {
          package_id: pkg.id,
          amount: pkg.price,
          currency: shop.currency,
          consent,
        });
        navigate(store, `/transactions/${order.id}`);
        return {};
      } catch (error) {
        return apiErrors(error, t);
      }
    });
  };
  return (
    <AccountCard title={t('repeat.title')} testId="repeat-order">
      <p>{t('repeat.text', { credits: pkg.credits, price: money(pkg.price), label: shop.mandate.label })}</p>
      <form ref={form} onSubmit={submit} method="post" noValidate>
        <FormAlert message={errors._form} />
        <ConsentBox error={errors.consent} />
        {/* The market's prescribed words where there are any (§ 312j (3) BGB), else the catalogue's. */}
        <SubmitButton sending={sending}>{shop.order_button ?? t('repeat.submit')}</SubmitButton>
      </form>
      <p className="mb-0 mt-4 text-sm">
        <Link href={`/credits/${pkg.id}`}>{t('transaction.other_method')}</Link>
      </p>
    </AccountCard>
  );
}
