import { hydrateRoot } from 'react-dom/client';
import 'virtual:uno.css';
import type { InitialState } from '../core/state';
import { App } from './app';
import { createI18n } from './i18n';
import { installChunkReload } from './lib/chunk-reload';
import { createAppStore } from './state/app-store';

installChunkReload();

const state = JSON.parse(document.getElementById('__STATE__')!.textContent!) as InitialState;
const root = document.getElementById('root')!;
hydrateRoot(root, <App state={state} store={createAppStore(state)} i18n={createI18n(state.language, state.catalogue)} />, {
  onRecoverableError(error) {
    console.error('hydration', error);
  },
});
