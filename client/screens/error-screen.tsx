import { useAtomValue } from 'jotai';
import { useTranslation } from '../i18n';
import { errorAtom } from '../state/atoms';

/** SPEC.md §2 error page: 404 has its own text and a link home; anything else shows the message (default 500). */
export function ErrorScreen() {
  const { t } = useTranslation();
  const error = useAtomValue(errorAtom) ?? { status: 500 };
  const notFound = error.status === 404;
  return (
    <section className="container mx-auto px-3 py-16 text-center" data-testid="error-page" data-status={error.status}>
      <p className="m-0 text-6xl font-black text-primary">{error.status}</p>
      <h1 className="text-2xl font-bold">{notFound ? t('error.not_found') : (error.message ?? t('errors.generic'))}</h1>
      <a href="/" className="btn btn-primary mt-4 inline-block">
        {t('error.back_home')}
      </a>
    </section>
  );
}
