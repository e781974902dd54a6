import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { COOKIE } from '../../core/constants';
import { onAuthenticationLost } from '../api/fetch-client';
import { navigate } from '../navigation';
import { chatCountersAtom, installedAppAtom, onlineAtom, userAtom } from '../state/atoms';
import { setCookie } from './cookies';
import { writeTitle } from './page-title';

/** What only the browser knows: online state, installed-app mode, lost sessions, and the counters in the title. */
export function useBrowserState(): void {
  const store = useStore();
  const setOnline = useSetAtom(onlineAtom);
  const setInstalled = useSetAtom(installedAppAtom);
  const counters = useAtomValue(chatCountersAtom);

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

  useEffect(() => writeTitle(null, counters), [counters]);
}
