// The development outbox page; the router loads this module lazily (its own chunk).
export { DevOutboxPage } from './pages/outbox-page';
export { useOutbox, getOutbox, outboxQueryOptions, OUTBOX_REFRESH_MS } from './api/get-outbox';
