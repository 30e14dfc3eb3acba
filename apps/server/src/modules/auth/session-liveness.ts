import type { Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { sessionRepository } from './session.repository.js';
import type { AuthenticatedMember } from './session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the member of the session token the request carries, if it is live (set by the site guard) */
    member: AuthenticatedMember | null;
  }
}

/**
 * Whether the session of a token hash is still open (not revoked, not past its absolute expiry, its
 * member active), read without touching last_seen_at: an open WebSocket alone should not keep a
 * session from idling out of the HTTP API, but a revoked, expired or disabled one must lose its pushes.
 */
export async function sessionIsLive(
  deps: { db: Executor; clock: Clock },
  tokenHash: string,
): Promise<boolean> {
  const found = await sessionRepository.findByTokenHash(deps.db, tokenHash);
  return (
    !!found &&
    !found.revokedAt &&
    found.expiresAt > deps.clock.now() &&
    found.status === 'active' &&
    found.memberAccess
  );
}
