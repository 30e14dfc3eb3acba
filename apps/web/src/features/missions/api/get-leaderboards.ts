import type { Language, Leaderboard, LeaderboardWinner } from '@platform/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { missionsKeys } from './missions-keys';

const languageOf = (language: string): Language => (language === 'en' ? 'en' : 'bn');

/** GET /wps/leaderboards: the current standings of every board. */
export const getLeaderboards = (language: string, signal?: AbortSignal): Promise<Leaderboard[]> =>
  apiRequest('leaderboards', { query: { language: languageOf(language) }, signal });

/** GET /wps/leaderboards/winners: the public winners board. */
export const getWinners = (language: string, signal?: AbortSignal): Promise<LeaderboardWinner[]> =>
  apiRequest('leaderboardWinners', { query: { language: languageOf(language) }, signal });

export function useLeaderboards() {
  const { token } = useSession();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: missionsKeys.leaderboards(token, i18n.language),
    queryFn: ({ signal }) => getLeaderboards(i18n.language, signal),
    enabled: !!token,
  });
}

export function useWinners() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: missionsKeys.winners(i18n.language),
    queryFn: ({ signal }) => getWinners(i18n.language, signal),
  });
}
