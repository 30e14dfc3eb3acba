import {
  formatMoney,
  isAgentType,
  type AgentContractKind,
  type AgentContractStatus,
  type TeamFigures,
  type TeamOverview,
} from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { AuditService } from '../audit/index.js';
import { setMemberUpline } from '../member/index.js';
import { siteDayEnd, siteDayStart } from '../wallet/index.js';
import { hierarchyRepository, type MemberRef } from './hierarchy.repository.js';
import { teamTransactionsRepository, type TeamTransactionKind } from './team-transactions.repository.js';
import { addDays, siteDayOf, type TurnoverService } from './turnover.service.js';

export interface HierarchyDeps {
  db: Database;
  clock: Clock;
  turnover: TurnoverService;
  audit: AuditService;
  /** the active-member threshold (minor units) from settings */
  activeMinValidBet: () => Promise<bigint>;
  /** the contracts each member of a list holds (kind, status) */
  contractsOf: (
    memberIds: readonly bigint[],
  ) => Promise<Map<bigint, { kind: AgentContractKind; status: AgentContractStatus }[]>>;
  /**
   * In the move's transaction: ends the moved team's contracts that now pay above the nearest
   * contracted agent over them (ADR 093); answers the contracts it ended
   */
  endExceedingAfterMove: (tx: Executor, memberId: bigint, actor: string) => Promise<string[]>;
}

const CHART_DAYS = 14;

/** The first day of the month a day is in, and of the month before. */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const previousMonthStart = (day: string) => monthStart(addDays(monthStart(day), -1));

/**
 * The agent tree (ADR 045): who is in whose team, the team's figures, drill-down, and the operator's move
 * of a member between agents. Team totals come from the turnover roll-up, one index range per figure.
 */
export class HierarchyService {
  constructor(private readonly deps: HierarchyDeps) {}

  async overview(agent: { id: bigint }): Promise<TeamOverview> {
    const { db, turnover } = this.deps;
    const me = await this.requireMember(agent.id);
    const today = siteDayOf(this.deps.clock.now());
    const minActive = await this.deps.activeMinValidBet();
    const thisStart = monthStart(today);
    const lastStart = previousMonthStart(today);
    const [teamSize, directDownlines, todayFigures, thisPeriod, lastPeriod, chart] = await Promise.all([
      hierarchyRepository.teamSize(db, me.id),
      hierarchyRepository.directCount(db, me.id),
      this.figures(me.id, today, today, minActive),
      this.figures(me.id, thisStart, today, minActive),
      this.figures(me.id, lastStart, addDays(thisStart, -1), minActive),
      turnover.teamByDay(me.id, addDays(today, -(CHART_DAYS - 1)), today),
    ]);
    const byDay = new Map(chart.map((row) => [row.day, row]));
    return {
      teamSize,
      directDownlines,
      affiliateCode: me.referralCode,
      today: todayFigures,
      thisPeriod,
      lastPeriod,
      chart: Array.from({ length: CHART_DAYS }, (_, index) => {
        const day = addDays(today, index - (CHART_DAYS - 1));
        const row = byDay.get(day);
        return {
          day,
          validBet: formatMoney(row?.validBet ?? 0n),
          profit: formatMoney((row?.payout ?? 0n) - (row?.validBet ?? 0n)),
        };
      }),
    };
  }

  /** The team's figures over [from, to] (site days). */
  async figures(agentId: bigint, from: string, to: string, minActive: bigint): Promise<TeamFigures> {
    const { db, turnover } = this.deps;
    const [totals, newMembers, activeMembers] = await Promise.all([
      turnover.teamTotals(agentId, from, to),
      hierarchyRepository.newMembers(db, agentId, from, to),
      turnover.activeMembersCounted(agentId, from, to, minActive, siteDayOf(this.deps.clock.now())),
    ]);
    return {
      from,
      to,
      newMembers,
      activeMembers,
      validBet: formatMoney(totals.validBet),
      payout: formatMoney(totals.payout),
      profit: formatMoney(totals.payout - totals.validBet),
      bets: totals.bets,
    };
  }

