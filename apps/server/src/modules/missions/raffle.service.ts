import { randomBytes } from 'node:crypto';
import {
  formatMoney,
  parseMoney,
  type CreateRaffleBody,
  type Raffle,
  type RaffleDraw,
} from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Rng } from '../../lib/rng.js';
import type { Actor, AuditService } from '../audit/index.js';
import type { MemberService } from '../member/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import { DRAW_METHOD, drawWinners, seedHashOf } from './draw.js';
import { LEADERBOARD_SETTLE_LAG_MS } from './leaderboard.service.js';
import { missionsRepository, type RaffleRow, type RaffleWinnerRow } from './missions.repository.js';
import type { SiteDays } from './periods.js';

/** Members with tickets a draw reads at most (valid bet order; the draw sorts them by member). */
const MAX_ENTRIES = 200_000;

export interface RaffleDeps {
  db: Database;
  clock: Clock;
  rng: Rng;
  site: SiteDays & { dayEnd(day: string): Date };
  ledger: LedgerService;
  audit: AuditService;
  members: Pick<MemberService, 'summariesOf'>;
  mask: (username: string) => string;
  /** the turnover aggregate: one member's valid bet, and every member's, over site days */
  validBetOf(memberId: bigint, fromDay: string, toDay: string): Promise<bigint>;
  validBets(
    fromDay: string,
    toDay: string,
    limit: number,
    db: Executor,
  ): Promise<{ memberId: bigint; validBet: bigint }[]>;
}

const titleIn = (title: Record<string, string>, language: string) => title[language] ?? title.en ?? '';
const ticketsOf = (validBet: bigint, ticketPer: bigint) => Number(validBet / ticketPer);

/**
 * Raffles (issue 15; ADR 076): every `ticketPer` of valid bet in the raffle's site days earns a ticket.
 * The seed is drawn from node:crypto when the raffle is made and only its SHA-256 is shown; after the
 * last day (and the turnover feed's lag) the draw claims the raffle (open -> drawn) in the transaction
 * that stores the entries and the winners, then reveals the seed, so anyone can redo it (draw.ts).
 * Winners claim their prize once through the ledger (key raffle:<raffle>:<rank>).
 */
export class RaffleService {
  constructor(private readonly deps: RaffleDeps) {}

  private fromDay(row: RaffleRow) {
    return this.deps.site.dayOf(row.startsAt);
  }

  private toDay(row: RaffleRow) {
    return this.deps.site.dayOf(new Date(row.endsAt.getTime() - 1));
  }

  async create(by: Actor, body: CreateRaffleBody): Promise<Raffle> {
    const now = this.deps.clock.now();
    const seed = this.deps.rng.bytes(32).toString('hex');
    return this.deps.db.transaction(async (tx) => {
      const row = await missionsRepository.insertRaffle(tx, {
        publicId: `rf_${randomBytes(8).toString('hex')}`,
        title: body.title,
        ticketPer: parseMoney(body.ticketPer),
        startsAt: this.deps.site.dayStart(body.fromDay),
        endsAt: this.deps.site.dayEnd(body.toDay),
        prizes: body.prizes.map((prize) => parseMoney(prize).toString()),
        seed,
        seedHash: seedHashOf(seed),
        status: 'open',
        createdAt: now,
      });
      await this.deps.audit.record(
        by,
        'raffles add',
        { raffle: row.publicId },
        {
          fromDay: body.fromDay,
          toDay: body.toDay,
          ticketPer: body.ticketPer,
          prizes: body.prizes,
          seedHash: row.seedHash,
        },
        { tx, at: now },
      );
      return this.present(row, [], 0, 'en', new Map());
    });
  }

