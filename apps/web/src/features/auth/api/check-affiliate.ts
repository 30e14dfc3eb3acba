import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /wps/agent/affiliate: is this invitation code valid on this domain? */
export const checkAffiliate = (code: string, domain: string, signal?: AbortSignal) =>
  apiRequest('affiliateCheck', { query: { code, domain }, signal });

export const affiliateCheckQueryOptions = (code: string, domain: string) =>
  queryOptions({
    queryKey: ['auth', 'affiliate', code, domain],
    queryFn: ({ signal }) => checkAffiliate(code, domain, signal),
    staleTime: Infinity,
    retry: false,
  });

/** Checks the code from the URL; disabled without one. */
export function useAffiliateCheck(code: string | null, domain: string) {
  return useQuery({ ...affiliateCheckQueryOptions(code ?? '', domain), enabled: !!code });
}
