import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import 'virtual:uno.css';
import type { InitialState } from '../core/state';
import { leaveSessionOnLogoutLink } from './api/fetch-client';
import { App, preloadScreen } from './app';
import { catalogueReady, completeCatalogueFrom, createI18n } from './i18n';
import { installChunkReload } from './lib/chunk-reload';
import { createAppStore } from './state/app-store';
import { followMembersArea } from './components/time-bonus/wait';

installChunkReload();
leaveSessionOnLogoutLink();
// The page inlined the rules its own HTML uses; the whole stylesheet came print-only so that it held back neither the
// first paint nor this script (worker/ssr/shell.ts). From here on the app renders what the page had not.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-app-styles]')) link.media = 'all';

const state = JSON.parse(document.getElementById('__STATE__')!.textContent!) as InitialState;
const i18n = createI18n(state.language, state.catalogue);
completeCatalogueFrom(i18n, state.catalogueUrl);
// The page carries only the entry's keys: fetch the rest once the page has loaded, so the first lazy screen or the
// signup modal rarely has to wait for it (a lazy screen's page fetches it at once, below, to hydrate).
addEventListener('load', () => setTimeout(() => void catalogueReady().catch(() => undefined), 0), { once: true });
const root = document.getElementById('root')!;
// The server HTML stays visible and usable while the screen's code loads; then it hydrates. A failed load still
// hydrates: the screen's Suspense shows the loading text and the chunk reload takes over. Hydrating as a transition
// lets React yield to the browser every few milliseconds instead of holding the main thread for the whole page (on
// the members page ~80 ms of a desktop CPU, four times that on Lighthouse's phone); a tap before it has finished
// makes React hydrate at once (docs/edge-cache.md).
const store = createAppStore(state);
// Leaving the members area cancels the time-bonus modal's wait (SPEC.md §4), here rather than in its lazy chunk.
followMembersArea(store, state.route.name);
void preloadScreen(state.route.name)
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      hydrateRoot(root, <App store={store} i18n={i18n} />, {
        onRecoverableError(error) {
          console.error('hydration', error);
        },
      });
    }),
  );
