import { storage, storageKeys } from '@/lib/storage';

/**
 * HOOK POINT (login-info issue): a session token handed over in the URL (?token=...) was just stored.
 * That issue dispatches the loginInfo action here (load member info, mark logged in). Until then the
 * stored token is all that happens.
 */
export function onSessionTokenFromUrl(_token: string): void {}

/**
 * SPEC section 2: when the normal site opens, read `token` from the query string, keep it in
 * sessionStorage and take it out of the address bar (so it is not bookmarked, shared or logged).
 */
export function consumeUrlToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return null;
  storage.session.set(storageKeys.token, token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  onSessionTokenFromUrl(token);
  return token;
}
