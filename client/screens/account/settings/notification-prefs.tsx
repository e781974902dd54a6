import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../../core/rules/consent';
import type { NotificationSettings } from '../../../../core/schemas/account';
import { apiSend } from '../../../api/typed-fetch';
import { useApi } from '../../../api/call';
import { ApiError } from '../../../api/fetch-client';
import { userAtom } from '../../../state/atoms';
import { FormAlert } from '../../../components/form-ui';

type Scope = 'prefs' | 'invisible';
type Update = {
  email?: Partial<Record<NotificationType, boolean>>;
  push?: Partial<Record<NotificationType, boolean>>;
  invisible?: boolean;
};

function applyUpdate(current: NotificationSettings, update: Update): NotificationSettings {
  return {
    ...current,
    email: { ...current.email, ...update.email },
    push: { ...current.push, ...update.push },
    invisible: update.invisible ?? current.invisible,
  };
}

/** The settings of GET /api/notifications.php, and a PUT that shows at once and rolls back if refused. */
export function useNotificationSettings() {
  const { t } = useTranslation();
  const setUser = useSetAtom(userAtom);
  const swr = useApi('/api/notifications.php', {}, { revalidateOnMount: true, revalidateOnFocus: false });
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ scope: Scope; tone: 'ok' | 'error'; text: string } | null>(null);

  const update = async (patch: Update, okText = t('settings.saved'), scope: Scope = 'prefs'): Promise<boolean> => {
    const current = swr.data;
    if (!current) return false;
    setSaving(true);
    setStatus(null);
    try {
      const next = await swr.mutate(apiSend('put', '/api/notifications.php', patch), {
        optimisticData: applyUpdate(current, patch),
        rollbackOnError: true,
        revalidate: false,
      });
      if (next) setUser((user) => (user ? { ...user, invisible: next.invisible } : user));
      setStatus({ scope, tone: 'ok', text: okText });
      return true;
    } catch (error) {
      setStatus({ scope, tone: 'error', text: error instanceof ApiError ? error.message : t('errors.generic') });
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { ...swr, update, saving, status };
}

type Settings = ReturnType<typeof useNotificationSettings>;

/** E-mail and push preferences per type, and why e-mail may be switched off by itself. */
export function NotificationPrefs({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const { data, error, isLoading, update, saving, status, mutate } = settings;
  const captionId = useId();

  if (!data) return <PrefsPending error={error} isLoading={isLoading} onRetry={() => void mutate()} />;

  return (
    <div data-testid="notification-prefs">
      {data.email_disabled_reason && <EmailDisabled reason={data.email_disabled_reason} saving={saving} update={update} />}
      <PrefsTable data={data} captionId={captionId} saving={saving} update={update} />
      <p className="mb-0 mt-2 text-xs text-gray-500">{t('settings.notifications.push_hint')}</p>
      <StatusLine status={status?.scope === 'prefs' ? status : null} />
    </div>
  );
}

/** Before the settings are there: the error with a retry, or a loading status. */
function PrefsPending({ error, isLoading, onRetry }: { error: unknown; isLoading: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return error ? (
    <FormAlert message={error instanceof ApiError ? error.message : t('errors.generic')}>
      {' '}
      <button type="button" className="border-0 bg-transparent p-0 font-semibold text-danger underline" onClick={onRetry}>
        {t('account.retry')}
      </button>
    </FormAlert>
  ) : (
    <p className="text-gray-500" role="status">
      {isLoading ? t('common.loading') : ''}
    </p>
  );
}

type EmailDisabledProps = {
  reason: NonNullable<NotificationSettings['email_disabled_reason']>;
  saving: boolean;
  update: Settings['update'];
};

/** Why e-mail was switched off by itself (bounces, complaints...), and the button that turns every e-mail back on. */
function EmailDisabled({ reason, saving, update }: EmailDisabledProps) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const allOn = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])) as Record<NotificationType, boolean>;
  return (
    <div className="alert alert-warning" role="status" data-testid="email-disabled" data-reason={reason}>
      <p className="m-0 mb-2">{t(`settings.notifications.disabled.${reason}`, { email: user?.email ?? '' })}</p>
      <button
        type="button"
        className="btn btn-primary text-sm disabled:opacity-60"
        disabled={saving}
        onClick={() => void update({ email: allOn }, t('settings.notifications.email_enabled'))}
      >
        {t('settings.notifications.enable_email')}
      </button>
    </div>
  );
}

