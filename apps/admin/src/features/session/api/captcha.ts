import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A fresh captcha each time it is asked for (`round` changes after every failed attempt). */
export function useCaptcha(enabled: boolean, round: number) {
  return useQuery({
    queryKey: ['captcha', round],
    queryFn: ({ signal }) => apiRequest('captcha', { signal }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
