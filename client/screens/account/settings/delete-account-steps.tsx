import type { FormEvent, RefObject } from 'react';
import { useTranslation } from '../../../i18n';
import { ACCOUNT_RECOVERY_DAYS } from '../../../../core/constants';
import { DELETE_REASONS } from '../../../../core/schemas/account';
import type { DiscountCode } from '../../../../core/schemas/payments';
import { Link } from '../../../navigation';
import { FormAlert, PasswordField, TextArea } from '../../../components/form-ui';
import type { FieldErrors } from '../../../lib/validate';
import { Icon } from '../../../components/icon';
import { UnusedCreditsNotice } from './unused-credits';
import { intlLocale } from '../../../../core/rules/language';

export type Reason = (typeof DELETE_REASONS)[number];
const DANGER = 'btn bg-danger text-white hover:[filter:brightness(1.1)] disabled:cursor-not-allowed disabled:opacity-60';

type ReasonStepProps = {
  form: RefObject<HTMLFormElement | null>;
  errors: FieldErrors;
  reasonError: string;
  reason: Reason | '';
  onReason: (reason: Reason) => void;
  reasonText: string;
  onReasonText: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
};

/** Step 1: why the member leaves (one of the reasons, required, and an optional text). */
export function ReasonStep({ form, errors, reasonError, reason, onReason, reasonText, onReasonText, onSubmit, onClose }: ReasonStepProps) {
  const { t } = useTranslation();
  return (
    <form ref={form} onSubmit={onSubmit} noValidate>
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
                onChange={() => onReason(r)}
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
        onChange={(e) => onReasonText(e.target.value)}
      />
      <DialogButtons>
        <CancelButton onClose={onClose} />
        <button type="submit" className="btn btn-primary">
          {t('settings.delete.next')}
        </button>
      </DialogButtons>
    </form>
  );
}

type OfferStepProps = {
  errors: FieldErrors;
  stay: DiscountCode | null;
  canGoInvisible: boolean;
  sending: boolean;
  onInvisible: () => void;
  onContinue: () => void;
  onClose: () => void;
};

/** Step 2: the alternatives to leaving (a discount code, invisible mode), or go on to delete. */
export function OfferStep({ errors, stay, canGoInvisible, sending, onInvisible, onContinue, onClose }: OfferStepProps) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="mt-0 font-semibold text-gray-900">{t('settings.delete.offer_title')}</p>
      <FormAlert message={errors._form} />
      {stay && <DiscountOffer stay={stay} onClose={onClose} />}
      {canGoInvisible && (
        <div className="mb-3 rounded-xl bg-gray-50 p-4 ring-1 ring-black/5" data-testid="delete-offer-invisible">
          <p className="m-0 mb-2 text-gray-800">
            <Icon name="i-lucide-glasses" className="mr-1" />
            {t('settings.delete.break')}
          </p>
          <button type="button" className="btn btn-outline border-solid disabled:opacity-60" onClick={onInvisible} disabled={sending}>
            {t('settings.delete.break_cta')}
          </button>
        </div>
      )}
      <DialogButtons>
        <CancelButton onClose={onClose} />
        <button
          type="button"
          className="btn border border-solid border-gray-300 bg-white text-danger"
          onClick={onContinue}
          data-testid="delete-continue"
        >
          {t('settings.delete.continue')}
        </button>
      </DialogButtons>
    </div>
  );
}

/** The personal stay-offer code, with its expiry date and a link to the credits page. */
function DiscountOffer({ stay, onClose }: { stay: DiscountCode; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
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
  );
}

/** The end when the member chose invisible mode instead. */
export function InvisibleDone({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <FormAlert tone="success" message={t('settings.delete.invisible_done')} />
      <DialogButtons>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </DialogButtons>
    </div>
  );
}

type ConfirmStepProps = {
  form: RefObject<HTMLFormElement | null>;
  errors: FieldErrors;
  sending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
};

/** Last step: the password confirms the deletion. */
export function ConfirmStep({ form, errors, sending, onSubmit, onClose }: ConfirmStepProps) {
  const { t } = useTranslation();
  return (
    <form ref={form} onSubmit={onSubmit} method="post" noValidate>
      <p className="mt-0 text-gray-800">{t('settings.delete.confirm_text', { days: ACCOUNT_RECOVERY_DAYS })}</p>
      <UnusedCreditsNotice />
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
        <CancelButton onClose={onClose} disabled={sending} />
        <button type="submit" className={DANGER} disabled={sending} aria-busy={sending || undefined} data-testid="delete-confirm">
          {sending ? t('account.sending') : t('settings.delete.submit')}
        </button>
      </DialogButtons>
    </form>
  );
}

/** The outlined cancel button every step has. */
function CancelButton({ onClose, disabled }: { onClose: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn-outline border-solid" onClick={onClose} disabled={disabled}>
      {t('settings.delete.cancel')}
    </button>
  );
}

function DialogButtons({ children }: { children: React.ReactNode }) {
  return <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
