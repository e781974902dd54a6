import type { I18n } from '../../i18n';
import { startBeacons } from '../../lib/beacons';
import { startProgressBar } from '../../lib/progress-bar';
import type { createAppStore } from '../../state/app-store';
import { installedAppAtom } from '../../state/atoms';
import { installOffer, showInstallBanner } from './install-banner';

type Store = ReturnType<typeof createAppStore>;

export const OFFLINE_CACHE = 'offline-v1';

/**
 * Registers the service worker (public/sw-push.js, which imports public/sw.js) and keeps the offline page in the cache, in the page's language.
 * The page stores it, not the worker: the page's own fetch is the one the site's content policy allows.
 */
async function setUpOffline(language: string): Promise<void> {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return;
  // /sw-push.js is /sw.js plus the push handlers (decision 003): one worker at scope '/'.
  await navigator.serviceWorker.register('/sw-push.js', { scope: '/' });
  const cache = await caches.open(OFFLINE_CACHE);
  const cached = await cache.match('/offline', { ignoreVary: true });
  if (!cached || cached.headers.get('Content-Language') !== language) await cache.add('/offline');
}

let started = false;

/** Everything the app does beside its screens, started once after the page has loaded. */
export function startExtras(store: Store, i18n: I18n): void {
  if (started) return;
  started = true;
  startProgressBar(store);
  startBeacons();
  setUpOffline(i18n.language).catch(() => undefined);
  if (store.get(installedAppAtom)) return;
  installOffer((offer) => showInstallBanner(offer, i18n.t));
}