  private present(
    row: RaffleRow,
    winners: RaffleWinnerRow[],
    myTickets: number,
    language: string,
    names: Map<bigint, { username: string }>,
  ): Raffle {
    return {
      id: row.publicId,
      title: titleIn(row.title, language),
      ticketPer: formatMoney(row.ticketPer),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      prizes: row.prizes.map((prize) => formatMoney(BigInt(prize))),
      status: row.status === 'drawn' || row.status === 'cancelled' ? row.status : 'open',
      seedHash: row.seedHash,
      seed: row.status === 'drawn' ? row.seed : null,
      myTickets,
      winners: winners.map((winner) => ({
        rank: winner.rank,
        player: this.deps.mask(names.get(winner.memberId)?.username ?? '?'),
        ticket: winner.ticket,
        prize: formatMoney(winner.prize),
      })),
    };
  }

  /** Open raffles and those drawn in the last 30 days, with the member's tickets and wins. */
  async visible(member: AuthenticatedMember, language: string) {
    const now = this.deps.clock.now();
    const rows = await missionsRepository.visibleRaffles(
      this.deps.db,
      new Date(now.getTime() - 30 * 86_400_000),
    );
    const winners = await missionsRepository.winnersOf(
      this.deps.db,
      rows.map((row) => row.id),
    );
    const names = await this.deps.members.summariesOf(
      this.deps.db,
      winners.map((winner) => winner.memberId),
    );
    const raffles = await Promise.all(
      rows.map(async (row) => {
        const mine = row.entries
          ? (row.entries.find(([id]) => id === member.id.toString())?.[1] ?? 0)
          : ticketsOf(
              await this.deps.validBetOf(member.id, this.fromDay(row), this.toDay(row)),
              row.ticketPer,
            );
        return this.present(
          row,
          winners.filter((winner) => winner.raffleId === row.id),
          mine,
          language,
          names,
        );
      }),
    );
    const wins = winners
      .filter((winner) => winner.memberId === member.id)
      .map((winner) => ({ winner, raffle: rows.find((row) => row.id === winner.raffleId) as RaffleRow }));
    return { raffles, wins };
  }

  /** Every raffle for the operator, with its winners (the seed stays hidden until the draw). */
  async adminList(): Promise<Raffle[]> {
    const rows = await missionsRepository.allRaffles(this.deps.db);
    const winners = await missionsRepository.winnersOf(
      this.deps.db,
      rows.map((row) => row.id),
    );
    const names = await this.deps.members.summariesOf(
      this.deps.db,
      winners.map((winner) => winner.memberId),
    );
    return rows.map((row) =>
      this.present(
        row,
        winners.filter((winner) => winner.raffleId === row.id),
        0,
        'en',
        names,
      ),
    );
  }

  /** The public record of a draw: the seed's hash, then (once drawn) the seed, entries and winners. */
  async draw(publicId: string): Promise<RaffleDraw> {
    const row = await missionsRepository.raffleByPublicId(this.deps.db, publicId);
    if (!row) throw notFound('raffle');
    const winners = await missionsRepository.winnersOf(this.deps.db, [row.id]);
    const entries = row.entries ?? [];
    const names = await this.deps.members.summariesOf(this.deps.db, [
      ...entries.map(([id]) => BigInt(id)),
      ...winners.map((winner) => winner.memberId),
    ]);
    let from = 0;
    return {
      id: row.publicId,
      seedHash: row.seedHash,
      seed: row.status === 'drawn' ? row.seed : null,
      totalTickets: entries.reduce((sum, [, tickets]) => sum + tickets, 0),
      entries: entries.map(([id, tickets]) => {
        const entry = { player: this.deps.mask(names.get(BigInt(id))?.username ?? '?'), from, tickets };
        from += tickets;
        return entry;
      }),
      winners: this.present(row, winners, 0, 'en', names).winners,
      method: DRAW_METHOD,
    };
  }

