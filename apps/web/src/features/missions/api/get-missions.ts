import type { Language, Missions } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { missionsKeys } from './missions-keys';

/** How often the badge's count is looked at again while the member centre is open. */
export const MISSIONS_REFETCH_MS = 60_000;

const languageOf = (language: string): Language => (language === 'en' ? 'en' : 'bn');

/** GET /wps/missions: the member's missions with their progress, and how many are ready to claim. */
export const getMissions = (language: string, signal?: AbortSignal): Promise<Missions> =>
  apiRequest('missions', { query: { language: languageOf(language) }, signal });

export const missionsQueryOptions = (token: string | null, language: string) =>
  queryOptions({
    queryKey: missionsKeys.missions(token, language),
    queryFn: ({ signal }) => getMissions(language, signal),
    enabled: !!token,
    refetchInterval: MISSIONS_REFETCH_MS,
  });

export function useMissions() {
  const { token, isTrial } = useSession();
  const { i18n } = useTranslation();
  return useQuery({ ...missionsQueryOptions(isTrial ? null : token, i18n.language) });
}

/** The member centre's badge: missions whose reward is ready to claim (0 while loading). */
export function useOpenMissionCount(): number {
  return useMissions().data?.open ?? 0;
}
