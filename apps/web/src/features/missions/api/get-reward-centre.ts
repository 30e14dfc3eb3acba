import type { Language, RewardCentre } from '@platform/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { missionsKeys } from './missions-keys';

const languageOf = (language: string): Language => (language === 'en' ? 'en' : 'bn');

/** GET /wps/rewards: every reward the member may claim or has claimed, and the raffles. */
export const getRewardCentre = (language: string, signal?: AbortSignal): Promise<RewardCentre> =>
  apiRequest('rewardCentre', { query: { language: languageOf(language) }, signal });

export function useRewardCentre() {
  const { token } = useSession();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: missionsKeys.rewards(token, i18n.language),
    queryFn: ({ signal }) => getRewardCentre(i18n.language, signal),
    enabled: !!token,
  });
}
