import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import { settingsAtom } from '../../state/atoms';

/**
 * How the charge appears on the member's statement and how to reach support (issue 44, item 9): a charge the
 * cardholder does not recognise is disputed. The descriptor comes from the server (the brand's provider); a brand's
 * own backend that does not send one shows nothing.
 */
export function StatementNote({ descriptor }: { descriptor: string | undefined }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  if (!descriptor) return null;
  return (
    <p className="my-3 text-sm text-gray-700" data-testid="statement-note">
      {t('payment.statement', { descriptor, support_email: settings.support_email, support_phone: settings.support_phone })}
    </p>
  );
}
