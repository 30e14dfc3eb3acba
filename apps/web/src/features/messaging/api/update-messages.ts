import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { memberKeys } from '@/features/member';
import { apiRequest } from '@/lib/api-client';
import { messagingKeys } from './messaging-keys';

/** POST /wps/member/messages/:id/read: answers the unread count left. */
export const readMessage = (id: string) => apiRequest('readMessage', { params: { id } });
/** POST /wps/member/messages/read-all */
export const readAllMessages = () => apiRequest('readAllMessages');
/** DELETE /wps/member/messages/:id */
export const deleteMessage = (id: string) => apiRequest('deleteMessage', { params: { id } });

/** After a change: the list refetches and the header badge takes the count the server answered. */
function useSettle() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return {
    onSuccess: ({ count }: { count: number }) => queryClient.setQueryData(memberKeys.unread(token), count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagingKeys.all(token) }),
  };
}

export function useReadMessage() {
  return useMutation({ mutationFn: readMessage, ...useSettle() });
}
export function useReadAllMessages() {
  return useMutation({ mutationFn: readAllMessages, ...useSettle() });
}
export function useDeleteMessage() {
  return useMutation({ mutationFn: deleteMessage, ...useSettle() });
}
