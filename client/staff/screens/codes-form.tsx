import { useState, type FormEvent } from 'react';
import { PAYMENT_METHODS } from '../../../core/schemas/payments';
import { DISCOUNT_VALIDITIES, discountCodeSchema } from '../../../core/schemas/staff-codes';
import type { StaffDiscountCode } from '../../../core/schemas/staff-back-office-answers';
import { Field } from '../components/field';
import { ApiError, staffSend } from '../lib/api';
import { validate } from '../lib/form';
import { t, type StaffKey } from '../lib/i18n';
import { methodWords } from '../lib/payment-words';
import { labelOr } from '../lib/value-label';
import { Problem } from '../components/notice';

/** '2026-12-01T12:00' (the browser's local time) from an ISO instant, for a datetime-local input. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The code as entered in the form, in the shape of the contract's body (not yet checked). */
function readCodeInput(form: FormData, brand: string, code: StaffDiscountCode | null) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const expires = text('expires');
  const minimum = text('minimum_order_value').replace(',', '.');
  const methods = form.getAll('paymentmethods').map(String);
  return {
    brand,
    code: code?.code ?? text('code'),
    value_percentage: text('value_percentage') === '' ? NaN : Number(text('value_percentage').replace(',', '.')),
    validity: text('validity'),
    country: text('country').toUpperCase() || null,
    currency: text('currency').toUpperCase() || null,
    // Entered in whole currency units; stored and compared in cents.
    minimum_order_value: minimum === '' ? 0 : Math.round(Number(minimum) * 100),
    paymentmethods: methods.length ? methods : null,
    expires: expires ? new Date(expires).toISOString() : null,
  };
}

/** Checks the form and saves the code (POST a new one, PUT an edit); the fields' errors, the server's problem. */
function useSaveCode(brand: string, code: StaffDiscountCode | null, onSaved: () => void) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = readCodeInput(new FormData(event.currentTarget), brand, code);
    const checked = validate(discountCodeSchema(Date.now()), input);
    if (!checked.ok) return setFields(checked.fields);
    setFields({});
    setBusy(true);
    setProblem(null);
    try {
      // The form's values as entered; the two the check narrows (an offered choice, checkboxes) from the check.
      const body = { ...input, validity: checked.value.validity, paymentmethods: checked.value.paymentmethods };
      await (code ? staffSend('put', '/api/staff/codes.php', body) : staffSend('post', '/api/staff/codes.php', body));
      onSaved();
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
      setBusy(false);
    }
  };
  return { fields, problem, busy, submit };
}

/**
 * Creates a discount code, or edits one (the code itself stays). Checked with the contract's schema against the
 * browser's clock first; the server checks again against its own and answers in the same words.
 */
export function CodeForm({
  brand,
  code,
  onSaved,
  onCancel,
}: {
  brand: string;
  code: StaffDiscountCode | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { fields, problem, busy, submit } = useSaveCode(brand, code, onSaved);
  return (
    <form onSubmit={submit} className="card code-form" noValidate aria-labelledby="code-form-title" data-testid="code-form">
      <h2 id="code-form-title">{code ? t('codes.edit', { code: code.code }) : t('codes.new')}</h2>
      <Problem message={problem} />
      <CodeFields code={code} fields={fields} />
      <MethodChecks code={code} />
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('codes.save')}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {t('profiles.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The code's terms: the code (new codes only), percentage, validity, expiry, country, currency, minimum. */
function CodeFields({ code, fields }: { code: StaffDiscountCode | null; fields: Record<string, string> }) {
  return (
    <div className="grid">
      {!code && (
        <Field
          label={t('codes.code')}
          name="code"
          required
          maxLength={40}
          autoComplete="off"
          hint={t('codes.code_hint')}
          error={fields.code}
        />
      )}
      <Field
        label={t('codes.percentage')}
        name="value_percentage"
        inputMode="decimal"
        required
        defaultValue={code?.value_percentage}
        error={fields.value_percentage}
      />
      <div className="field">
        <label htmlFor="code-validity">{t('codes.validity')}</label>
        <select id="code-validity" name="validity" defaultValue={code?.validity ?? 'once_per_user'}>
          {DISCOUNT_VALIDITIES.map((v) => (
            <option key={v} value={v}>
              {t(`codes.validity_${v}` as StaffKey)}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('codes.expires')}
        name="expires"
        type="datetime-local"
        defaultValue={localInput(code?.expires ?? null)}
        hint={t('codes.optional')}
        error={fields.expires}
      />
      <Field
        label={t('codes.country')}
        name="country"
        maxLength={2}
        defaultValue={code?.country ?? ''}
        hint={t('codes.country_hint')}
        error={fields.country}
      />
      <Field
        label={t('codes.currency')}
        name="currency"
        maxLength={3}
        defaultValue={code?.currency ?? ''}
        hint={t('codes.currency_hint')}
        error={fields.currency}
      />
      <Field
        label={t('codes.minimum')}
        name="minimum_order_value"
        inputMode="decimal"
        defaultValue={code?.minimum_order_value ? (code.minimum_order_value / 100).toFixed(2) : ''}
        hint={t('codes.optional')}
        error={fields.minimum_order_value}
      />
    </div>
  );
}

/** The payment methods the code is limited to (none checked: all). */
function MethodChecks({ code }: { code: StaffDiscountCode | null }) {
  return (
    <fieldset className="methods">
      <legend>{t('codes.methods')}</legend>
      <small>{t('codes.methods_hint')}</small>
      <div className="checks">
        {PAYMENT_METHODS.map((m) => (
          <label key={m}>
            <input type="checkbox" name="paymentmethods" value={m} defaultChecked={code?.paymentmethods?.includes(m)} />{' '}
            {methodWords(m, labelOr)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
