import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /wps/session/login/freeplay: a trial account (type 4) with demo money. */
export const freePlay = () => apiRequest('freePlay');

export function useFreePlay() {
  return useMutation({ mutationFn: freePlay });
}
