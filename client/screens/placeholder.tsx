import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { routeAtom } from '../state/atoms';

/** Marks a route whose screen a later issue builds (routes.ts: built: false). The layout around it is real. */
export function PlaceholderScreen() {
  const { t } = useTranslation();
  const route = useAtomValue(routeAtom);
  return (
    <section className="container mx-auto px-3 py-12 text-center" data-testid="placeholder" data-route={route.name}>
      <h1 className="text-2xl font-bold">{t('placeholder.title')}</h1>
      <p className="text-gray-600">{t('placeholder.text')}</p>
    </section>
  );
}
