import type { LotteryPeriod, VnGame, VnGameMenu, VnOpenedGame, VnResultRow } from '@platform/contract';
import type { Database } from '../../../db/database.js';
import { notFound } from '../../../lib/errors.js';
import { SITE_UTC_OFFSET_MINUTES } from '../../wallet/index.js';
import { VN_FAMILY_CODES } from '../families/vn.js';
import { lotteryRepository, type LotteryGameRow } from '../lottery.repository.js';
import type { LotteryService } from '../lottery.service.js';
import { VN_REGIONS, type VnRegion } from './regions.js';

const DAY_SECONDS = 86_400;
/** Vietnam is UTC+7 all year; the periods are aligned to the site's midnight (ADR 060). */
const VIETNAM_UTC_OFFSET_SECONDS = 7 * 3600;

/** HH:mm in Vietnam of a time of day given in seconds after the site's midnight. */
function vietnamTimeOf(siteSeconds: number): string {
  const seconds =
    (((siteSeconds - SITE_UTC_OFFSET_MINUTES * 60 + VIETNAM_UTC_OFFSET_SECONDS) % DAY_SECONDS) +
      DAY_SECONDS) %
    DAY_SECONDS;
  const hours = String(Math.floor(seconds / 3600)).padStart(2, '0');
  const minutes = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  return `${hours}:${minutes}`;
}
const regionOfFamily = new Map<string, VnRegion>(
  VN_REGIONS.map((region) => [VN_FAMILY_CODES[region], region]),
);

/**
 * The Vietnamese lottery's calls (SPEC section 7's /lgw/vn/...; ADR 043): the VN games are lottery games
 * whose family is one of the VN families, so their periods, bets and settlement are the engine's; this
 * service only shapes them the way /vnlottery reads them (the result as its tiers).
 */
export class VnLotteryService {
  constructor(private readonly deps: { db: Database; lottery: LotteryService }) {}

  private presentGame(row: LotteryGameRow, region: VnRegion): VnGame {
    return {
      gameCode: row.code,
      gameName: row.name,
      region,
      kind: row.intervalSeconds >= DAY_SECONDS ? 'daily' : 'fast',
      intervalSeconds: row.intervalSeconds,
      drawTime:
        row.enteredResults && row.intervalSeconds >= DAY_SECONDS
          ? vietnamTimeOf(row.drawOffsetSeconds)
          : null,
    };
  }

  private async vnGame(gameCode: string): Promise<{ row: LotteryGameRow; region: VnRegion }> {
    const row = await lotteryRepository.game(this.deps.db, gameCode);
    const region = row ? regionOfFamily.get(row.family) : undefined;
    if (!row || !row.enabled || !region) throw notFound('Vietnamese lottery game');
    return { row, region };
  }

  async menu(): Promise<VnGameMenu> {
    const games = (await lotteryRepository.games(this.deps.db)).filter((game) => game.enabled);
    return {
      regions: VN_REGIONS.map((region) => ({
        region,
        games: games
          .filter((game) => regionOfFamily.get(game.family) === region)
          .map((game) => this.presentGame(game, region)),
      })).filter((entry) => entry.games.length > 0),
    };
  }

  private row(period: LotteryPeriod): VnResultRow {
    return {
      periodNo: period.periodNo,
      drawAt: period.drawAt,
      state: period.state,
      tiers:
        period.status === 'settled' && period.groups ? period.groups.map((group) => group.numbers) : null,
    };
  }

  async opened(gameCode: string): Promise<VnOpenedGame> {
    const { row, region } = await this.vnGame(gameCode);
    const [info, latest] = await Promise.all([
      this.deps.lottery.gameInfo(gameCode),
      this.deps.lottery.results(gameCode, 1, 1),
    ]);
    // A daily draw past its time without its confirmed result: players see it awaiting, not a stale result.
    const last = info.previous?.state === 'awaiting' ? info.previous : latest.list[0];
    return {
      game: this.presentGame(row, region),
      period: {
        periodNo: info.current.periodNo,
        state: info.current.state,
        cutoffAt: info.current.cutoffAt,
        drawAt: info.current.drawAt,
      },
      odds: Object.fromEntries(info.betTypes.map((type) => [type.betType, type.odds])),
      minBet: info.minBet,
      maxBet: info.maxBet,
      last: last ? this.row(last) : null,
      serverTime: info.serverTime,
    };
  }

  async numbers(gameCode: string, count: number): Promise<VnResultRow[]> {
    await this.vnGame(gameCode);
    const page = await this.deps.lottery.results(gameCode, 1, count);
    return page.list.map((period) => this.row(period));
  }
}