type PrefsTableProps = { data: NotificationSettings; captionId: string; saving: boolean; update: Settings['update'] };

/** One row per notification type, with an e-mail and a push switch. */
function PrefsTable({ data, captionId, saving, update }: PrefsTableProps) {
  const { t } = useTranslation();
  return (
    <table className="w-full border-collapse text-sm" aria-describedby={captionId}>
      <caption id={captionId} className="mb-2 text-left text-gray-600">
        {t('settings.notifications.intro')}
      </caption>
      <thead>
        <tr className="border-b border-b-solid border-gray-200 text-left">
          <th scope="col" className="py-2 font-semibold">
            <span className="sr-only">{t('settings.notifications.type')}</span>
          </th>
          <th scope="col" className="w-20 py-2 text-center font-semibold">
            {t('settings.notifications.email')}
          </th>
          <th scope="col" className="w-20 py-2 text-center font-semibold">
            {t('settings.notifications.push')}
          </th>
        </tr>
      </thead>
      <tbody>
        {NOTIFICATION_TYPES.map((type) => (
          <tr key={type} className="border-b border-b-solid border-gray-100">
            <th scope="row" className="py-3 pr-2 text-left font-normal text-gray-800">
              {t(`settings.notifications.types.${type}`)}
            </th>
            {(['email', 'push'] as const).map((channel) => (
              <td key={channel} className="py-3 text-center">
                <input
                  type="checkbox"
                  // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox with role switch takes its state from checked
                  role="switch"
                  className="h-5 w-5 cursor-pointer accent-primary disabled:cursor-not-allowed"
                  checked={data[channel][type]}
                  disabled={saving}
                  aria-label={`${t(`settings.notifications.types.${type}`)}: ${t(`settings.notifications.${channel}`)}`}
                  onChange={(e) => void update({ [channel]: { [type]: e.target.checked } })}
                  data-testid={`pref-${channel}-${type}`}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Invisible mode: hidden from search and from other members' messages and likes (SPEC.md §4). */
export function InvisibleToggle({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const { data, update, saving, status } = settings;
  const invisible = data?.invisible ?? user?.invisible ?? false;
  const textId = useId();
  return (
    <div>
      <label className="flex cursor-pointer items-center justify-between gap-4 rounded-lg bg-gray-50 px-4 py-3 ring-1 ring-black/5">
        <span className="font-semibold text-gray-900">{t('settings.invisible.label')}</span>
        <input
          type="checkbox"
          // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox with role switch takes its state from checked
          role="switch"
          className="h-6 w-6 cursor-pointer accent-primary disabled:cursor-not-allowed"
          checked={invisible}
          disabled={!data || saving}
          aria-describedby={textId}
          onChange={(e) =>
            void update(
              { invisible: e.target.checked },
              e.target.checked ? t('settings.invisible.on') : t('settings.invisible.off'),
              'invisible',
            )
          }
          data-testid="invisible-toggle"
        />
      </label>
      <p id={textId} className="mb-0 mt-2 text-sm text-gray-600">
        {t('settings.invisible.text')}
      </p>
      <StatusLine status={status?.scope === 'invisible' ? status : null} />
    </div>
  );
}

function StatusLine({ status }: { status: { tone: 'ok' | 'error'; text: string } | null }) {
  return (
    <p role="status" aria-live="polite" className={`m-0 mt-2 min-h-5 text-sm ${status?.tone === 'error' ? 'text-danger' : 'text-success'}`}>
      {status?.text}
    </p>
  );
}
