import {
  formatMoney,
  isAgentType,
  parseMoney,
  type AgentContract,
  type AgentContractKind,
  type AgentCycle,
  type AgentTier,
  type Settings,
} from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Rng } from '../../lib/rng.js';
import type { AuditService } from '../audit/index.js';
import { contractRepository, type ContractRow, type StoredTier } from './contract.repository.js';
import { hierarchyRepository, type MemberRef } from './hierarchy.repository.js';
import { topRate, type Tier } from './payout.js';
import { nextWholePeriodStart } from './periods.js';
import { siteDayOf, type TurnoverService } from './turnover.service.js';

/** The setting that switches each kind on. */
export const kindSetting = {
  dividend: 'agent.contracts.dividend',
  daily_wage: 'agent.contracts.dailyWage',
  hourly_salary: 'agent.contracts.hourlySalary',
  realtime_salary: 'agent.contracts.realtimeSalary',
} as const satisfies Record<AgentContractKind, keyof Settings>;

/** The period each kind is settled by; a dividend chooses among these. */
const fixedCycle: Record<Exclude<AgentContractKind, 'dividend'>, AgentCycle> = {
  daily_wage: 'daily',
  hourly_salary: 'hourly',
  realtime_salary: 'five_minutes',
};
const dividendCycles: readonly AgentCycle[] = ['daily', 'weekly', 'semimonthly', 'monthly'];

export const tiersOf = (stored: readonly StoredTier[]): Tier[] =>
  stored.map((tier) => ({ min: BigInt(tier.min), minActive: tier.minActive, rateBp: tier.rateBp }));

const storedTiers = (tiers: readonly Tier[]): StoredTier[] =>
  tiers.map((tier) => ({ min: tier.min.toString(), minActive: tier.minActive, rateBp: tier.rateBp }));

export function presentContract(row: ContractRow): AgentContract {
  return {
    id: row.publicId,
    kind: row.kind,
    cycle: row.cycle,
    tiers: row.tiers.map((tier) => ({
      min: formatMoney(BigInt(tier.min)),
      minActive: tier.minActive,
      rateBp: tier.rateBp,
    })),
    status: row.status,
    upline: row.uplineName,
    downline: row.downlineName,
    offeredAt: row.offeredAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
    effectiveFrom: row.effectiveFrom?.toISOString() ?? null,
    terminatedAt: row.terminatedAt?.toISOString() ?? null,
    terminationReason: row.terminationReason,
  };
}

export interface ContractDeps {
  db: Database;
  clock: Clock;
  rng: Rng;
  audit: AuditService;
  turnover: TurnoverService;
  settings: () => Promise<Settings>;
}

/**
 * Contracts between an upline and a downline agent (SPEC sections 3 and 4; ADR 047): offered by the
 * upline (or the operator, for agents at the top), accepted or rejected by the downline, terminated by
 * either. Every step is recorded with who and when on the row, and audited.
 */
export class ContractService {
  constructor(private readonly deps: ContractDeps) {}

  async enabledKinds(): Promise<AgentContractKind[]> {
    const settings = await this.deps.settings();
    return (Object.keys(kindSetting) as AgentContractKind[]).filter((kind) => settings[kindSetting[kind]]);
  }

  async list(agent: { id: bigint }, kind?: AgentContractKind) {
    const { db } = this.deps;
    const [enabledKinds, asDownline, asUpline] = await Promise.all([
      this.enabledKinds(),
      contractRepository.listFor(db, agent.id, 'downline', kind),
      contractRepository.listFor(db, agent.id, 'upline', kind),
    ]);
    return {
      enabledKinds,
      asDownline: asDownline.map(presentContract),
      asUpline: asUpline.map(presentContract),
    };
  }

  /** An agent offers a contract to one of its direct downline agents. */
  async offer(
    agent: { id: bigint; publicId: string },
    input: { downline: string; kind: AgentContractKind; cycle?: AgentCycle; tiers: AgentTier[] },
  ): Promise<AgentContract> {
    const { db } = this.deps;
    const downline = await hierarchyRepository.memberByPublicId(db, input.downline);
    if (!downline || downline.uplineId !== agent.id) {
      throw new AppError('NOT_FOUND', 'no such direct downline', [
        { path: 'downline', message: 'validation.notDirectDownline' },
      ]);
    }
    const tiers = this.checkTiers(input.tiers);
    const mine = await this.withinOwnRate(db, agent.id, input.kind, tiers, input.cycle);
    return this.create(
      `member:${agent.publicId}`,
      agent.id,
      downline,
      input.kind,
      input.cycle ?? (input.kind === 'dividend' ? mine.cycle : undefined),
      tiers,
    );
  }

