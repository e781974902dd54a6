import { useStore } from 'jotai';
import { useEffect } from 'react';
import { useTranslation, withCatalogue } from '../../i18n';

/**
 * The one piece of the app extras in the main bundle: after the page has loaded it fetches the rest (service
 * worker, progress bar, beacons, install banner) as a separate chunk, outside the home page's budget.
 */
export function useAppExtras(): void {
  const store = useStore();
  const { i18n } = useTranslation();
  useEffect(() => {
    // The install banner translates with the whole catalogue (client/i18n.ts).
    const start = () =>
      void withCatalogue(import('./extras'))
        .then((m) => m.startExtras(store, i18n))
        .catch(() => undefined);
    if (document.readyState === 'complete') start();
    else addEventListener('load', start, { once: true });
  }, [store, i18n]);
}
