import {
  formatMoney,
  isTrialType,
  type Balance,
  type Page,
  type Transaction,
  type Turnover,
  type transactionQuerySchema,
  type recordQuerySchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { BalanceCache } from './balance-cache.js';
import { sha256 } from '../../lib/tokens.js';
import type { AuthenticatedMember } from '../auth/index.js';
import { accountCodes, type TransactionType } from './ledger.service.js';
import { siteDayEnd, siteDayStart } from './site-time.js';
import type { TurnoverService } from './turnover.service.js';
import { walletRepository, type EntryFilter, type EntryRow } from './wallet.repository.js';

export type TransactionQuery = z.output<typeof transactionQuerySchema>;
export type RecordQuery = z.output<typeof recordQuerySchema>;

/**
 * An entry's id as the member sees it: stable and unique, but not the table's sequence, so it tells
 * nobody how many entries the platform has.
 */
const publicEntryId = (entryId: bigint): string => sha256(`ledger-entry:${entryId}`).slice(0, 20);

function toTransaction(row: EntryRow): Transaction {
  return {
    id: publicEntryId(row.entryId),
    type: row.kind as TransactionType,
    amount: formatMoney(row.amount),
    balanceAfter:
      row.kind === 'withdrawal_payout' || row.balanceAfter === null ? null : formatMoney(row.balanceAfter),
    reference: row.reference,
    memo: row.memo,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The accounts whose entries make up a member's statement: trial accounts hold only demo money. */
function statementAccounts(member: AuthenticatedMember): string[] {
  return isTrialType(member.type)
    ? [accountCodes.memberDemo(member.id), accountCodes.memberMain(member.id)]
    : [accountCodes.memberMain(member.id)];
}

/**
 * What the wallet asks the member module (MemberService fits it): a member's type decides which balance
 * is theirs, and staff name members by account number. The member module is built after this one (auth,
 * which it needs, takes the wallet's trial grant), so it is handed over late, through `useMembers`.
 */
export interface WalletMembers {
  playerOf(db: Executor, key: { id: bigint }): Promise<{ type: number } | null>;
  byAccount(account: string): Promise<{ id: bigint; username: string; type: number } | null>;
}

/** What a member reads about their own money. Every movement is made by the ledger, never here. */
export class WalletService {
  constructor(
    private readonly deps: { db: Database },
    private readonly turnover: TurnoverService,
    private readonly members: () => WalletMembers,
    /** balances for display; none: every read goes to the database */
    private readonly balances?: BalanceCache,
  ) {}

  async balance(member: AuthenticatedMember): Promise<Balance> {
    return this.balanceOfMember(member.id, member.type);
  }

  /**
   * The balance of a member known only by id, read from the database: it is pushed to sockets right
   * after a change, possibly one made on another server, which this server's cache has not heard of.
   * Null for an unknown member.
   */
  async balanceOfMemberId(memberId: bigint): Promise<Balance | null> {
    const player = await this.members().playerOf(this.deps.db, { id: memberId });
    if (player === null) return null;
    this.balances?.moved([memberId]);
    return this.readBalance(memberId, player.type);
  }

  /** The one rule for what a member's balance is: main + bonus, or the demo wallet for a trial account. */
  async balanceOfMember(memberId: bigint, type: number): Promise<Balance> {
    return this.balances
      ? this.balances.read(memberId, () => this.readBalance(memberId, type))
      : this.readBalance(memberId, type);
  }

  private async readBalance(memberId: bigint, type: number): Promise<Balance> {
    const member = { id: memberId };
    if (isTrialType(type)) {
      const code = accountCodes.memberDemo(member.id);
      const balances = await walletRepository.balances(this.deps.db, [code]);
      return { sumBalance: formatMoney(balances.get(code) ?? 0n), demo: true };
    }
    const main = accountCodes.memberMain(member.id);
    const bonus = accountCodes.memberBonus(member.id);
    const balances = await walletRepository.balances(this.deps.db, [main, bonus]);
    return { sumBalance: formatMoney((balances.get(main) ?? 0n) + (balances.get(bonus) ?? 0n)), demo: false };
  }

  async transactions(member: AuthenticatedMember, query: TransactionQuery): Promise<Page<Transaction>> {
    if (query.from && query.to && query.from > query.to) {
      throw new AppError('VALIDATION_FAILED', 'from is after to', [
        { path: 'from', message: 'validation.invalid' },
      ]);
    }
    return this.page(
      {
        accountCodes: statementAccounts(member),
        payoutsFrom: accountCodes.memberHeld(member.id),
        ...(query.type ? { kind: query.type } : {}),
        ...(query.from ? { from: siteDayStart(query.from) } : {}),
        ...(query.to ? { until: siteDayEnd(query.to) } : {}),
      },
      query.pageNo,
      query.pageSize,
    );
  }

  /** Bonus credits on the member's accounts. The records query's status means nothing for them. */
  async bonuses(member: AuthenticatedMember, query: RecordQuery): Promise<Page<Transaction>> {
    return this.page(
      {
        accountCodes: [accountCodes.memberMain(member.id), accountCodes.memberBonus(member.id)],
        kind: 'bonus',
      },
      query.pageNo,
      query.pageSize,
    );
  }

  async turnoverOf(member: AuthenticatedMember): Promise<Turnover> {
    const status = await this.turnover.status(this.deps.db, member.id);
    return {
      required: formatMoney(status.required),
      wagered: formatMoney(status.wagered),
      remaining: formatMoney(status.remaining),
    };
  }

  private async page(filter: EntryFilter, pageNo: number, pageSize: number): Promise<Page<Transaction>> {
    const totalCount = await walletRepository.countEntries(this.deps.db, filter);
    const rows =
      totalCount > (pageNo - 1) * pageSize
        ? await walletRepository.entries(this.deps.db, filter, pageSize, (pageNo - 1) * pageSize)
        : [];
    return {
      list: rows.map(toTransaction),
      pageNo,
      pageSize,
      totalCount,
      totalPages: Math.ceil(totalCount / pageSize),
    };
  }
}