  /**
   * An agent may offer at most its own active contract's top rate of the same kind and, for a dividend,
   * only its own cycle: a chain shares its periods, so each agent's deduction is its downline's gross for
   * the very same period (ADR 093). Answers the agent's own contract.
   */
  private async withinOwnRate(
    db: Executor,
    agentId: bigint,
    kind: AgentContractKind,
    tiers: Tier[],
    cycle: AgentCycle | undefined,
  ): Promise<ContractRow> {
    const mine = await contractRepository.ofDownline(db, agentId, kind, 'active');
    if (!mine) {
      throw new AppError('INVALID_STATE', 'you hold no active contract of this kind to share');
    }
    this.fitsUnder(mine, kind, tiers, cycle);
    return mine;
  }

  /** A contract of `kind` may sit under `above` (the nearest contracted agent above it) or says why not. */
  private fitsUnder(
    above: ContractRow,
    kind: AgentContractKind,
    tiers: Tier[],
    cycle: AgentCycle | undefined,
  ) {
    if (topRate(tiers) > topRate(tiersOf(above.tiers))) {
      throw new AppError(
        'VALIDATION_FAILED',
        `a downline's rate may not exceed its upline's (${above.downlineName}'s top rate is ${topRate(tiersOf(above.tiers))} bp)`,
        [{ path: 'tiers', message: 'validation.rateAboveUpline' }],
      );
    }
    if (kind === 'dividend' && cycle !== undefined && cycle !== above.cycle) {
      throw new AppError(
        'VALIDATION_FAILED',
        `a dividend below ${above.downlineName}'s is settled ${above.cycle}, as theirs is`,
        [{ path: 'cycle', message: 'validation.cycleOfUpline' }],
      );
    }
  }

  /**
   * The contract an invite link will offer (registerCenter): the same checks as an offer to an existing
   * downline, made when the link is made. Returns it as stored on the link.
   */
  async checkInviteOffer(
    agent: { id: bigint },
    input: { kind: AgentContractKind; cycle?: AgentCycle; tiers: AgentTier[] },
  ): Promise<{ kind: AgentContractKind; cycle: AgentCycle; tiers: StoredTier[] }> {
    const settings = await this.deps.settings();
    if (!settings[kindSetting[input.kind]]) {
      throw new AppError('FEATURE_DISABLED', 'this contract kind is off');
    }
    const tiers = this.checkTiers(input.tiers);
    const mine = await this.withinOwnRate(this.deps.db, agent.id, input.kind, tiers, input.cycle);
    const cycle = this.cycleOf(
      input.kind,
      input.cycle ?? (input.kind === 'dividend' ? mine.cycle : undefined),
    );
    return { kind: input.kind, cycle, tiers: storedTiers(tiers) };
  }

