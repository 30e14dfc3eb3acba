import { type Language, type Promotion } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PromotionCategory } from '../lib/types';
import { useContentLanguage } from '../lib/use-content-language';

export const getPromotions = (
  category: PromotionCategory | undefined,
  language?: Language,
  signal?: AbortSignal,
): Promise<Promotion[]> => apiRequest('promotions', { query: { category, language }, signal });

export const promotionsQueryOptions = (category: PromotionCategory | undefined, language?: Language) =>
  queryOptions({
    queryKey: ['content', 'promotions', language ?? null, category ?? 'all'],
    queryFn: ({ signal }) => getPromotions(category, language, signal),
    staleTime: 5 * 60_000,
  });

export function usePromotions(category?: PromotionCategory) {
  const language = useContentLanguage();
  return useQuery(promotionsQueryOptions(category, language));
}
