import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /wps/captcha: a fresh image (base64 PNG) and its id. */
export const getCaptcha = (signal?: AbortSignal) => apiRequest('captcha', { signal });

/** Each form keeps its own captcha: `scope` names the form. Never cached between uses. */
export const captchaQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: ['auth', 'captcha', scope],
    queryFn: ({ signal }) => getCaptcha(signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useCaptcha(scope: string, enabled: boolean) {
  return useQuery({ ...captchaQueryOptions(scope), enabled });
}
