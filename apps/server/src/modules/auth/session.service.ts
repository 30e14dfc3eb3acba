import type { Database, Executor } from '../../db/database.js';
import type { AuthenticatedMember, RequestOrigin } from '../../lib/caller.js';
import type { Clock } from '../../lib/clock.js';
import type { Rng } from '../../lib/rng.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { WindowCache } from '../../lib/window-cache.js';
import type { SettingsService } from '../system/index.js';
import { sessionRepository, type SessionWithMember } from './session.repository.js';

export type { AuthenticatedMember, RequestOrigin };

/** last_seen_at is written at most this often, so every request does not write a row. */
const TOUCH_EVERY_MS = 60_000;
/** Sessions kept in the cache at most: a few MB, and more than one instance's active members. */
const SESSION_CACHE_ENTRIES = 20_000;

/**
 * Sessions: an opaque random token (256 bits) given to the client once, kept only as its SHA-256.
 * A session ends at logout, at a password change (the others), at its absolute expiry, or after the
 * idle time without a request.
 */
/** How long a hand-off code (`/?token=`) can be used: long enough to open a tab, too short to phish with. */
export const HANDOFF_SECONDS = 60;

export class SessionService {
  /** token hash -> the session read for it, owned by its member */
  private readonly cache: WindowCache<string, SessionWithMember, bigint>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly rng: Rng,
    private readonly settings: SettingsService,
  ) {
    this.cache = new WindowCache({
      clock,
      windowMs: settings.cacheMs,
      ownerOf: (session) => session.memberId,
      maxEntries: SESSION_CACHE_ENTRIES,
    });
  }

  /**
   * A new session; returns the token, which is never stored. Runs inside the caller's transaction.
   * Pass `absoluteHours` when a transaction is open on embedded PGlite: it has one connection, so a
   * settings read outside the transaction would wait for it forever.
   */
  async issue(
    tx: Executor,
    memberId: bigint,
    origin: RequestOrigin,
    absoluteHours?: number,
  ): Promise<string> {
    const token = newToken(this.rng);
    const at = this.clock.now();
    const hours = absoluteHours ?? (await this.settings.get('auth.sessionAbsoluteHours'));
    await sessionRepository.insert(tx, {
      memberId,
      tokenHash: sha256(token),
      at,
      expiresAt: new Date(at.getTime() + hours * 3_600_000),
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
    });
    return token;
  }

  /** The member of a live session, or null for an unknown, ended, expired or idle token. */
  async resolve(token: string): Promise<AuthenticatedMember | null> {
    if (token.length < 20 || token.length > 200) return null;
    const tokenHash = sha256(token);
    const found = await this.lookup(tokenHash);
    if (!found || found.revokedAt) return null;
    const now = this.clock.now();
    const idleMs = (await this.settings.get('auth.sessionIdleMinutes')) * 60_000;
    if (found.expiresAt <= now || found.lastSeenAt.getTime() + idleMs <= now.getTime()) {
      this.cache.forget([found.memberId]);
      await sessionRepository.revoke(this.db, found.sessionId, now, 'expired');
      return null;
    }
    if (found.status !== 'active' || !found.memberAccess) {
      this.cache.forget([found.memberId]);
      await sessionRepository.revoke(this.db, found.sessionId, now, 'account_disabled');
      return null;
    }
    if (now.getTime() - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await sessionRepository.touch(this.db, found.sessionId, now);
      found.lastSeenAt = now;
    }
    return {
      id: found.memberId,
      publicId: found.publicId,
      username: found.username,
      type: found.type,
      sessionId: found.sessionId,
    };
  }

  /**
   * The session behind a token hash, from the cache when it was read within the settings' cache window
   * (SETTINGS_CACHE_MS), so a burst of calls costs one query. Ending sessions through this service
   * forgets the member's at once (lib/window-cache.ts says what that guarantees).
   */
  private lookup(tokenHash: string): Promise<SessionWithMember | null> {
    return this.cache.read(tokenHash, () => sessionRepository.findByTokenHash(this.db, tokenHash));
  }

  /** A one-time, 60-second code that opens a new session of this member in another tab or app. */
  async createHandoff(member: AuthenticatedMember): Promise<{ code: string; expiresAt: string }> {
    const code = newToken(this.rng);
    const at = this.clock.now();
    const expiresAt = new Date(at.getTime() + HANDOFF_SECONDS * 1000);
    await sessionRepository.insertHandoff(this.db, {
      codeHash: sha256(code),
      sessionId: member.sessionId,
      createdAt: at,
      expiresAt,
    });
    return { code, expiresAt: expiresAt.toISOString() };
  }

  /** The member a hand-off code was made for, once; null for an unknown, used or expired code. */
  async claimHandoff(code: string): Promise<bigint | null> {
    if (code.length < 20 || code.length > 200) return null;
    return sessionRepository.claimHandoff(this.db, sha256(code), this.clock.now());
  }

  async end(sessionId: bigint, reason: string): Promise<void> {
    const owner = this.cache.ownerWhere((session) => session.sessionId === sessionId);
    this.cache.forget(owner === undefined ? [] : [owner]);
    await sessionRepository.revoke(this.db, sessionId, this.clock.now(), reason);
  }

  /** Ends the member's other sessions (after a password change), or all when keep is undefined. */
  async endAllFor(tx: Executor, memberId: bigint, reason: string, keepSessionId?: bigint): Promise<number> {
    this.cache.forget([memberId]);
    return sessionRepository.revokeAllForMember(tx, memberId, this.clock.now(), reason, keepSessionId);
  }
}
