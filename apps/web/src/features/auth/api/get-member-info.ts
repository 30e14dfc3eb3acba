import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /wps/member/info (token): the member after login, kept as the session user. */
export const getMemberInfo = (signal?: AbortSignal) => apiRequest('memberInfo', { signal });

export const memberInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['auth', 'memberInfo', token],
    queryFn: ({ signal }) => getMemberInfo(signal),
    staleTime: 0,
  });
