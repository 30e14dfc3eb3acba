import type { Balance } from '@platform/contract';
import type { Clock } from '../../lib/clock.js';
import { WindowCache } from '../../lib/window-cache.js';

/** Members whose balance is kept at most: a few MB, more than one instance's active members. */
const ENTRIES = 50_000;

/**
 * Balances read for display (GET balance), reused for one window. The ledger tells it, as a transfer
 * runs, whose money moved (see WindowCache.forget). Money decisions never read this: the ledger's
 * conditional updates do.
 */
export class BalanceCache {
  private readonly cache: WindowCache<bigint, { memberId: bigint; balance: Balance }, bigint>;

  constructor(clock: Clock, windowMs: number) {
    this.cache = new WindowCache({
      clock,
      windowMs,
      ownerOf: (entry) => entry.memberId,
      maxEntries: ENTRIES,
    });
  }

  async read(memberId: bigint, load: () => Promise<Balance>): Promise<Balance> {
    const entry = await this.cache.read(memberId, async () => ({ memberId, balance: await load() }));
    if (!entry) throw new Error('a balance read answered nothing');
    return entry.balance;
  }

  /** The ledger moved these members' money (or is about to commit it). */
  moved(memberIds: readonly bigint[]): void {
    this.cache.forget(memberIds);
  }
}
