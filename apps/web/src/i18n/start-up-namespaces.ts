/**
 * The translation files the first screen of any page needs (the shell, the home page, a member's header
 * balance): start-up waits for these, and the server preloads them with the page (ADR 017). Every
 * other namespace loads when a component first asks for it (useTranslation('member') suspends until it
 * arrived), which only happens inside lazily loaded parts that have their own loading state.
 */
export const startUpNamespaces = ['common', 'content', 'auth', 'wallet'] as const;
