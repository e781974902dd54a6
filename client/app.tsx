import { Provider, useAtomValue, useStore } from 'jotai';
import { Suspense, use, useEffect, type ComponentType } from 'react';
import { LAYOUTS } from './layouts/layouts';
import { useHistorySync } from './navigation';
import { routeByName } from '../core/router';
import { ErrorScreen } from './screens/error-screen';
import { HomeScreen } from './screens/home';
import { errorAtom, routeAtom, userAtom } from './state/atoms';
import type { createAppStore } from './state/app-store';
import { useBrowserState } from './lib/browser-state';
import { useUserRefresh } from './lib/user-refresh';
import { useAppExtras } from './components/pwa/boot';
import { I18nProvider, type I18n, withCatalogue } from './i18n';
import { ScreenLoading } from './components/screen-loading';
import { leavingSession } from './api/fetch-client';

type ScreenModule = Promise<{ screens: Record<string, ComponentType> }>;
type LazyScreen = ComponentType & { preload: () => Promise<unknown> };
const LAZY_SCREENS = new Map<string, LazyScreen>();

/**
 * Lazy screens for the route names a module serves (its `screens`): one dynamic import per module, not per route.
 * A lazy screen renders only once the whole catalogue is there: the home page carries only the entry's keys.
 * Unlike React.lazy, a screen can be loaded before hydration (client/entry.tsx): hydration then never meets an
 * unloaded screen, whose server HTML React would otherwise swap for the loading text, with what was typed in it,
 * as soon as anything above it updates.
 */
function lazyScreens(load: () => ScreenModule, names: string): Record<string, ComponentType> {
  // SWR comes with the first lazy screen, outside the home page's JavaScript (client/lib/swr-boundary.tsx).
  let loading: Promise<[Awaited<ScreenModule>, typeof import('./lib/swr-boundary')]> | undefined;
  const loadModule = () => (loading ??= withCatalogue(Promise.all([load(), import('./lib/swr-boundary')])));
  return Object.fromEntries(
    names.split(' ').map((name) => {
      // One promise per screen: `use` needs the same promise on every render until it settles.
      let loaded: ComponentType | undefined;
      let pending: Promise<ComponentType> | undefined;
      const preload = () => (pending ??= loadModule().then(([m, swr]) => (loaded = swr.withSwr(m.screens[name]))));
      const Screen = Object.assign(
        // biome-ignore lint/correctness/noComponentHookFactories: made once per screen when the module loads, never during a render
        function LazyScreen() {
          const Loaded = loaded ?? use(preload());
          return <Loaded />;
        },
        { preload },
      );
      LAZY_SCREENS.set(name, Screen);
      return [name, Screen];
    }),
  );
}

/** Loads a route's screen code (nothing for the home page's, which is in the entry). */
export const preloadScreen = (routeName: string): Promise<unknown> => LAZY_SCREENS.get(routeName)?.preload() ?? Promise.resolve();

/**
 * The screen of every route (the landers' routes are served by the Worker's lander renderer, never by the app).
 * Everything but the home page is lazy: its code loads with the first visit to it, outside the home page's
 * JavaScript budget.
 */
const SCREENS: Record<string, ComponentType> = {
  index: HomeScreen,
  ...lazyScreens(
    () => import('./screens/account/pages'),
    'login account-deleted activate-done activate-error reset-password reset-password-do mail-change-do notifications profile cancel-contracts age-check appeals',
  ),
  // The signup pages travel with the signup modal's flow.
  ...lazyScreens(() => import('./components/signup-flow'), 'signup signup-matches members-id-signup complete-signup'),
  ...lazyScreens(
    () => import('./screens/members'),
    'members members-id likes-m-id members-id-chat members-id-landing members-id-landing2 members-id-landing3 likes likes-type swipe-game match-finder cams',
  ),
  ...lazyScreens(
    () => import('./screens/pages'),
    'pages-terms pages-privacy pages-cookies pages-ban pages-return-policy pages-faq pages-service pages-accessibility pages-token complaints lang-config',
  ),
  ...lazyScreens(
    () => import('./screens/credits'),
    'credits premium pricing credits-id-paymentmethod credits-repeat-order transactions-id directdebit',
  ),
  ...lazyScreens(() => import('./screens/chats'), 'chats chats-id'),
};

interface AppProps {
  store: ReturnType<typeof createAppStore>;
  i18n: I18n;
}

/** The whole page below <body>, identical on the server and in the browser. */
export function App({ store, i18n }: AppProps) {
  return (
    <Provider store={store}>
      <I18nProvider value={i18n}>
        <Shell />
      </I18nProvider>
    </Provider>
  );
}

function Shell() {
  const route = useAtomValue(routeAtom);
  const error = useAtomValue(errorAtom);
  const def = routeByName(route.name);
  const Layout = LAYOUTS[error || !def ? 'default' : def.layout];
  const Screen = error || !def ? ErrorScreen : (SCREENS[def.name] ?? ErrorScreen);
  return (
    <>
      <Layout>
        <Suspense fallback={<ScreenLoading />}>
          <Screen />
        </Suspense>
      </Layout>
      <BrowserSide />
    </>
  );
}

/**
 * What only the browser does (history, online state, the user's refresh, extras, the live chat), in a component of
 * its own that renders nothing: the state it follows (chat counters, push, the member) then re-renders only it. In
 * the Shell, each change of the counters redrew the whole screen, and one right after hydration made React hydrate
 * the screen in one blocking pass instead of in slices.
 */
function BrowserSide() {
  useHistorySync();
  useBrowserState();
  useUserRefresh();
  useAppExtras();
  useMemberLive();
  return null;
}

/**
 * Logged-in members get the live socket, counters and push from the chat chunk. Not a chunk of its own: the
 * bundler would then split the entry's shared modules into extra files, over the home page's JS budget.
 */
function useMemberLive() {
  const store = useStore();
  const memberId = useAtomValue(userAtom)?.id;
  useEffect(() => {
    if (!memberId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Not on a page the member is logging out from (client/api/fetch-client.ts leaveSession).
    import('./screens/chats').then((m) => !cancelled && !leavingSession() && (stop = m.startMemberLive(store))).catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [store, memberId]);
}
