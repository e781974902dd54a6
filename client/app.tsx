import { Provider, useAtomValue } from 'jotai';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
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

/** Screens that are built; every other route shows the marked placeholder inside its real layout. */
const SCREENS: Record<string, () => React.ReactNode> = {
  index: HomeScreen,
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
  const route = useAtomValue(routeAtom);
  const error = useAtomValue(errorAtom);
  const def = routeByName(route.name);
  const Layout = LAYOUTS[error || !def ? 'default' : def.layout];
  const Screen = error || !def ? ErrorScreen : (SCREENS[def.name] ?? PlaceholderScreen);
  return (
    <Layout>
      <Screen />
    </Layout>
  );
}