  /** Draws every raffle whose last day ended (plus the feed's lag); safe on every server at once. */
  async drawDue(now: Date = this.deps.clock.now()): Promise<{ drawn: number }> {
    const due = await missionsRepository.dueRaffles(
      this.deps.db,
      new Date(now.getTime() - LEADERBOARD_SETTLE_LAG_MS),
    );
    let drawn = 0;
    for (const row of due) {
      const done = await this.deps.db.transaction(async (tx) => {
        const bets = await this.deps.validBets(this.fromDay(row), this.toDay(row), MAX_ENTRIES, tx);
        const entries = bets
          .map((bet) => ({ member: bet.memberId, tickets: ticketsOf(bet.validBet, row.ticketPer) }))
          .filter((entry) => entry.tickets > 0)
          .sort((a, b) => (a.member < b.member ? -1 : a.member > b.member ? 1 : 0));
        const claimed = await missionsRepository.markDrawn(tx, row.id, {
          drawnAt: now,
          entries: entries.map((entry) => [entry.member.toString(), entry.tickets]),
        });
        if (!claimed) return false;
        const winners = drawWinners(row.publicId, row.seed, entries, row.prizes.length);
        await missionsRepository.insertWinners(
          tx,
          winners.map((winner) => ({
            raffleId: row.id,
            rank: winner.rank,
            memberId: winner.member,
            ticket: winner.ticket,
            prize: BigInt(row.prizes[winner.rank - 1] as string),
          })),
        );
        await this.deps.audit.record(
          'system:raffles',
          'raffles draw',
          { raffle: row.publicId },
          { winners: winners.length },
          { tx, at: now },
        );
        return true;
      });
      if (done) drawn += 1;
    }
    return { drawn };
  }

  /**
   * Cancels a raffle before its draw: it is never drawn and leaves the members' pages. Its tickets
   * are earned by valid bets and cost nothing, so there is nothing to refund (ADR 083). Audited.
   */
  async cancel(by: Actor, publicId: string): Promise<Raffle> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const row = await missionsRepository.cancelRaffle(tx, publicId, now);
      if (!row) {
        const found = await missionsRepository.raffleByPublicId(tx, publicId);
        if (!found) throw notFound('raffle');
        throw new AppError('INVALID_STATE', `the raffle is ${found.status}`, undefined, {
          status: found.status,
        });
      }
      await this.deps.audit.record(
        by,
        'raffles cancel',
        { raffle: publicId },
        { refunded: '0.00', why: 'tickets are earned by play and cost nothing' },
        { tx, at: now },
      );
      return this.present(row, [], 0, 'en', new Map());
    });
  }

  /** A winner takes the prize: paid once, whatever the number of concurrent claims. */
  async claim(member: AuthenticatedMember, publicId: string, language: string): Promise<Raffle> {
    const now = this.deps.clock.now();
    const row = await missionsRepository.raffleByPublicId(this.deps.db, publicId);
    if (!row) throw notFound('raffle');
    const memberIds = await this.deps.db.transaction(async (tx) => {
      const win = await missionsRepository.claimWin(tx, row.id, member.id, now);
      if (!win) {
        const winners = await missionsRepository.winnersOf(tx, [row.id]);
        if (winners.some((winner) => winner.memberId === member.id))
          throw new AppError('ALREADY_CLAIMED', 'already claimed');
        throw new AppError('INVALID_STATE', 'no prize to claim in this raffle', undefined, {
          status: row.status,
        });
      }
      const result = await this.deps.ledger.transfer(tx, {
        idempotencyKey: `raffle:${row.publicId}:${win.rank}`,
        kind: 'bonus',
        currency: 'REAL',
        legs: [
          { account: accountCodes.house, amount: -win.prize },
          { account: accountCodes.memberMain(member.id), amount: win.prize },
        ],
        reference: row.publicId,
        memo: `raffle ${row.publicId} #${win.rank}`,
        actor: `member:${member.publicId}`,
      });
      await missionsRepository.setWinTransfer(tx, row.id, win.rank, result.transferId);
      return result.memberIds;
    });
    this.deps.ledger.publishBalances(memberIds);
    const { raffles } = await this.visible(member, language);
    const shown = raffles.find((raffle) => raffle.id === publicId);
    if (!shown) throw notFound('raffle');
    return shown;
  }
}
