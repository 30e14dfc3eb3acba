/** Query keys of the messaging feature, each with the session token (a second login never sees the first's). */
export const messagingKeys = {
  all: (token: string | null) => ['messaging', token ?? 'anonymous'] as const,
  messages: (token: string | null, filters: object) =>
    [...messagingKeys.all(token), 'messages', filters] as const,
  chatRooms: (token: string | null) => [...messagingKeys.all(token), 'chat-rooms'] as const,
  chatHistory: (token: string | null, room: string) => [...messagingKeys.all(token), 'chat', room] as const,
  chatUnread: (token: string | null) => [...messagingKeys.all(token), 'chat-unread'] as const,
};
