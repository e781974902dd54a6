import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { apiUrl } from '../../../core/api-urls';
import type { StaffPathOf } from '../../../core/contract/staff-ops';
import { ApiError, type StaffAnswerOf, type StaffQueryOf, staffGet } from './api';

export interface Data<T> {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
  /** Fetches again, keeping what is shown until the answer is in (no flicker on live updates). */
  reload: () => Promise<void>;
  mutate: (update: (current: T | undefined) => T | undefined) => void;
}

/**
 * GET one staff call (path null: nothing yet), its query by the contract's names and its answer typed by the
 * contract, through SWR as the member app's useApi (client/api/call.ts): a newer request wins over an older one.
 * The workspace reloads when its live events say so, not on focus or reconnect, and shows an error at once
 * instead of retrying behind it (an operator acts on what the screen says); the transport, as for members, repeats
 * a GET only after a lost connection or a gateway error (502-504).
 */
export function useStaffData<P extends StaffPathOf<'get'>>(path: P | null, query?: StaffQueryOf<P>): Data<StaffAnswerOf<'get', P>> {
  type T = StaffAnswerOf<'get', P>;
  // The call's URL is what identifies it: a query object made anew at each render must not fetch again.
  const key = path === null ? null : apiUrl(path, query);
  const asked = useRef({ path, query });
  asked.current = { path, query };
  const swr = useSWR<T, unknown>(key, () => staffGet(asked.current.path!, asked.current.query), STAFF_SWR);
  const error = swr.error === undefined ? null : swr.error instanceof ApiError ? swr.error : new ApiError(0, 'unknown', String(swr.error));
  return {
    data: swr.data,
    error,
    loading: key !== null && swr.isValidating,
    reload: async () => {
      await swr.mutate();
    },
    mutate: (update) => void swr.mutate((current) => update(current), { revalidate: false }),
  };
}

const STAFF_SWR = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  dedupingInterval: 0,
} as const;

/** The current time, ticking every `ms` (live waiting times and countdowns). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
