import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { ACCOUNT_RECOVERY_DAYS } from '../../../../core/constants';
import { DELETE_REASONS, DeleteAccountSchema } from '../../../../core/schemas/account';
import type { DiscountCode } from '../../../../core/schemas/payments';
import { apiSend, useApi } from '../../../api/call';
import { ApiError } from '../../../api/fetch-client';
import { Modal } from '../../../components/modal';
import { Link, navigate } from '../../../navigation';
import { userAtom } from '../../../state/atoms';
import { FormAlert, PasswordField, TextArea, useFormState } from '../ui';
import { apiErrors, check, type FieldErrors } from '../validate';
import type { useNotificationSettings } from './notification-prefs';
import { Icon } from '../../../components/icon';
import { intlLocale } from '../../../../core/rules/language';

type Reason = (typeof DELETE_REASONS)[number];
type Step = 'reason' | 'offer' | 'confirm' | 'invisible';
const DANGER = 'btn bg-danger text-white hover:[filter:brightness(1.1)] disabled:cursor-not-allowed disabled:opacity-60';

/** The delete-account section: a short explanation and the button that opens the dialog. */
export function DeleteAccount({ settings }: { settings: ReturnType<typeof useNotificationSettings> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Stable, so the dialog's focus handling runs once when it opens, not on every render.
  const close = useCallback(() => setOpen(false), []);
  return (
    <div>
      <p className="mt-0 text-sm text-gray-600">{t('settings.delete.text', { days: ACCOUNT_RECOVERY_DAYS })}</p>
      <button
        type="button"
        className="btn btn-outline border-solid border-danger text-danger"
        onClick={() => setOpen(true)}
        data-testid="delete-account-open"
      >
        {t('settings.delete.open')}
      </button>
      {open && <DeleteDialog settings={settings} onClose={close} />}
    </div>
  );
}

/**
 * Delete in steps: a reason, then an alternative (a discount on credits, or invisible mode for a break), then the
 * password. The account can be recovered for 14 days with the link that is mailed.
 */
function DeleteDialog({ settings, onClose }: { settings: ReturnType<typeof useNotificationSettings>; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(userAtom);
  const [step, setStep] = useState<Step>('reason');
  const [reason, setReason] = useState<Reason | ''>('');
  const [reasonText, setReasonText] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, sending, run } = useFormState(form);
  const company = useApi('/api/companyinfo.php', {}, { revalidateOnMount: true, dedupingInterval: 3_600_000 });
  // The offer is a real personal code (POST /api/stay-offer.php); without one, no discount is offered.
  const [stay, setStay] = useState<DiscountCode | null>(null);
  const canGoInvisible = !(settings.data?.invisible ?? user?.invisible ?? false);
  const reasonError = useId();

  const toOffer = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setErrors({ reason: t('settings.delete.reason_required') });
    setErrors({});
    void run(async (): Promise<FieldErrors> => {
      let code: DiscountCode | null = null;
      // The company's answer may still be on its way (a slow backend, proxy mode): wait for it rather than offer nothing.
      const discount = (company.data ?? (await company.mutate().catch(() => undefined)))?.delete_discount ?? 0;
      if (discount > 0) code = await apiSend('post', '/api/stay-offer.php').catch(() => null);
      setStay(code);
      // Nothing to offer (no code, already invisible): straight on to the confirmation.
      setStep(code || canGoInvisible ? 'offer' : 'confirm');
      return {};
    });
  };

  const goInvisible = () =>
    void run(async (): Promise<FieldErrors> => {
      const ok = await settings.update({ invisible: true }, t('settings.invisible.on'), 'invisible');
      if (ok) setStep('invisible');
      return ok ? {} : { _form: t('errors.generic') };
    });

  const remove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    const checked = check(DeleteAccountSchema, { password, reason, reason_text: reasonText.trim() || undefined }, t);
    if (!checked.ok) return setErrors(checked.errors);
    void run(async () => {
      try {
        await apiSend('post', '/api/delete-account.php', checked.data);
        setUser(null);
        navigate(store, '/account-deleted', true);
        return {};
      } catch (error) {
        if (error instanceof ApiError && error.code === 'old_password_wrong') return { password: error.message };
        return apiErrors(error, t);
      }
    });
  };

  return (
    <Modal open title={t('settings.delete.dialog_title')} onClose={onClose} labelClose={t('common.close')}>
      <div data-testid="delete-dialog" data-step={step}>
        {step === 'reason' && (
          <form ref={form} onSubmit={toOffer} noValidate>
            <fieldset
              className="mx-0 mb-4 mt-0 min-w-0 border-0 p-0"
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? reasonError : undefined}
            >
              <legend className="mb-2 p-0 font-semibold text-gray-900">{t('settings.delete.reason_question')}</legend>
              <div className="flex flex-col gap-2">
                {DELETE_REASONS.map((r) => (
                  <label
                    key={r}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border border-solid border-gray-200 px-3 py-2 text-sm hover:bg-gray-50"
                  >
                    <input
                      type="radio"
                      name="reason"
                      value={r}
                      checked={reason === r}
                      onChange={() => setReason(r)}
                      className="m-0 h-4 w-4 accent-primary"
                    />
                    {t(`settings.delete.reasons.${r}`)}
                  </label>
                ))}
              </div>
              {errors.reason && (
                <p id={reasonError} className="m-0 mt-1 text-sm text-danger">
                  {errors.reason}
                </p>
              )}
            </fieldset>
            <TextArea
              label={t('settings.delete.reason_text')}
              name="reason_text"
              rows={3}
              maxLength={1000}
              value={reasonText}
              onChange={(e) => setReasonText(e.target.value)}
            />
            <DialogButtons>
              <button type="button" className="btn btn-outline border-solid" onClick={onClose}>
                {t('settings.delete.cancel')}
              </button>
              <button type="submit" className="btn btn-primary">
                {t('settings.delete.next')}
              </button>
            </DialogButtons>
          </form>
        )}

        {step === 'offer' && (
          <div>
            <p className="mt-0 font-semibold text-gray-900">{t('settings.delete.offer_title')}</p>
            <FormAlert message={errors._form} />
            {stay && (
              <div className="mb-3 rounded-xl bg-gray-50 p-4 ring-1 ring-black/5" data-testid="delete-offer-discount" data-code={stay.code}>
                <p className="m-0 mb-2 text-gray-800">
                  <Icon name="i-lucide-gift" className="mr-1" />
                  {t('settings.delete.discount', { percent: stay.value_percentage })}
                </p>
                <p className="m-0 mb-2 text-sm text-gray-700">
                  {t('settings.delete.discount_code', {
                    code: stay.code,
                    date: stay.expires
                      ? new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long' }).format(new Date(stay.expires))
                      : '',
                  })}
                </p>
                <Link href="/credits" className="btn btn-primary inline-block" onClick={onClose}>
                  {t('settings.delete.discount_cta')}
                </Link>
              </div>
            )}
            {canGoInvisible && (
              <div className="mb-3 rounded-xl bg-gray-50 p-4 ring-1 ring-black/5" data-testid="delete-offer-invisible">
                <p className="m-0 mb-2 text-gray-800">
                  <Icon name="i-lucide-glasses" className="mr-1" />
                  {t('settings.delete.break')}
                </p>
                <button type="button" className="btn btn-outline border-solid disabled:opacity-60" onClick={goInvisible} disabled={sending}>
                  {t('settings.delete.break_cta')}
                </button>
              </div>
            )}
            <DialogButtons>
              <button type="button" className="btn btn-outline border-solid" onClick={onClose}>
                {t('settings.delete.cancel')}
              </button>
              <button
                type="button"
                className="btn border border-solid border-gray-300 bg-white text-danger"
                onClick={() => setStep('confirm')}
                data-testid="delete-continue"
              >
                {t('settings.delete.continue')}
              </button>
            </DialogButtons>
          </div>
        )}

        {step === 'invisible' && (
          <div>
            <FormAlert tone="success" message={t('settings.delete.invisible_done')} />
            <DialogButtons>
              <button type="button" className="btn btn-primary" onClick={onClose}>
                {t('common.close')}
              </button>
            </DialogButtons>
          </div>
        )}

        {step === 'confirm' && (
          <form ref={form} onSubmit={remove} method="post" noValidate>
            <p className="mt-0 text-gray-800">{t('settings.delete.confirm_text', { days: ACCOUNT_RECOVERY_DAYS })}</p>
            <FormAlert message={errors._form ?? errors.reason} />
            <PasswordField
              label={t('account.fields.password')}
              name="password"
              autoComplete="current-password"
              required
              error={errors.password}
              autoFocus
            />
            <DialogButtons>
              <button type="button" className="btn btn-outline border-solid" onClick={onClose} disabled={sending}>
                {t('settings.delete.cancel')}
              </button>
              <button type="submit" className={DANGER} disabled={sending} aria-busy={sending || undefined} data-testid="delete-confirm">
                {sending ? t('account.sending') : t('settings.delete.submit')}
              </button>
            </DialogButtons>
          </form>
        )}
      </div>
    </Modal>
  );
}

function DialogButtons({ children }: { children: React.ReactNode }) {
  return <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
