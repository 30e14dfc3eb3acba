/**
 * The translation files the first screen of any page needs (the shell, the home page, the header's log
 * in and register): start-up waits for these, and the server preloads them with the page (ADR 017).
 * Every other namespace loads when a component first asks for it (useTranslation('member') suspends
 * until it arrived), which only happens inside parts with a loading state of their own: lazily loaded
 * pages and overlays, and a member's header balance.
 */
export const startUpNamespaces = ['common', 'content', 'auth'] as const;
