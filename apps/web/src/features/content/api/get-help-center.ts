import { type HelpCenter, type Language } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useContentLanguage } from '../lib/use-content-language';

export const getHelpCenter = (language?: Language, signal?: AbortSignal): Promise<HelpCenter> =>
  apiRequest('helpCenter', { query: { language }, signal });

export const helpCenterQueryOptions = (language?: Language) =>
  queryOptions({
    queryKey: ['content', 'help-center', language ?? null],
    queryFn: ({ signal }) => getHelpCenter(language, signal),
    staleTime: 10 * 60_000,
  });

export function useHelpCenter(options: { enabled?: boolean } = {}) {
  const language = useContentLanguage();
  return useQuery({ ...helpCenterQueryOptions(language), enabled: options.enabled ?? true });
}
