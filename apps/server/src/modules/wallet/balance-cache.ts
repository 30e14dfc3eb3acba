import type { Balance } from '@platform/contract';
import type { Clock } from '../../lib/clock.js';

/** Members whose balance is kept at most: a few MB, more than one instance's active members. */
const ENTRIES = 50_000;

/**
 * Balances read for display (GET balance, socket pushes), reused for one window (SETTINGS_CACHE_MS).
 * The ledger tells it which members a transfer moved, as the transfer runs: their balances are dropped
 * and read from the database, not cached, for one window, so the moving transaction has committed
 * before anything is cached again, whoever publishes it. A read that overlapped a move is not cached.
 * A transfer on another server is seen within one window. Money decisions never read this: the
 * ledger's conditional updates do.
 */
export class BalanceCache {
  private readonly entries = new Map<bigint, { balance: Balance; at: number }>();
  private readonly uncachedUntil = new Map<bigint, number>();
  private generation = 0;

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  async read(memberId: bigint, load: () => Promise<Balance>): Promise<Balance> {
    if (this.windowMs <= 0) return load();
    const at = this.clock.now().getTime();
    const cached = this.entries.get(memberId);
    if (cached && at - cached.at < this.windowMs) return cached.balance;
    const generation = this.generation;
    const balance = await load();
    const until = this.uncachedUntil.get(memberId);
    if (generation === this.generation && (until === undefined || until <= at)) {
      this.entries.delete(memberId);
      this.entries.set(memberId, { balance, at });
      if (this.entries.size > ENTRIES) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return balance;
  }

  /** The ledger moved these members' money (or is about to commit it). */
  moved(memberIds: readonly bigint[]): void {
    if (this.windowMs <= 0 || memberIds.length === 0) return;
    this.generation += 1;
    const at = this.clock.now().getTime();
    for (const memberId of memberIds) {
      this.entries.delete(memberId);
      this.uncachedUntil.set(memberId, at + this.windowMs);
    }
    if (this.uncachedUntil.size > ENTRIES) {
      for (const [memberId, until] of this.uncachedUntil)
        if (until <= at) this.uncachedUntil.delete(memberId);
    }
  }
}
