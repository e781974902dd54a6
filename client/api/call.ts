import useSWR, { type SWRConfiguration } from 'swr';
import { apiUrl } from '../../core/api-urls';
import type { PathOf } from '../../core/contract/operations';
import { apiFetch } from './fetch-client';
import type { AnswerOf, QueryOfCall } from './typed-fetch';

/**
 * Reads a call through SWR (null: nothing yet); the key is apiUrl's, so the server's fallback for the same call
 * and query makes the first render instant.
 */
export function useApi<P extends PathOf<'get'>>(path: P | null, query?: QueryOfCall<P>, config?: SWRConfiguration<AnswerOf<'get', P>>) {
  return useSWR<AnswerOf<'get', P>>(path && apiUrl(path, query), (key: string) => apiFetch(key) as Promise<AnswerOf<'get', P>>, config);
}
