import type { SWRConfiguration } from 'swr';
import { regionsQuery } from '../../core/api-urls';
import { useApi } from './call';

/**
 * Reference data of SPEC.md §7 (company info, regions, interests): loaded once and kept for the visit. The app's
 * SWRConfig never revalidates on mount; `revalidateOnMount: undefined` lets SWR fetch when the server's fallback
 * has no answer for the URL (a client-side navigation) and not otherwise.
 */
export const ONCE: SWRConfiguration = {
  revalidateOnMount: undefined,
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  dedupingInterval: 3_600_000,
};

// The keys are the server loaders' (COMPANY_INFO_URL, regionsUrl): the same calls with the same query.
export const useCompanyInfo = () => useApi('/api/companyinfo.php', {}, ONCE);
export const useRegions = (country?: string) => useApi('/api/regions.php', regionsQuery(country), ONCE);
export const useInterests = () => useApi('/api/interests.php', {}, ONCE);
