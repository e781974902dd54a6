import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { moneyFormatter } from '../../../../core/money';
import { LIMIT_KINDS, PAUSE_CHOICES, type LimitKind, type PauseChoice } from '../../../../core/rules/spending-limits';
import type { SpendingSettings } from '../../../../core/schemas/spending';
import { useApi } from '../../../api/call';
import { ApiError } from '../../../api/fetch-client';
import { apiSend } from '../../../api/typed-fetch';
import { FormAlert, SubmitButton, TextField, useFormState } from '../../../components/form-ui';
import { apiErrors } from '../../../lib/validate';

/** "12.50" or "12,50" as cents; empty: no limit; undefined: not an amount. */
function cents(value: string): number | null | undefined {
  const text = value.trim().replace(',', '.');
  if (text === '') return null;
  const amount = Number(text);
  return Number.isFinite(amount) ? Math.round(amount * 100) : undefined;
}

/**
 * /notifications#spending (issue 45 item 9): the member's own limits per day, week and month and a pause. The server
 * decides what applies at once (lower, pause) and what waits 24 hours (higher, none, lift); this shows both.
 */
export function SpendingLimits() {
  const { t, i18n } = useTranslation();
  const swr = useApi('/api/spending-limits.php', {}, { revalidateOnMount: true, revalidateOnFocus: false });
  const form = useRef<HTMLFormElement>(null);
  const { errors, sending, run } = useFormState(form);
  const [saved, setSaved] = useState(false);
  // Each save shows what applies now again (a raise keeps the old amount until its time): new fields per save.
  const [round, setRound] = useState(0);
  const data = swr.data;
  if (!data)
    return swr.error ? <FormAlert message={swr.error.message} /> : <p className="m-0 text-sm text-gray-500">{t('common.loading')}</p>;

  const money = moneyFormatter(i18n.language, data.currency);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    setSaved(false);
    void run(async () => {
      const body: Partial<Record<LimitKind, number | null>> = {};
      for (const kind of LIMIT_KINDS) {
        const amount = cents(String(values.get(kind) ?? ''));
        if (amount === undefined) return { [kind]: t('validation.spending_limit_range') };
        body[kind] = amount;
      }
      try {
        await swr.mutate(apiSend('put', '/api/spending-limits.php', body), { revalidate: false });
        setSaved(true);
        setRound((n) => n + 1);
        return {};
      } catch (failure) {
        return apiErrors(failure, t);
      }
    });
  };

  return (
    <div data-testid="spending-limits">
      <p className="mt-0 text-sm text-gray-600">{t('spending.intro')}</p>
      <form ref={form} onSubmit={submit} noValidate>
        <FormAlert message={errors._form} />
        {LIMIT_KINDS.map((kind) => (
          <TextField
            key={`${kind}-${round}-${data[kind].amount}`}
            name={kind}
            label={t(`spending.${kind}`)}
            inputMode="decimal"
            placeholder={t('spending.placeholder')}
            defaultValue={data[kind].amount === null ? '' : String(data[kind].amount / 100)}
            error={errors[kind]}
            hint={<PendingLimit pending={data[kind].pending} money={money} date={date} />}
          />
        ))}
        <p className="mb-3 mt-0 text-xs text-gray-500">{t('spending.amount_in', { currency: data.currency })}</p>
        {saved && <FormAlert tone="success" message={t('spending.saved')} />}
        <SubmitButton sending={sending}>{t('spending.save')}</SubmitButton>
      </form>
      <SpendingPause data={data} date={date} onChange={(next) => void swr.mutate(next, { revalidate: false })} />
    </div>
  );
}

function PendingLimit({
  pending,
  money,
  date,
}: {
  pending: SpendingSettings['day']['pending'];
  money: (cents: number) => string;
  date: (iso: string) => string;
}) {
  const { t } = useTranslation();
  if (!pending) return null;
  return (
    <span data-testid="spending-pending">
      {pending.amount === null
        ? t('spending.pending_none', { date: date(pending.from) })
        : t('spending.pending', { amount: money(pending.amount), date: date(pending.from) })}
    </span>
  );
}

/** The pause: 24 hours, 7 or 30 days at once; lifting it waits 24 hours, and says when it ends. */
function SpendingPause({
  data,
  date,
  onChange,
}: {
  data: SpendingSettings;
  date: (iso: string) => string;
  onChange: (next: SpendingSettings) => void;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (pause: PauseChoice | null) => {
    setSending(true);
    setError(null);
    try {
      onChange(await apiSend('put', '/api/spending-pause.php', { pause }));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('errors.generic'));
    } finally {
      setSending(false);
    }
  };
  const { until, pending } = data.pause;
  // A lift ends the pause when it applies; a shorter pause at its own end, but not before the change applies.
  const ends = pending && (pending.until === null || pending.until < pending.from ? pending.from : pending.until);
  return (
    <div className="mt-6" data-testid="spending-pause">
      <h3 className="m-0 mb-2 text-base font-semibold text-gray-900">{t('spending.pause_title')}</h3>
      <p className="m-0 mb-2 text-sm text-gray-700" role="status">
        {until ? t('spending.paused_until', { date: date(until) }) : t('spending.not_paused')}
        {ends && <> {t('spending.lift_pending', { date: date(ends) })}</>}
      </p>
      <FormAlert message={error ?? undefined} />
      <p className="m-0 mb-2 text-sm text-gray-700">{t('spending.pause_hint')}</p>
      <div className="flex flex-wrap gap-2">
        {(Object.keys(PAUSE_CHOICES) as PauseChoice[]).map((choice) => (
          <button
            key={choice}
            type="button"
            className="btn btn-outline border-solid disabled:opacity-60"
            disabled={sending}
            onClick={() => void send(choice)}
            data-pause={choice}
          >
            {t(`spending.pause_${choice}`)}
          </button>
        ))}
        {until && !pending && (
          <button type="button" className="btn btn-link disabled:opacity-60" disabled={sending} onClick={() => void send(null)}>
            {t('spending.lift')}
          </button>
        )}
      </div>
    </div>
  );
}
