import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /wps/system/countries: dial codes and the visitor's default country. */
export const getCountries = (signal?: AbortSignal) => apiRequest('countries', { signal });

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'countries'],
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: Infinity,
  });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
