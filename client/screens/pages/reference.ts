import type { SWRConfiguration } from 'swr';
import { regionsUrl } from '../../../core/api-urls';
import { COMPANY_INFO_URL } from '../../../core/content-pages';
import type { CompanyInfo, InterestsResponse, RegionsResponse } from '../../../core/schemas/reference';
import { useApi } from '../../api/hooks';

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

export const useCompanyInfo = () => useApi<CompanyInfo>(COMPANY_INFO_URL, ONCE);
export const useRegions = (country?: string) => useApi<RegionsResponse>(regionsUrl(country), ONCE);
export const useInterests = () => useApi<InterestsResponse>('/api/interests.php', ONCE);