  /**
   * In the registration's transaction: the invite link's offer to the agent who just registered through
   * it. When the upline's own contract no longer covers the rate, no offer is made (the sign-up stands).
   */
  async offerOnSignup(
    tx: Executor,
    upline: MemberRef,
    downline: { id: bigint; username: string },
    offer: { kind: AgentContractKind; cycle: AgentCycle; tiers: StoredTier[] },
  ): Promise<string | null> {
    try {
      await this.withinOwnRate(tx, upline.id, offer.kind, tiersOf(offer.tiers), offer.cycle);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
    const actor = `member:${upline.publicId}`;
    const publicId = newId(this.deps.rng, 'ctr');
    await contractRepository.insert(tx, {
      publicId,
      uplineId: upline.id,
      downlineId: downline.id,
      kind: offer.kind,
      cycle: offer.cycle,
      tiers: offer.tiers,
      offeredBy: actor,
      offeredAt: this.deps.clock.now(),
    });
    await this.deps.audit.record(
      actor,
      'agent.contract-offer',
      { contract: publicId, downline: downline.username },
      { kind: offer.kind, cycle: offer.cycle, tiers: offer.tiers, via: 'invite-link' },
      { tx },
    );
    return publicId;
  }

  /** The operator offers a contract to an agent (the top of a contract chain). */
  async offerByOperator(
    actor: string,
    input: { downline: string; kind: AgentContractKind; cycle?: AgentCycle; tiers: AgentTier[] },
  ): Promise<AgentContract> {
    const downline = await hierarchyRepository.memberByUsername(this.deps.db, input.downline);
    if (!downline) throw new AppError('NOT_FOUND', `no member ${input.downline}`);
    const tiers = this.checkTiers(input.tiers);
    // An agent in the middle of a contracted chain (ADR 093): the contract sits under the nearest
    // contracted agent above, so it may not pay more than that agent's rate, and a dividend keeps its
    // cycle; the agent above is then charged this contract's gross (differential pay).
    const above = await contractRepository.nearestActiveAbove(this.deps.db, downline.id, input.kind);
    const cycle = input.cycle ?? (above && input.kind === 'dividend' ? above.cycle : undefined);
    if (above) this.fitsUnder(above, input.kind, tiers, cycle);
    return this.create(actor, null, downline, input.kind, cycle, tiers);
  }

  /**
   * For the operator's offer: the contracted agent above the contract, if any (it is charged this
   * contract's gross), and the contracts in the team that accepting it would end.
   */
  async placement(publicId: string): Promise<{ under: string | null; wouldTerminate: AgentContract[] }> {
    const { db } = this.deps;
    const contract = await contractRepository.byPublicId(db, publicId);
    if (!contract) throw new AppError('NOT_FOUND', 'no such contract');
    const above = await contractRepository.nearestActiveAbove(db, contract.downlineId, contract.kind);
    return {
      under: above?.downlineName ?? null,
      wouldTerminate: (await this.wouldTerminate(db, contract)).map(presentContract),
    };
  }

  /** The downline contracts that accepting this offer would end (their top rate is above its own). */
  async preview(agent: { id: bigint }, publicId: string): Promise<{ wouldTerminate: AgentContract[] }> {
    const contract = await this.forDownline(agent, publicId);
    return { wouldTerminate: (await this.wouldTerminate(this.deps.db, contract)).map(presentContract) };
  }

  async accept(
    agent: { id: bigint; publicId: string },
    publicId: string,
  ): Promise<{ contract: AgentContract; terminatedDownlineContracts: string[] }> {
    const { db, clock } = this.deps;
    await this.forDownline(agent, publicId);
    const actor = `member:${agent.publicId}`;
    const settings = await this.deps.settings();
    const result = await db.transaction(async (tx) => {
      const contract = await contractRepository.byPublicId(tx, publicId, true);
      if (!contract || contract.status !== 'offered') {
        throw new AppError('INVALID_STATE', 'the offer is no longer open');
      }
      const now = clock.now();
      if (!settings[kindSetting[contract.kind]])
        throw new AppError('FEATURE_DISABLED', 'this contract kind is off');
      // The chain may have changed since the offer: it must still fit under the contract above.
      const above = await contractRepository.nearestActiveAbove(tx, contract.downlineId, contract.kind);
      if (above) {
        try {
          this.fitsUnder(above, contract.kind, tiersOf(contract.tiers), contract.cycle);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          throw new AppError(
            'INVALID_STATE',
            `the offer no longer fits the contract above: ${error.message}`,
          );
        }
      }
      const ended = await this.wouldTerminate(tx, contract);
      for (const row of ended) {
        await contractRepository.terminate(tx, row.id, { by: actor, at: now, reason: 'upline_rate_lowered' });
      }
      const previous = await contractRepository.ofDownline(tx, contract.downlineId, contract.kind, 'active');
      if (previous) {
        await contractRepository.terminate(tx, previous.id, { by: actor, at: now, reason: 'replaced' });
      }
      await contractRepository.respond(tx, contract.id, {
        status: 'active',
        by: actor,
        at: now,
        effectiveFrom: nextWholePeriodStart(contract.cycle, now),
      });
      if (contract.kind === 'hourly_salary' || contract.kind === 'realtime_salary') {
        // Salaries pay on turnover recorded after this moment (ADR 047).
        const today = siteDayOf(now);
        const totals = await this.deps.turnover.teamTotals(contract.downlineId, today, today, tx);
        await contractRepository.setBasis(tx, contract.id, {
          day: today,
          validBet: totals.validBet.toString(),
        });
      }
      await this.deps.audit.record(
        actor,
        'agent.contract-accept',
        { contract: contract.publicId },
        {
          kind: contract.kind,
          ended: ended.map((row) => row.publicId),
          replaced: previous?.publicId ?? null,
        },
        { tx },
      );
      return { id: contract.id, ended: ended.map((row) => row.publicId) };
    });
    const row = await contractRepository.byId(db, result.id);
    if (!row) throw new Error('accepted contract vanished');
    return { contract: presentContract(row), terminatedDownlineContracts: result.ended };
  }

  async reject(agent: { id: bigint; publicId: string }, publicId: string): Promise<AgentContract> {
    const { db, clock } = this.deps;
    await this.forDownline(agent, publicId);
    const actor = `member:${agent.publicId}`;
    const id = await db.transaction(async (tx) => {
      const contract = await contractRepository.byPublicId(tx, publicId, true);
      if (!contract || contract.status !== 'offered') {
        throw new AppError('INVALID_STATE', 'the offer is no longer open');
      }
      await contractRepository.respond(tx, contract.id, {
        status: 'rejected',
        by: actor,
        at: clock.now(),
        effectiveFrom: null,
      });
      await this.deps.audit.record(actor, 'agent.contract-reject', { contract: publicId }, {}, { tx });
      return contract.id;
    });
    return presentContract((await contractRepository.byId(db, id)) as ContractRow);
  }

  /** Either side ends a contract (or the upline withdraws its offer). Settled periods stay as they are. */
  async terminate(agent: { id: bigint; publicId: string }, publicId: string): Promise<AgentContract> {
    const { db, clock } = this.deps;
    const contract = await contractRepository.byPublicId(db, publicId);
    if (!contract || (contract.uplineId !== agent.id && contract.downlineId !== agent.id)) {
      throw new AppError('NOT_FOUND', 'no such contract');
    }
    return this.end(`member:${agent.publicId}`, contract, clock.now());
  }

  async terminateByOperator(actor: string, publicId: string): Promise<AgentContract> {
    const contract = await contractRepository.byPublicId(this.deps.db, publicId);
    if (!contract) throw new AppError('NOT_FOUND', 'no such contract');
    return this.end(actor, contract, this.deps.clock.now());
  }

  private async end(actor: string, contract: ContractRow, now: Date): Promise<AgentContract> {
    const { db } = this.deps;
    if (contract.status !== 'active' && contract.status !== 'offered') {
      throw new AppError('INVALID_STATE', 'the contract has already ended');
    }
    await db.transaction(async (tx) => {
      await contractRepository.terminate(tx, contract.id, { by: actor, at: now, reason: 'terminated' });
      await this.deps.audit.record(
        actor,
        'agent.contract-terminate',
        { contract: contract.publicId },
        {},
        { tx },
      );
    });
    return presentContract((await contractRepository.byId(db, contract.id)) as ContractRow);
  }

  private async forDownline(agent: { id: bigint }, publicId: string): Promise<ContractRow> {
    const contract = await contractRepository.byPublicId(this.deps.db, publicId);
    if (!contract || contract.downlineId !== agent.id) throw new AppError('NOT_FOUND', 'no such contract');
    return contract;
  }

  /**
   * In a move's transaction: the moved member's contracts and its team's that now pay above the nearest
   * contracted agent over them (or, for a dividend, are off its cycle) end, as a lower rate's would.
   */
  async endExceedingAfterMove(tx: Executor, memberId: bigint, actor: string): Promise<string[]> {
    const ended: ContractRow[] = [];
    for (const kind of Object.keys(kindSetting) as AgentContractKind[]) {
      const above = await contractRepository.nearestActiveAbove(tx, memberId, kind);
      if (!above) continue;
      const own = await contractRepository.ofDownline(tx, memberId, kind, 'active');
      const team = await contractRepository.activeInTeam(tx, memberId, kind);
      ended.push(...(await this.cascade(tx, above.downlineId, above, own ? [own, ...team] : team)));
    }
    const now = this.deps.clock.now();
    for (const row of ended)
      await contractRepository.terminate(tx, row.id, { by: actor, at: now, reason: 'upline_rate_lowered' });
    return ended.map((row) => row.publicId);
  }

  private exceeds(row: ContractRow, limit: ContractRow): boolean {
    return (
      topRate(tiersOf(row.tiers)) > topRate(tiersOf(limit.tiers)) ||
      (row.kind === 'dividend' && row.cycle !== limit.cycle)
    );
  }

  /**
   * The contracts in the team that accepting `contract` would end (ADR 093), top-down: every contract
   * whose top rate is above its nearest surviving contracted ancestor's (or, for a dividend, whose cycle
   * is not its own), at any depth, with agents without a contract between them.
   */
  private wouldTerminate(db: Executor, contract: ContractRow): Promise<ContractRow[]> {
    return this.exceedingBelow(db, contract.downlineId, contract);
  }

  /** The contracts in `agentId`'s team (itself excluded) that end under `limit` held at `agentId`. */
  private async exceedingBelow(db: Executor, agentId: bigint, limit: ContractRow): Promise<ContractRow[]> {
    return this.cascade(db, agentId, limit, await contractRepository.activeInTeam(db, agentId, limit.kind));
  }

  /**
   * Of `team` (contracts below `agentId`, nearest first), those that end under `contract` held at
   * `agentId`, top-down: each is judged against its nearest surviving contracted ancestor.
   */
  private async cascade(
    db: Executor,
    agentId: bigint,
    contract: ContractRow,
    team: readonly ContractRow[],
  ): Promise<ContractRow[]> {
    if (team.length === 0) return [];
    const nearestAbove = await contractRepository.nearestAmong(db, [
      agentId,
      ...team.map((row) => row.downlineId),
    ]);
    const surviving = new Map<bigint, ContractRow>([[agentId, contract]]);
    const ended: ContractRow[] = [];
    // Nearest first: every agent's contracted ancestors are decided before it.
    for (const row of team) {
      let above = nearestAbove.get(row.downlineId);
      while (above !== undefined && !surviving.has(above)) above = nearestAbove.get(above);
      const limit = above === undefined ? contract : (surviving.get(above) as ContractRow);
      if (this.exceeds(row, limit)) ended.push(row);
      else surviving.set(row.downlineId, row);
    }
    return ended;
  }

  private checkTiers(tiers: AgentTier[]): Tier[] {
    return tiers.map((tier) => ({
      min: parseMoney(tier.min),
      minActive: tier.minActive,
      rateBp: tier.rateBp,
    }));
  }

  private async create(
    actor: string,
    uplineId: bigint | null,
    downline: MemberRef,
    kind: AgentContractKind,
    cycle: AgentCycle | undefined,
    tiers: Tier[],
  ): Promise<AgentContract> {
    const { db, clock, rng } = this.deps;
    const settings = await this.deps.settings();
    if (!settings[kindSetting[kind]]) throw new AppError('FEATURE_DISABLED', 'this contract kind is off');
    if (!isAgentType(downline.type)) {
      throw new AppError('INVALID_STATE', 'contracts are for agents', [
        { path: 'downline', message: 'validation.notAnAgent' },
      ]);
    }
    const chosen = this.cycleOf(kind, cycle);
    const publicId = newId(rng, 'ctr');
    const stored = storedTiers(tiers);
    await db.transaction(async (tx) => {
      if (await contractRepository.ofDownline(tx, downline.id, kind, 'offered')) {
        throw new AppError('INVALID_STATE', 'an offer of this kind is already waiting for an answer');
      }
      await contractRepository.insert(tx, {
        publicId,
        uplineId,
        downlineId: downline.id,
        kind,
        cycle: chosen,
        tiers: stored,
        offeredBy: actor,
        offeredAt: clock.now(),
      });
      await this.deps.audit.record(
        actor,
        'agent.contract-offer',
        { contract: publicId, downline: downline.username },
        { kind, cycle: chosen, tiers: stored },
        { tx },
      );
    });
    return presentContract((await contractRepository.byPublicId(db, publicId)) as ContractRow);
  }

  private cycleOf(kind: AgentContractKind, cycle: AgentCycle | undefined): AgentCycle {
    const chosen = kind === 'dividend' ? (cycle ?? 'monthly') : fixedCycle[kind];
    if (kind === 'dividend' ? !dividendCycles.includes(chosen) : cycle !== undefined && cycle !== chosen) {
      throw new AppError('VALIDATION_FAILED', `a ${kind} contract is settled ${chosen}`, [
        { path: 'cycle', message: 'validation.contractCycle' },
      ]);
    }
    return chosen;
  }

  /** For the team list: the live and offered contracts each member holds. */
  async contractsOf(memberIds: readonly bigint[]) {
    const rows = await contractRepository.contractsOf(this.deps.db, memberIds);
    const map = new Map<
      bigint,
      { kind: AgentContractKind; status: 'offered' | 'active' | 'rejected' | 'terminated' }[]
    >();
    for (const row of rows)
      map.set(row.memberId, [...(map.get(row.memberId) ?? []), { kind: row.kind, status: row.status }]);
    return map;
  }
}
