import { useTranslation } from '../i18n';

/** A screen whose data (or code) has not arrived yet: one line, announced to screen readers. */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <p className="py-16 text-center text-gray-600" role="status">
      {t('common.loading')}
    </p>
  );
}
