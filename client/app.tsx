import { Provider, useAtomValue } from 'jotai';
import { lazy, Suspense, type ComponentType } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { SWRConfig } from 'swr';
import type { InitialState } from '../core/state';
import { LAYOUTS } from './layouts/layouts';
import { useHistorySync } from './navigation';
import { routeByName } from './router';
import { ErrorScreen } from './screens/error-screen';
import { HomeScreen } from './screens/home';
import { PlaceholderScreen } from './screens/placeholder';
import { errorAtom, routeAtom } from './state/atoms';
import type { createAppStore } from './state/app-store';
import { useBrowserState } from './lib/browser-state';
import { useUserRefresh } from './lib/user-refresh';
import { useAppExtras } from './components/pwa/boot';

type ScreenModule = Promise<{ screens: Record<string, ComponentType> }>;
/** Lazy screens for the route names a module serves (its `screens`): one dynamic import per module, not per route. */
const lazyScreens = (load: () => ScreenModule, names: string): Record<string, ComponentType> =>
  Object.fromEntries(names.split(' ').map((name) => [name, lazy(() => load().then((m) => ({ default: m.screens[name] })))]));

/**
 * Screens that are built; every other route shows the marked placeholder inside its real layout. Everything but
 * the home page is lazy: its code loads with the first visit to it, outside the home page's JavaScript budget.
 */
const SCREENS: Record<string, ComponentType> = {
  index: HomeScreen,
  ...lazyScreens(() => import('./screens/account/pages'), 'login account-deleted activate-done activate-error reset-password reset-password-do mail-change-do notifications'),
  // The signup pages travel with the signup modal's flow.
  ...lazyScreens(() => import('./components/signup-flow'), 'signup signup-matches members-id-signup complete-signup'),
  ...lazyScreens(() => import('./screens/pages'), 'pages-terms pages-privacy pages-cookies pages-ban pages-return-policy pages-faq pages-service complaints lang-config premium pricing'),
};

interface AppProps {
  state: InitialState;
  store: ReturnType<typeof createAppStore>;
  i18n: i18n;
}

/** The whole page below <body>, identical on the server and in the browser. */
export function App({ state, store, i18n }: AppProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <SWRConfig value={{ fallback: state.fallback, revalidateOnMount: false, revalidateIfStale: false }}>
          <Shell />
        </SWRConfig>
      </I18nextProvider>
    </Provider>
  );
}

function Shell() {
  useHistorySync();
  useBrowserState();
  useUserRefresh();
  useAppExtras();
  const route = useAtomValue(routeAtom);
  const error = useAtomValue(errorAtom);
  const def = routeByName(route.name);
  const Layout = LAYOUTS[error || !def ? 'default' : def.layout];
  const Screen = error || !def ? ErrorScreen : (SCREENS[def.name] ?? PlaceholderScreen);
  return (
    <Layout>
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    </Layout>
  );
}

function ScreenLoading() {
  const { t } = useTranslation();
  return <p className="py-16 text-center text-gray-500" role="status">{t('common.loading')}</p>;
}
