import { formatMoney, type BigWin } from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { maskUsername } from '../../lib/mask.js';
import type { MemberService } from '../member/index.js';
import { bigWinsRepository, type BigWinRow, type BigWinRule } from './big-wins.repository.js';

/**
 * A big win (ADR 023): a real-money round that paid at least 10 times its stake and at least 10.00, or
 * at least 1,000.00 whatever the stake. Demo money, cancelled rounds and open rounds never count.
 */
export const DEFAULT_BIG_WIN_RULE: BigWinRule = {
  multiplier: 10,
  multiplierFloor: 10_00n,
  amount: 1_000_00n,
};

/** The ticker's answer is shared for this long: a busy home page reads the database once per window. */
export const BIG_WINS_CACHE_MS = 5_000;
/** Only wins of the last week are recent enough to show. */
export const BIG_WINS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** The most a caller may ask for; the cache holds this many. */
export const BIG_WINS_MAX = 20;
/** At most this many of the latest paid rounds are looked at per read. */
const SCAN = 2_000;

function bigWinOf(row: BigWinRow, username: string): BigWin {
  return {
    player: maskUsername(username),
    gameName: row.gameName ?? row.gameCode,
    nodeId: row.nodeId,
    amount: formatMoney(row.winTotal),
    // One decimal, from integers: (win * 10 / bet) / 10.
    multiplier: row.betTotal > 0n ? Number((row.winTotal * 10n) / row.betTotal) / 10 : null,
    at: row.closedAt.toISOString(),
  };
}

/** The latest big wins for home's ticker, read at most once per cache window. */
export class BigWinsService {
  private cached: { at: number; value: Promise<BigWin[]> } | undefined;

  constructor(
    private readonly deps: { db: Database; clock: Clock; members: Pick<MemberService, 'summariesOf'> },
    private readonly rule: BigWinRule = DEFAULT_BIG_WIN_RULE,
  ) {}

  async latest(limit: number): Promise<{ list: BigWin[] }> {
    const now = this.deps.clock.now().getTime();
    let entry = this.cached;
    if (!entry || now - entry.at >= BIG_WINS_CACHE_MS || now < entry.at) {
      const value = this.read(now).catch((error: unknown) => {
        // A failed read is not kept: the next caller tries again.
        if (this.cached?.value === value) this.cached = undefined;
        throw error;
      });
      entry = { at: now, value };
      this.cached = entry;
    }
    const list = await entry.value;
    return { list: list.slice(0, limit) };
  }

  private async read(now: number): Promise<BigWin[]> {
    const rows = await bigWinsRepository.read(this.deps.db, {
      rule: this.rule,
      since: new Date(now - BIG_WINS_WINDOW_MS),
      scan: SCAN,
      limit: BIG_WINS_MAX,
    });
    const members = await this.deps.members.summariesOf(this.deps.db, [
      ...new Set(rows.map((row) => row.memberId)),
    ]);
    // A member that is gone (never, members are not deleted) is left out rather than named wrongly.
    return rows.flatMap((row) => {
      const username = members.get(row.memberId)?.username;
      return username === undefined ? [] : [bigWinOf(row, username)];
    });
  }
}
