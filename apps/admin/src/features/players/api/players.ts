import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

/** GET /wps/admin/players?q=: members matching any identifier, with what matched. */
export function usePlayerSearch(q: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['players', 'search', q, page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest('adminPlayerSearch', { query: { q: q || undefined, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const playerKey = (account: string) => ['players', 'one', account] as const;

/** GET /wps/admin/players/:account: the player 360. */
export function usePlayer(account: string) {
  return useQuery({
    queryKey: playerKey(account),
    queryFn: ({ signal }) => apiRequest('adminPlayer', { params: { account }, signal }),
  });
}

type NoteBody = NonNullable<RequestInput<'adminPlayerNoteAdd'>['body']>;
type TagBody = NonNullable<RequestInput<'adminPlayerTagAdd'>['body']>;

export function useAddNote(account: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteBody) => apiRequest('adminPlayerNoteAdd', { params: { account }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKey(account) }),
  });
}

export function useAddTag(account: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagBody) => apiRequest('adminPlayerTagAdd', { params: { account }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKey(account) }),
  });
}

export function useRemoveTag(account: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tag, reason }: { tag: string; reason?: string }) =>
      apiRequest('adminPlayerTagRemove', { params: { account, tag }, query: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKey(account) }),
  });
}
