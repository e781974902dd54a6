import { createStore } from 'jotai';
import type { InitialState } from '../../core/state';
import {
  countryAtom,
  countryNamesAtom,
  entryWarningAtom,
  errorAtom,
  fallbackAtom,
  installedAppAtom,
  routeAtom,
  trafficSourceAtom,
  settingsAtom,
  userAtom,
} from './atoms';

/** One store per render on the server, one per page in the browser, both seeded from the same state. */
export function createAppStore(state: InitialState) {
  const store = createStore();
  store.set(settingsAtom, state.settings);
  store.set(userAtom, state.user);
  store.set(routeAtom, state.route);
  store.set(countryAtom, state.country);
  store.set(countryNamesAtom, state.countryNames);
  store.set(installedAppAtom, state.installedApp);
  store.set(trafficSourceAtom, state.hasTrafficSource);
  store.set(entryWarningAtom, state.entryWarning);
  store.set(errorAtom, state.error);
  store.set(fallbackAtom, state.fallback);
  return store;
}
