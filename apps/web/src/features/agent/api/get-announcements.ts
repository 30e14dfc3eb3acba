import { languageCodes, type Language, type ResponseOf } from '@platform/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

export interface AgentAnnouncementsFilters {
  pageNo: number;
  pageSize: number;
  language?: Language;
}

/** GET /wps/agent/announcements: the operator's announcements for agents, newest first. */
export const getAgentAnnouncements = (
  filters: AgentAnnouncementsFilters,
  signal?: AbortSignal,
): Promise<ResponseOf<'agentAnnouncements'>> => apiRequest('agentAnnouncements', { query: filters, signal });

export function useAgentAnnouncements(filters: Omit<AgentAnnouncementsFilters, 'language'>) {
  const { token } = useSession();
  const { i18n } = useTranslation('agent');
  // The texts come in the UI's language; a switch of language asks again.
  const base = (i18n.resolvedLanguage ?? i18n.language)?.split('-')[0]?.toLowerCase();
  const language = languageCodes.find((code) => code === base);
  const query = { ...filters, ...(language ? { language } : {}) };
  return useQuery({
    queryKey: agentKeys.announcements(token, query),
    queryFn: ({ signal }) => getAgentAnnouncements(query, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}
