import { type Banner, type BannerGroup, type Language } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useContentLanguage } from '../lib/use-content-language';

export const getBanners = (
  groupName: BannerGroup,
  language?: Language,
  signal?: AbortSignal,
): Promise<Banner[]> => apiRequest('banners', { query: { groupName, language }, signal });

export const bannersQueryOptions = (groupName: BannerGroup, language?: Language) =>
  queryOptions({
    queryKey: ['content', 'banners', groupName, language ?? null],
    queryFn: ({ signal }) => getBanners(groupName, language, signal),
    // Banners change a few times a day; five minutes keeps route changes instant.
    staleTime: 5 * 60_000,
  });

/** `enabled` false: not asked for (a strip that is not shown on this screen). */
export function useBanners(groupName: BannerGroup, enabled = true) {
  const language = useContentLanguage();
  return useQuery({ ...bannersQueryOptions(groupName, language), enabled });
}
