import { apiRequest } from '@/lib/api-client';
import { currentToken, storeSession } from '@/lib/session';

/**
 * `/?token=<code>` (SPEC section 2): the code is a one-time, 60-second hand-off made by a logged-in
 * session, exchanged here for a session of this browser's own. A visitor already logged in keeps
 * their session, so a link cannot swap it for someone else's; a used or late code changes nothing.
 */
export async function redeemHandoff(code: string): Promise<boolean> {
  if (currentToken()) return false;
  try {
    const result = await apiRequest('redeemHandoff', { body: { code } });
    if (result.status !== 'ok') return false;
    storeSession(result.token, result.user);
    return true;
  } catch {
    return false;
  }
}
