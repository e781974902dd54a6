import useSWR, { type SWRConfiguration } from 'swr';
import { apiFetch } from './fetch-client';

/** Reads an API URL through SWR; the server's fallback for the same URL makes the first render instant. */
export function useApi<T>(url: string | null, config?: SWRConfiguration<T>) {
  return useSWR<T>(url, (key: string) => apiFetch<T>(key), config);
}
