import { useCallback, useEffect, useRef, useState } from 'react';
import { StaffApiError, staffFetch } from './api';

export interface Data<T> {
  data: T | undefined;
  error: StaffApiError | null;
  loading: boolean;
  /** Fetches again, keeping what is shown until the answer is in (no flicker on live updates). */
  reload: () => Promise<void>;
  mutate: (update: (current: T | undefined) => T | undefined) => void;
}

/** GET one staff API path (null: nothing yet); a newer request wins over an older one still under way. */
export function useData<T>(path: string | null): Data<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<StaffApiError | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    if (path === null) return;
    const id = ++latest.current;
    setLoading(true);
    try {
      const answer = await staffFetch<T>(path);
      if (id !== latest.current) return;
      setData(answer);
      setError(null);
    } catch (e) {
      if (id !== latest.current) return;
      setError(e instanceof StaffApiError ? e : new StaffApiError(0, 'unknown', String(e)));
    } finally {
      if (id === latest.current) setLoading(false);
    }
  }, [path]);

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
