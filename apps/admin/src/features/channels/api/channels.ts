import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type Answer, type RequestInput } from '@/lib/api-client';

export type AdminChannel = Answer<'adminChannels'>[number];
export type AddChannelBody = NonNullable<RequestInput<'adminAddChannel'>['body']>;
export type RenameChannelBody = NonNullable<RequestInput<'adminRenameChannel'>['body']>;

export const channelsKey = ['adminChannels'] as const;

export function useChannels() {
  return useQuery({
    queryKey: channelsKey,
    queryFn: ({ signal }) => apiRequest('adminChannels', { signal }),
  });
}

/** Every change answers the channel (or the list); the list is asked again either way. */
export function useChannelChanges() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: channelsKey });
  return {
    add: useMutation({
      mutationFn: (body: AddChannelBody) => apiRequest('adminAddChannel', { body }),
      onSettled,
    }),
    rename: useMutation({
      mutationFn: ({ id, body }: { id: string; body: RenameChannelBody }) =>
        apiRequest('adminRenameChannel', { params: { id }, body }),
      onSettled,
    }),
    limits: useMutation({
      mutationFn: ({ id, minAmount, maxAmount }: { id: string; minAmount: string; maxAmount: string }) =>
        apiRequest('adminChannelLimits', { params: { id }, body: { minAmount, maxAmount } }),
      onSettled,
    }),
    enable: useMutation({
      mutationFn: (id: string) => apiRequest('adminEnableChannel', { params: { id } }),
      onSettled,
    }),
    disable: useMutation({
      mutationFn: (id: string) => apiRequest('adminDisableChannel', { params: { id } }),
      onSettled,
    }),
    order: useMutation({
      mutationFn: (ids: string[]) => apiRequest('adminChannelOrder', { body: { ids } }),
      onSuccess: (list) => client.setQueryData(channelsKey, list),
      onSettled,
    }),
  };
}

/** The ids with one moved a place up (-1) or down (+1). */
export function moved(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const next = [...ids];
  const at = next.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= next.length) return next;
  [next[at], next[to]] = [next[to] as string, next[at] as string];
  return next;
}
