import type { Language } from '@platform/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { missionsKeys } from './missions-keys';

const languageOf = (language: string): Language => (language === 'en' ? 'en' : 'bn');

/** POST /wps/missions/:id/claim */
export const claimMission = (id: string, language: string) =>
  apiRequest('claimMission', { params: { id }, query: { language: languageOf(language) } });
/** POST /wps/raffles/:id/claim */
export const claimRaffle = (id: string, language: string) =>
  apiRequest('claimRaffle', { params: { id }, query: { language: languageOf(language) } });

/** After a claim the lists (and the badge) refetch; the balance arrives over the WebSocket. */
function useRefresh() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return () => queryClient.invalidateQueries({ queryKey: missionsKeys.all(token) });
}

export function useClaimMission() {
  const { i18n } = useTranslation();
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => claimMission(id, i18n.language), onSettled: refresh });
}

export function useClaimRaffle() {
  const { i18n } = useTranslation();
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => claimRaffle(id, i18n.language), onSettled: refresh });
}
