import { randomBytes } from 'node:crypto';
import {
  formatMoney,
  parseMoney,
  type CreateMissionBody,
  type Mission,
  type MissionKind,
  type MissionMetric,
} from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import { missionsRepository, type MissionRow } from './missions.repository.js';
import { periodOf, type SiteDays, type SitePeriod } from './periods.js';

/** What missions read of other modules, each through its index (handed in by this module's index). */
export interface ProgressSources {
  /** the agent module's turnover aggregate (ADR 046): settled valid bets and bet counts per day */
  play(
    memberId: bigint,
    fromDay: string,
    toDay: string,
    category: string | null,
    db: Executor,
  ): Promise<{
    validBet: bigint;
    bets: number;
  }>;
  /** the cashier's credited deposits in [from, until) */
  deposits(memberId: bigint, from: Date, until: Date): Promise<{ count: number; amount: bigint }>;
}

export interface MissionDeps {
  db: Database;
  clock: Clock;
  site: SiteDays;
  ledger: LedgerService;
  audit: AuditService;
  sources: ProgressSources;
}

const isMoney = (metric: string) => metric === 'valid_bet' || metric === 'deposit_amount';
const shown = (metric: string, value: bigint) => (isMoney(metric) ? formatMoney(value) : value.toString());
const titleIn = (title: Record<string, string>, language: string) => title[language] ?? title.en ?? '';

export const presentAdminMission = (row: MissionRow, claims = 0) => ({
  id: row.publicId,
  title: row.title,
  kind: row.kind as MissionKind,
  metric: row.metric as MissionMetric,
  category: row.category,
  target: shown(row.metric, row.target),
  reward: formatMoney(row.reward),
  active: row.active,
  claims,
});

/**
 * Missions (issue 15): the operator sets a target of valid bet, bets, deposits or deposited amount in a
 * day, a week or once; progress is read from the turnover aggregate and the cashier's credited deposits
 * whenever the member looks, and a reached target is claimed once per (member, mission, period): the
 * claim row is inserted in the transaction that pays the reward through the ledger under the key
 * mission:<member>:<mission>:<period>.
 */
export class MissionService {
  constructor(private readonly deps: MissionDeps) {}

  private periodFor(row: MissionRow, now: Date): SitePeriod {
    return periodOf(row.kind as MissionKind, this.deps.site.dayOf(now), this.deps.site, row.createdAt);
  }

  private async progressOf(memberId: bigint, row: MissionRow, period: SitePeriod, now: Date, db: Executor) {
    if (row.metric === 'valid_bet' || row.metric === 'bets') {
      const play = await this.deps.sources.play(memberId, period.fromDay, period.toDay, row.category, db);
      return row.metric === 'valid_bet' ? play.validBet : BigInt(play.bets);
    }
    const deposits = await this.deps.sources.deposits(
      memberId,
      period.start,
      period.end ?? new Date(now.getTime() + 1),
    );
    return row.metric === 'deposits' ? BigInt(deposits.count) : deposits.amount;
  }

  /** The member's active missions with their progress in the current period; `open`: ready to claim. */
  async list(member: AuthenticatedMember, language: string): Promise<{ list: Mission[]; open: number }> {
    const now = this.deps.clock.now();
    const rows = await missionsRepository.activeMissions(this.deps.db);
    const periods = rows.map((row) => this.periodFor(row, now));
    const claims = await missionsRepository.claimsOf(this.deps.db, member.id, [
      ...new Set(periods.map((period) => period.key)),
    ]);
    const claimed = new Set(claims.map((claim) => `${claim.missionId}|${claim.period}`));
    const list = await Promise.all(
      rows.map(async (row, index) => {
        const period = periods[index] as SitePeriod;
        const progress = await this.progressOf(member.id, row, period, now, this.deps.db);
        return this.present(row, period, progress, claimed.has(`${row.id}|${period.key}`), language);
      }),
    );
    return { list, open: list.filter((mission) => mission.status === 'claimable').length };
  }

