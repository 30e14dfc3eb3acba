import type { ChatMessage, ChatRoom } from '@platform/contract/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { messagingKeys } from './messaging-keys';

/** GET /wps/chat/rooms: the rooms this member may enter, with their unReadCount. */
export const getChatRooms = (signal?: AbortSignal): Promise<ChatRoom[]> =>
  apiRequest('chatRooms', { signal });
/** GET /wps/chat/rooms/:room/messages: the newest messages, oldest first. */
export const getChatHistory = (room: string, signal?: AbortSignal) =>
  apiRequest('chatHistory', { params: { room }, query: { limit: 50 }, signal });
/** POST /wps/chat/rooms/:room/messages */
export const sendChatMessage = ({ room, text }: { room: string; text: string }): Promise<ChatMessage> =>
  apiRequest('chatSend', { params: { room }, body: { text } });
/** POST /wps/chat/rooms/:room/read */
export const markChatRead = ({ room, lastId }: { room: string; lastId: string }) =>
  apiRequest('chatRead', { params: { room }, body: { lastId } });
/** GET /wps/chat/unread: SPEC section 7's unReadCount, over every room. */
export const getChatUnread = (signal?: AbortSignal) => apiRequest('chatUnread', { signal });

export function useChatRooms(enabled: boolean) {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: messagingKeys.chatRooms(token),
      queryFn: ({ signal }) => getChatRooms(signal),
      enabled: !!token && enabled,
    }),
  );
}

export function useChatHistory(room: string | null) {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: messagingKeys.chatHistory(token, room ?? ''),
      queryFn: ({ signal }) => getChatHistory(room ?? '', signal),
      enabled: !!token && room !== null,
      // Live pushes keep it current while the room is open; it is fetched again on opening.
      staleTime: 0,
    }),
  );
}

export function useChatUnread(enabled: boolean) {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: messagingKeys.chatUnread(token),
      queryFn: ({ signal }) => getChatUnread(signal),
      enabled: !!token && enabled,
      refetchInterval: 60_000,
    }),
  );
}

export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}

export function useMarkChatRead() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: markChatRead,
    onSuccess: (unread) => queryClient.setQueryData(messagingKeys.chatUnread(token), unread),
  });
}
