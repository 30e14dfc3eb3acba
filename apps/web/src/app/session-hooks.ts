import { loadSessionFromToken } from '@/features/auth';
import { storage, storageKeys } from '@/lib/storage';

/**
 * The loginInfo action (SPEC section 2): a session token handed over in the URL (?token=...) was just
 * stored; load the member it belongs to and mark the visitor logged in (a refused token is dropped).
 */
export function onSessionTokenFromUrl(_token: string): void {
  void loadSessionFromToken();
}

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
