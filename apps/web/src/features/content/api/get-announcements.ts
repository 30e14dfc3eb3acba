import { type Announcement, type Language, type Page } from '@platform/contract/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useContentLanguage } from '../lib/use-content-language';

/** SPEC section 9: announcement page size 9. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;

export interface AnnouncementsInput {
  pageNo: number;
  pageSize?: number;
  /** comma-separated types, e.g. "PL,PR"; all types when omitted */
  types?: string;
  /** B: everyone (default); L: members only */
  execution?: 'B' | 'L';
  language?: Language;
}

export const getAnnouncements = (
  input: AnnouncementsInput,
  signal?: AbortSignal,
): Promise<Page<Announcement>> =>
  apiRequest('announcements', {
    query: {
      pageNo: input.pageNo,
      pageSize: input.pageSize ?? ANNOUNCEMENT_PAGE_SIZE,
      types: input.types,
      platform: 'W',
      execution: input.execution ?? 'B',
      language: input.language,
    },
    signal,
  });

export const announcementsQueryOptions = (input: AnnouncementsInput) =>
  queryOptions({
    queryKey: [
      'content',
      'announcements',
      input.language ?? null,
      input.types ?? null,
      input.execution ?? 'B',
      input.pageSize ?? ANNOUNCEMENT_PAGE_SIZE,
      input.pageNo,
    ],
    queryFn: ({ signal }) => getAnnouncements(input, signal),
    // The previous page stays on screen while the next loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });

export function useAnnouncements(
  input: Omit<AnnouncementsInput, 'language'>,
  options: { enabled?: boolean } = {},
) {
  const language = useContentLanguage();
  return useQuery({ ...announcementsQueryOptions({ ...input, language }), enabled: options.enabled ?? true });
}