  /** Direct downlines of the agent or of a member of its team (drill-down), or a team-wide search. */
  async members(
    agent: { id: bigint },
    query: { parent?: string; username?: string; pageNo: number; pageSize: number },
  ) {
    const { db } = this.deps;
    const pageNo = query.pageNo;
    const pageSize = query.pageSize;
    let parent = await this.requireMember(agent.id);
    if (query.parent) {
      const found = await hierarchyRepository.memberByPublicId(db, query.parent);
      // Someone outside the team is answered as not found: the agent learns nothing of other teams.
      if (!found || (await hierarchyRepository.depthBetween(db, agent.id, found.id)) === null) {
        throw new AppError('NOT_FOUND', 'no such member in the team');
      }
      parent = found;
    }
    const page = { offset: (pageNo - 1) * pageSize, limit: pageSize };
    const username = query.username?.trim();
    const result =
      username && !query.parent
        ? await hierarchyRepository.searchTeam(db, agent.id, { username, ...page })
        : await hierarchyRepository.directDownlines(db, parent.id, {
            username: username || undefined,
            ...page,
          });
    const contracts = await this.deps.contractsOf(result.rows.map((row) => row.id));
    const breadcrumb = await hierarchyRepository.pathBetween(db, agent.id, parent.id);
    return {
      list: result.rows.map((row) => ({
        publicId: row.publicId,
        username: row.username,
        type: row.type,
        isAgent: isAgentType(row.type),
        teamSize: row.teamSize,
        joinedAt: row.createdAt.toISOString(),
        status: row.status,
        contracts: contracts.get(row.id) ?? [],
      })),
      pageNo,
      pageSize,
      totalCount: result.total,
      totalPages: Math.ceil(result.total / pageSize),
      breadcrumb: breadcrumb.map((row) => ({ publicId: row.publicId, username: row.username })),
    };
  }

  /** Per member of the team over [from, to]: team betting, user profit and loss. */
  async teamBets(
    agent: { id: bigint },
    query: { from: string; to: string; pageNo: number; pageSize: number },
  ) {
    const { db, turnover } = this.deps;
    const [page, byCategory, total] = await Promise.all([
      turnover.teamMembersTotals(agent.id, query.from, query.to, {
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      }),
      turnover.teamByCategory(agent.id, query.from, query.to),
      turnover.teamTotals(agent.id, query.from, query.to),
    ]);
    const names = await hierarchyRepository.usernames(
      db,
      page.rows.map((row) => row.memberId),
    );
    return {
      list: page.rows.map((row) => ({
        publicId: names.get(row.memberId)?.publicId ?? '',
        username: names.get(row.memberId)?.username ?? '',
        validBet: formatMoney(row.validBet),
        payout: formatMoney(row.payout),
        profit: formatMoney(row.payout - row.validBet),
        bets: row.bets,
      })),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: page.total,
      totalPages: Math.ceil(page.total / query.pageSize),
      byCategory: byCategory.map((row) => ({
        category: row.category,
        validBet: formatMoney(row.validBet),
        payout: formatMoney(row.payout),
        profit: formatMoney(row.payout - row.validBet),
      })),
      total: {
        validBet: formatMoney(total.validBet),
        payout: formatMoney(total.payout),
        profit: formatMoney(total.payout - total.validBet),
        bets: total.bets,
      },
    };
  }

