import { useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { searchPagePath } from '../../../core/member-urls';
import type { SearchResponse } from '../../../core/schemas/search';
import { navigate } from '../../navigation';
import { searchAtom, type SearchState } from '../../state/atoms';

/** The search state of SPEC.md §3 from one answer: pages of profile ids, the count and the similar results. */
function remember(state: SearchState, data: SearchResponse): SearchState {
  const withPage = (pages: SearchState['results'], page: number, ids: number[]) =>
    [...pages.filter((p) => p.pageNumber !== page), { pageNumber: page, results: ids }].sort((a, b) => a.pageNumber - b.pageNumber);
  const sameFilter =
    state.gender === data.filter.gender &&
    state.country === data.filter.country &&
    state.countryregion === data.filter.region &&
    state.min_age === data.filter.min_age &&
    state.max_age === data.filter.max_age;
  const ids = data.results.map((p) => p.id);
  return {
    gender: data.filter.gender,
    country: data.filter.country,
    countryregion: data.filter.region,
    min_age: data.filter.min_age,
    max_age: data.filter.max_age,
    didInit: true,
    results: withPage(sameFilter ? state.results : [], data.page, ids),
    numResults: data.num_results,
    otherCachedProfiles: sameFilter ? [...new Set([...state.otherCachedProfiles, ...ids])] : ids,
    similar: data.similar
      ? { results: [{ pageNumber: 1, results: data.similar.results.map((p) => p.id) }], numResults: data.similar.num_results }
      : sameFilter
        ? state.similar
        : { results: [], numResults: 0 },
  };
}

/**
 * The members' search remembers its last answer (SPEC.md §3 search state) and, opened without a filter, goes back
 * to it. `search` is the route's query string as the screen opened.
 */
export function useSearchMemory(search: string, data: SearchResponse | undefined): void {
  const store = useStore();
  // Written, and read once when the screen opens: the screen does not re-render when it changes (it would redraw
  // every card right after hydration, when the server's answer is remembered).
  const setState = useSetAtom(searchAtom);
  // Coming back to /members without a filter restores the last search (SPEC.md §3 search state).
  // biome-ignore lint/correctness/useExhaustiveDependencies: restoring the last search happens once, when the screen opens
  useEffect(() => {
    const state = store.get(searchAtom);
    if (!search && state.didInit) {
      const page = state.results.at(-1)?.pageNumber ?? 1;
      navigate(
        store,
        searchPagePath({
          gender: state.gender,
          country: state.country,
          region: state.countryregion,
          min_age: state.min_age,
          max_age: state.max_age,
          page,
        }),
        true,
      );
    }
  }, []);
  useEffect(() => {
    if (data) setState((s) => remember(s, data));
  }, [data, setState]);
}
