import { useCallback, useEffect, useRef, useState } from 'react';
import { apiUrl } from '../../../core/api-urls';
import type { StaffPathOf } from '../../../core/contract/staff-ops';
import { StaffApiError, type StaffAnswerOf, type StaffQueryOf, staffGet } from './api';

export interface Data<T> {
  data: T | undefined;
  error: StaffApiError | null;
  loading: boolean;
  /** Fetches again, keeping what is shown until the answer is in (no flicker on live updates). */
  reload: () => Promise<void>;
  mutate: (update: (current: T | undefined) => T | undefined) => void;
}

/**
 * GET one staff call (path null: nothing yet), its query by the contract's names and its answer typed by the
 * contract; a newer request wins over an older one still under way. A new path or query starts empty.
 */
export function useStaffData<P extends StaffPathOf<'get'>>(path: P | null, query?: StaffQueryOf<P>): Data<StaffAnswerOf<'get', P>> {
  type T = StaffAnswerOf<'get', P>;
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<StaffApiError | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const latest = useRef(0);
  // The call's URL is what identifies it: a query object made anew at each render must not fetch again.
  const key = path === null ? null : apiUrl(path, query);
  const asked = useRef({ path, query });
  asked.current = { path, query };

  const load = useCallback(async () => {
    if (key === null) return;
    const id = ++latest.current;
    setLoading(true);
    try {
      const { path: p, query: q } = asked.current;
      const answer = await staffGet(p!, q);
      if (id !== latest.current) return;
      setData(answer);
      setError(null);
    } catch (e) {
      if (id !== latest.current) return;
      setError(e instanceof StaffApiError ? e : new StaffApiError(0, 'unknown', String(e)));
    } finally {
      if (id === latest.current) setLoading(false);
    }
  }, [key]);

  useEffect(() => {
    setData(undefined);
    void load();
  }, [load]);

  return { data, error, loading, reload: load, mutate: (update) => setData((current) => update(current)) };
}

/** The current time, ticking every `ms` (live waiting times and countdowns). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