  /** Downline transaction details: the team's deposits, withdrawals and transfers over [from, to]. */
  async transactions(
    agent: { id: bigint },
    query: {
      from: string;
      to: string;
      kind?: TeamTransactionKind;
      username?: string;
      pageNo: number;
      pageSize: number;
    },
  ) {
    const username = query.username?.trim();
    const page = await teamTransactionsRepository.page(
      this.deps.db,
      agent.id,
      {
        from: siteDayStart(query.from),
        until: siteDayEnd(query.to),
        kind: query.kind,
        username: username || undefined,
      },
      { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
    );
    return {
      list: page.rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        username: row.username,
        amount: formatMoney(row.amount),
        status: row.status,
        detail: row.detail,
        at: row.at.toISOString(),
      })),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: page.total,
      totalPages: Math.ceil(page.total / query.pageSize),
    };
  }

  /** Whether `memberId` is `agentId` itself or in its team, and how many levels below. */
  depthBetween(agentId: bigint, memberId: bigint, db: Executor = this.deps.db): Promise<number | null> {
    return hierarchyRepository.depthBetween(db, agentId, memberId);
  }

  member(id: bigint, db: Executor = this.deps.db): Promise<MemberRef | null> {
    return hierarchyRepository.member(db, id);
  }

  memberByPublicId(publicId: string, db: Executor = this.deps.db): Promise<MemberRef | null> {
    return hierarchyRepository.memberByPublicId(db, publicId);
  }

  /**
   * The operator moves a member (with its whole team) below another agent, or to no upline. Audited in
   * the same transaction. Settled periods keep the figures they were paid on, and turnover already
   * recorded stays with the teams it was recorded for: only play from now on counts for the new upline.
   */
  async moveMember(
    actor: string,
    input: { member: string; upline: string | null },
    /** the staff member's reason (the back office's Players -> Actions), kept in the audit */
    options: { reason?: string } = {},
  ): Promise<{ member: string; from: string | null; to: string | null; ended: string[] }> {
    const { db } = this.deps;
    const moved = await hierarchyRepository.memberByUsername(db, input.member);
    if (!moved) throw new AppError('NOT_FOUND', `no member ${input.member}`);
    const upline =
      input.upline === null ? null : await hierarchyRepository.memberByUsername(db, input.upline);
    if (input.upline !== null) {
      if (!upline) throw new AppError('NOT_FOUND', `no member ${input.upline}`);
      if (!isAgentType(upline.type))
        throw new AppError('INVALID_STATE', `${upline.username} is not an agent`);
      if (upline.id === moved.id) throw new AppError('INVALID_STATE', 'a member cannot be its own upline');
      if ((await hierarchyRepository.depthBetween(db, moved.id, upline.id)) !== null) {
        throw new AppError('INVALID_STATE', `${upline.username} is in ${moved.username}'s own team`);
      }
    }
    const before = moved.uplineId === null ? null : await hierarchyRepository.member(db, moved.uplineId);
    if ((before?.id ?? null) === (upline?.id ?? null)) {
      return {
        member: moved.username,
        from: before?.username ?? null,
        to: upline?.username ?? null,
        ended: [],
      };
    }
    const ended = await db.transaction(async (tx) => {
      // The member module owns the row; the trigger moves the subtree in this same transaction.
      if (!(await setMemberUpline(tx, moved.id, upline?.id ?? null))) {
        throw new AppError('NOT_FOUND', `no member ${input.member}`);
      }
      const endedContracts = await this.deps.endExceedingAfterMove(tx, moved.id, actor);
      await this.deps.audit.record(
        actor,
        'agent.move-member',
        { member: moved.username },
        { from: before?.username ?? null, to: upline?.username ?? null, endedContracts },
        {
          tx,
          ...(options.reason === undefined ? {} : { reason: options.reason }),
          before: { upline: before?.username ?? null },
          after: { upline: upline?.username ?? null, endedContracts },
        },
      );
      return endedContracts;
    });
    return { member: moved.username, from: before?.username ?? null, to: upline?.username ?? null, ended };
  }

  private async requireMember(id: bigint): Promise<MemberRef> {
    const found = await hierarchyRepository.member(this.deps.db, id);
    if (!found) throw new AppError('NOT_FOUND', 'no such member');
    return found;
  }
}
