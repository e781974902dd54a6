import { t } from '../lib/i18n';

/** What went wrong, announced at once (role="alert"); nothing when nothing did. */
export function Problem({ message, id, testId }: { message: string | null | undefined; id?: string; testId?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="alert alert-danger" data-testid={testId}>
      {message}
    </p>
  );
}

/** What a screen shows while its data is on the way. */
export function Loading() {
  return <p role="status">{t('app.loading')}</p>;
}
