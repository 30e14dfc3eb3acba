import { lazyNamed } from '@/lib/lazy';

// Member centre pages: each its own chunk, fetched when the page opens.
export const MessagesPage = lazyNamed(() => import('./pages/messages-page'), 'MessagesPage');
export { messagingKeys } from './api/messaging-keys';
export const ChatPage = lazyNamed(() => import('./pages/chat-page'), 'ChatPage');
export const FeedbackPage = lazyNamed(() => import('./pages/feedback-page'), 'FeedbackPage');
