import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { ACCOUNT_RECOVERY_DAYS } from '../../../../core/constants';
import { DeleteAccountSchema } from '../../../../core/schemas/account';
import type { DiscountCode } from '../../../../core/schemas/payments';
import { apiSend } from '../../../api/typed-fetch';
import { useApi } from '../../../api/call';
import { ApiError } from '../../../api/fetch-client';
import { Modal } from '../../../components/modal';
import { navigate } from '../../../navigation';
import { userAtom } from '../../../state/atoms';
import { useFormState } from '../../../components/form-ui';
import { apiErrors, check, type FieldErrors } from '../../../lib/validate';
import type { useNotificationSettings } from './notification-prefs';
import { ConfirmStep, InvisibleDone, OfferStep, type Reason, ReasonStep } from './delete-account-steps';

type Step = 'reason' | 'offer' | 'confirm' | 'invisible';

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
  const { t } = useTranslation();
  const flow = useDeleteFlow(settings);
  const { step, form, errors, sending } = flow;
  return (
    <Modal open title={t('settings.delete.dialog_title')} onClose={onClose} labelClose={t('common.close')}>
      <div data-testid="delete-dialog" data-step={step}>
        {step === 'reason' && (
          <ReasonStep
            form={form}
            errors={errors}
            reasonError={flow.reasonError}
            reason={flow.reason}
            onReason={flow.setReason}
            reasonText={flow.reasonText}
            onReasonText={flow.setReasonText}
            onSubmit={flow.toOffer}
            onClose={onClose}
          />
        )}

        {step === 'offer' && (
          <OfferStep
            errors={errors}
            stay={flow.stay}
            canGoInvisible={flow.canGoInvisible}
            sending={sending}
            onInvisible={flow.goInvisible}
            onContinue={() => flow.setStep('confirm')}
            onClose={onClose}
          />
        )}

        {step === 'invisible' && <InvisibleDone onClose={onClose} />}

        {step === 'confirm' && <ConfirmStep form={form} errors={errors} sending={sending} onSubmit={flow.remove} onClose={onClose} />}
      </div>
    </Modal>
  );
}

/** The dialog's state and its three actions: fetch the offer, go invisible instead, delete with the password. */
function useDeleteFlow(settings: ReturnType<typeof useNotificationSettings>) {
  const { t } = useTranslation();
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

  return {
    step,
    setStep,
    reason,
    setReason,
    reasonText,
    setReasonText,
    form,
    errors,
    sending,
    stay,
    canGoInvisible,
    reasonError,
    toOffer,
    goInvisible,
    remove,
  };
}