  private present(
    row: MissionRow,
    period: SitePeriod,
    progress: bigint,
    claimed: boolean,
    language: string,
  ): Mission {
    return {
      id: row.publicId,
      title: titleIn(row.title, language),
      kind: row.kind as MissionKind,
      metric: row.metric as MissionMetric,
      category: row.category,
      target: shown(row.metric, row.target),
      progress: shown(row.metric, progress > row.target ? row.target : progress),
      reward: formatMoney(row.reward),
      status: claimed ? 'claimed' : progress >= row.target ? 'claimable' : 'in_progress',
      period: period.key,
      endsAt: period.end?.toISOString() ?? null,
    };
  }

  /** Pays a reached mission's reward once, whatever the number of concurrent claims. */
  async claim(member: AuthenticatedMember, publicId: string, language: string): Promise<Mission> {
    const now = this.deps.clock.now();
    const row = await missionsRepository.missionByPublicId(this.deps.db, publicId);
    if (!row || !row.active) throw notFound('mission');
    const period = this.periodFor(row, now);
    const memberIds = await this.deps.db.transaction(async (tx) => {
      const progress = await this.progressOf(member.id, row, period, now, tx);
      if (progress < row.target) {
        throw new AppError('INVALID_STATE', 'the mission is not complete yet', undefined, {
          status: 'in_progress',
        });
      }
      const key = { missionId: row.id, memberId: member.id, period: period.key };
      const inserted = await missionsRepository.insertClaim(tx, {
        ...key,
        reward: row.reward,
        claimedAt: now,
      });
      if (!inserted) throw new AppError('ALREADY_CLAIMED', 'already claimed');
      const result = await this.deps.ledger.transfer(tx, {
        idempotencyKey: `mission:${member.id}:${row.publicId}:${period.key}`,
        kind: 'bonus',
        currency: 'REAL',
        legs: [
          { account: accountCodes.house, amount: -row.reward },
          { account: accountCodes.memberMain(member.id), amount: row.reward },
        ],
        reference: row.publicId,
        memo: `mission ${row.publicId} ${period.key}`,
        actor: `member:${member.publicId}`,
      });
      await missionsRepository.setClaimTransfer(tx, key, result.transferId);
      return result.memberIds;
    });
    this.deps.ledger.publishBalances(memberIds);
    return this.present(row, period, row.target, true, language);
  }

  /** Recent claims, for the reward centre. */
  claimsOf(memberId: bigint) {
    return missionsRepository.recentClaims(this.deps.db, memberId);
  }

  async adminList() {
    return (await missionsRepository.allMissions(this.deps.db)).map((row) =>
      presentAdminMission(row, row.claims),
    );
  }

  async create(by: Actor, body: Required<Omit<CreateMissionBody, 'category'>> & { category: string | null }) {
    const now = this.deps.clock.now();
    const target = isMoney(body.metric) ? parseMoney(body.target) : BigInt(body.target);
    return this.deps.db.transaction(async (tx) => {
      const row = await missionsRepository.insertMission(tx, {
        publicId: `mis_${randomBytes(8).toString('hex')}`,
        title: body.title,
        kind: body.kind,
        metric: body.metric,
        category: body.category,
        target,
        reward: parseMoney(body.reward),
        createdAt: now,
      });
      await this.deps.audit.record(
        by,
        'missions add',
        { mission: row.publicId },
        {
          kind: row.kind,
          metric: row.metric,
          category: row.category,
          target: body.target,
          reward: body.reward,
        },
        { tx, at: now },
      );
      return presentAdminMission(row);
    });
  }

  async setActive(by: Actor, publicId: string, active: boolean) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      if (!(await missionsRepository.setMissionActive(tx, publicId, active))) throw notFound('mission');
      await this.deps.audit.record(
        by,
        active ? 'missions enable' : 'missions disable',
        { mission: publicId },
        {},
        { tx, at: now },
      );
      const row = await missionsRepository.missionByPublicId(tx, publicId);
      if (!row) throw notFound('mission');
      return presentAdminMission(row);
    });
  }
}
