import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useLayoutEffect } from 'react';
import { COOKIE } from '../../core/constants';
import { onAgeCheckRequired, onAuthenticationLost } from '../api/fetch-client';
import { navigate } from '../navigation';
import { chatCountersAtom, installedAppAtom, onlineAtom, routeAtom, settingsAtom, userAtom } from '../state/atoms';
import { setCookie } from './cookies';
import { writeTitle } from './page-title';

/** What only the browser knows: online state, installed-app mode, lost sessions, and the counters in the title. */
export function useBrowserState(): void {
  const store = useStore();
  const setOnline = useSetAtom(onlineAtom);
  const setInstalled = useSetAtom(installedAppAtom);
  const counters = useAtomValue(chatCountersAtom);
  const route = useAtomValue(routeAtom);
  const settings = useAtomValue(settingsAtom);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [setOnline]);

  useEffect(() => {
    const standalone = matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
    if (!standalone) return;
    // Remembered in a cookie so the server also renders the app without the entry warning.
    setCookie(COOKIE.appMode, '1', 365);
    setInstalled(true);
  }, [setInstalled]);

  useEffect(
    () =>
      onAuthenticationLost(() => {
        if (!store.get(userAtom)) return;
        store.set(userAtom, null);
        navigate(store, '/');
      }),
    [store],
  );

  // A chat, a private photo or a payment the member's market puts behind the age check: its screen says why and how.
  useEffect(() => onAgeCheckRequired(() => navigate(store, '/age-check')), [store]);

  useEffect(() => writeTitle(null, counters), [counters]);

  // A page reached inside the app starts from the title the server gives it (the brand's index title on the home
  // page, else its name), so a screen that named itself (Prijzen, Premium) does not name the next one. A layout
  // effect: it runs before every passive effect, so a screen that names itself (usePageTitle) still writes last.
  const defaultTitle = route.name === 'index' ? settings.index_title : settings.name;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title resets when the page changes, not when the counters do
  useLayoutEffect(() => writeTitle(defaultTitle, store.get(chatCountersAtom)), [route.path, route.search, defaultTitle, store]);
}
