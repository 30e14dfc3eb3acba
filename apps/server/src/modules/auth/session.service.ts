import type { Database, Executor } from '../../db/database.js';
import type { AuthenticatedMember, RequestOrigin } from '../../lib/caller.js';
import type { Clock } from '../../lib/clock.js';
import type { Rng } from '../../lib/rng.js';
import { newToken, sha256 } from '../../lib/tokens.js';
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
  /** token hash -> the session read for it, oldest first (a Map keeps insertion order) */
  private readonly cache = new Map<string, { session: SessionWithMember; cachedAt: number }>();
  /** members whose sessions are read from the database, not the cache, until then (ms) */
  private readonly uncachedUntil = new Map<bigint, number>();
  /** bumped by every revocation, so a lookup that overlapped one is not cached */
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly rng: Rng,
    private readonly settings: SettingsService,
  ) {}

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
      this.forget(found.memberId, now);
      await sessionRepository.revoke(this.db, found.sessionId, now, 'expired');
      return null;
    }
    if (found.status !== 'active' || !found.memberAccess) {
      this.forget(found.memberId, now);
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
   * The session behind a token hash, from the cache when it was read within the settings' cache
   * window (SETTINGS_CACHE_MS), so a burst of calls costs one query. A revocation through this service
   * clears the member's entries at once; a lookup that was under way meanwhile is not cached, and for
   * one window after the revocation the member is always read from the database, so the revoking
   * transaction has committed before anything is cached again. Another instance's revocation (or an
   * operator's change to the account) is seen within one window.
   */
  private async lookup(tokenHash: string): Promise<SessionWithMember | null> {
    const cacheMs = this.settings.cacheMs;
    if (cacheMs <= 0) return sessionRepository.findByTokenHash(this.db, tokenHash);
    const startedAt = this.clock.now().getTime();
    const cached = this.cache.get(tokenHash);
    if (cached && startedAt - cached.cachedAt < cacheMs) return cached.session;
    const generation = this.generation;
    const found = await sessionRepository.findByTokenHash(this.db, tokenHash);
    const bypassUntil = found ? this.uncachedUntil.get(found.memberId) : undefined;
    if (found && generation === this.generation && (bypassUntil === undefined || bypassUntil <= startedAt)) {
      this.cache.delete(tokenHash);
      this.cache.set(tokenHash, { session: found, cachedAt: startedAt });
      if (this.cache.size > SESSION_CACHE_ENTRIES) {
        const oldest = this.cache.keys().next().value;
        if (oldest !== undefined) this.cache.delete(oldest);
      }
    }
    return found;
  }

  /** Drops a member's cached sessions and keeps them uncached for one cache window. */
  private forget(memberId: bigint, at: Date): void {
    this.generation += 1;
    this.uncachedUntil.set(memberId, at.getTime() + this.settings.cacheMs);
    for (const [tokenHash, entry] of this.cache) {
      if (entry.session.memberId === memberId) this.cache.delete(tokenHash);
    }
    for (const [id, until] of this.uncachedUntil) if (until <= at.getTime()) this.uncachedUntil.delete(id);
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
    const now = this.clock.now();
    const owner = [...this.cache.values()].find((entry) => entry.session.sessionId === sessionId);
    if (owner) this.forget(owner.session.memberId, now);
    else this.generation += 1;
    await sessionRepository.revoke(this.db, sessionId, now, reason);
  }

  /** Ends the member's other sessions (after a password change), or all when keep is undefined. */
  async endAllFor(tx: Executor, memberId: bigint, reason: string, keepSessionId?: bigint): Promise<number> {
    this.forget(memberId, this.clock.now());
    return sessionRepository.revokeAllForMember(tx, memberId, this.clock.now(), reason, keepSessionId);
  }
}
