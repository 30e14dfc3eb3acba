import type { QueryClient } from '@tanstack/react-query';
import { currentToken, notifySession } from '@/lib/session';
import { memberInfoQueryOptions } from '../api/get-member-info';
import { handleUnauthorized } from './unauthorized-guard';

/**
 * A token arrived (from the URL, or a stored one at start): load the member it belongs to and keep
 * them as the logged-in user. A refused token drops the session. The info lands in the same cache
 * entry the member centre reads, so it is fetched once.
 */
export async function loadSessionFromToken(queryClient: QueryClient): Promise<void> {
  notifySession();
  const token = currentToken();
  if (!token) return;
  try {
    await queryClient.fetchQuery(memberInfoQueryOptions(token));
  } catch (error) {
    handleUnauthorized(error);
  }
}
