import { lazyNamed } from '@/lib/lazy';

// Member centre pages: each its own chunk, fetched when the page opens.
export const MessagesPage = lazyNamed(() => import('./pages/messages-page'), 'MessagesPage');
export { messagingKeys } from './api/messaging-keys';
