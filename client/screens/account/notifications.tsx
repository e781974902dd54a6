import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { ChangeEmailForm, ChangePasswordForm } from './settings/account-forms';
import { DataExport } from './settings/data-export';
import { DeleteAccount } from './settings/delete-account';
import { InvisibleToggle, NotificationPrefs, useNotificationSettings } from './settings/notification-prefs';
import { SpendingLimits } from './settings/spending-limits';
import { CurrencyChoice, useBrandCurrencies } from './settings/currency-choice';

function Section({ id, title, children, tone }: { id: string; title: string; children: ReactNode; tone?: 'danger' }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 sm:p-6 ${tone === 'danger' ? 'ring-danger/30' : 'ring-black/5'}`}
    >
      <h2 id={`${id}-title`} className={`m-0 mb-3 text-lg font-bold ${tone === 'danger' ? 'text-danger' : 'text-gray-900'}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /notifications, the settings of SPEC.md §2: notification preferences per type and channel, invisible mode, own
 * spending limits and pause (issue 45 item 9), change e-mail, change password, the member's own data and delete account.
 */
function NotificationsScreen() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const currencies = useBrandCurrencies();

  // Links such as /notifications#email arrive through client-side navigation, which does not scroll to anchors.
  useEffect(() => {
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, []);

  return (
    <div className="container mx-auto px-3 py-6 md:py-10" data-testid="settings">
      <div className="mx-auto flex max-w-2xl flex-col gap-5">
        <h1 className="m-0 text-2xl font-bold text-gray-900">{t('settings.title')}</h1>
        <Section id="notifications" title={t('settings.notifications.title')}>
          <NotificationPrefs settings={settings} />
        </Section>
        <Section id="invisible" title={t('settings.invisible.title')}>
          <InvisibleToggle settings={settings} />
        </Section>
        <Section id="spending" title={t('spending.title')}>
          <SpendingLimits />
        </Section>
        {currencies.length > 1 && (
          <Section id="currency" title={t('settings.currency.title')}>
            <CurrencyChoice />
          </Section>
        )}
        <Section id="email" title={t('settings.email.title')}>
          <ChangeEmailForm />
        </Section>
        <Section id="password" title={t('settings.password.title')}>
          <ChangePasswordForm />
        </Section>
        <Section id="export" title={t('settings.export.title')}>
          <DataExport />
        </Section>
        <Section id="delete" title={t('settings.delete.title')} tone="danger">
          <DeleteAccount settings={settings} />
        </Section>
      </div>
    </div>
  );
}

export const screens: Record<string, ComponentType> = { notifications: NotificationsScreen };
