import { redeemHandoff } from '@/features/auth';

/**
 * SPEC section 2: when the normal site opens, read `token` from the query string and take it out of
 * the address bar (so it is not bookmarked, shared or logged). It is a one-time hand-off code, never
 * a session token: it is exchanged for a new session of this browser (the loginInfo action).
 */
export function consumeUrlToken(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('token');
  if (!code) return null;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  void redeemHandoff(code);
  return code;
}
