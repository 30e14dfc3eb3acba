import { type Language, type PromotionDetail } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useContentLanguage } from '../lib/use-content-language';

export const getPromotionDetail = (
  id: string,
  language?: Language,
  signal?: AbortSignal,
): Promise<PromotionDetail> => apiRequest('promotionDetail', { params: { id }, query: { language }, signal });

export const promotionDetailQueryOptions = (id: string, language?: Language) =>
  queryOptions({
    queryKey: ['content', 'promotion', language ?? null, id],
    queryFn: ({ signal }) => getPromotionDetail(id, language, signal),
    staleTime: 5 * 60_000,
    // A promotion that does not exist will not appear by asking again.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.code !== 'NETWORK'),
  });

export function usePromotionDetail(id: string, options: { enabled?: boolean } = {}) {
  const language = useContentLanguage();
  return useQuery({ ...promotionDetailQueryOptions(id, language), enabled: options.enabled ?? true });
}
