import {
  formatMoney,
  parseMoney,
  type AgentContractKind,
  type AgentCycle,
  type Settings,
} from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Period } from '../../lib/scheduler.js';
import type { AuditService } from '../audit/index.js';
import { accountCodes, siteDayEnd, siteDayStart, type LedgerService } from '../wallet/index.js';
import { kindSetting, tiersOf } from './contract.service.js';
import { contractRepository, type ContractRow, type SettlementRow } from './contract.repository.js';
import { atRate, dividendBase, tierFor, treePay } from './payout.js';
import { periodsBetween, type ContractPeriod } from './periods.js';
import { siteDayOf, type TurnoverService } from './turnover.service.js';

/** Periods end this long before they are settled: the turnover feed has counted their last rounds. */
export const SETTLE_LAG_MS = 3 * 60_000;
/** At most this many periods of one contract per run (a long-stopped server catches up over runs). */
const MAX_PERIODS_PER_RUN = 400;

type Figures = Record<string, string | number | null>;

interface Computed {
  contract: ContractRow;
  amount: bigint;
  figures: Figures;
  /** salaries: the basis the next period counts from */
  nextBasis?: { day: string; validBet: string };
}

export interface SettlementDeps {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  audit: AuditService;
  turnover: TurnoverService;
  settings: () => Promise<Settings>;
}

/**
 * Pays contracts period by period (ADR 047). Each (contract, period) is a row claimed by insert in the
 * transaction that pays it through the ledger (idempotency key agent-pay:<contract>:<period>), so two
 * servers never pay a period twice and a re-run changes nothing; a period's contracts are claimed and
 * paid together, in one transaction (ADR 069 for salaries, ADR 071 for the day kinds). Day-based kinds (dividend, daily wage)
 * catch up every missed period in order; salaries (hourly, real-time) pay on the turnover recorded since
 * their last settlement, so a missed period's play is paid by the next one.
 */
export class SettlementService {
  constructor(private readonly deps: SettlementDeps) {}

  /**
   * Dividends and daily wages: every period of every contract that ended by now less SETTLE_LAG_MS.
   * The periods are settled oldest first, each for all its contracts in one batch (ADR 071): a
   * dividend's carry is read from its previous period, which is committed by then.
   */
  async settleDayKinds(now: Date = this.deps.clock.now()): Promise<Record<string, number>> {
    const settings = await this.deps.settings();
    const outcome: Record<string, number> = {};
    for (const kind of ['daily_wage', 'dividend'] as const) {
      if (!settings[kindSetting[kind]]) continue;
      const until = new Date(now.getTime() - SETTLE_LAG_MS);
      const contracts = await contractRepository.activeOfKind(this.deps.db, kind, until);
      // The contracts due in each period: contracts of one cycle share its periods.
      const due = new Map<string, { period: ContractPeriod; contracts: ContractRow[] }>();
      // A contract that has more periods due than one run takes: no period after its last one taken
      // is settled in this run, so every period settled has all its contracts in its batch (a batch
      // deducts a downline's gross for the very period, ADR 093).
      let horizon = until.getTime();
      for (const contract of contracts) {
        const last = await contractRepository.lastSettlement(this.deps.db, contract.id);
        const from = last ? last.periodEnd : (contract.effectiveFrom as Date);
        const periods = periodsBetween(contract.cycle, from, until, MAX_PERIODS_PER_RUN);
        const lastTaken = periods.at(-1);
        if (periods.length === MAX_PERIODS_PER_RUN && lastTaken)
          horizon = Math.min(horizon, lastTaken.end.getTime());
        for (const period of periods) {
          const at = `${period.start.toISOString()}/${period.end.toISOString()}`;
          const entry = due.get(at) ?? { period, contracts: [] };
          entry.contracts.push(contract);
          due.set(at, entry);
        }
      }
      const inOrder = [...due.values()]
        .filter(({ period }) => period.end.getTime() <= horizon)
        .sort(
          (x, y) =>
            x.period.start.getTime() - y.period.start.getTime() ||
            x.period.end.getTime() - y.period.end.getTime(),
        );
      let settled = 0;
      for (const { period, contracts: ofPeriod } of inOrder) {
        const computed = await this.computeDayBatch(kind, ofPeriod, period, settings);
        settled += await this.payPeriod(computed, period, settings);
      }
      outcome[kind] = settled;
    }
    return outcome;
  }

  /**
   * One salary period (the scheduler's 5 minutes or hour) for every contract of the kind: all the
   * figures are read first, so each agent's deduction is its downlines' pay of the very same reading.
   */
  async settleSalaryPeriod(
    kind: 'hourly_salary' | 'realtime_salary',
    period: Period,
  ): Promise<Record<string, number>> {
    const settings = await this.deps.settings();
    if (!settings[kindSetting[kind]]) return { skipped: 1 };
    const { db, turnover } = this.deps;
    const contracts = (await contractRepository.activeOfKind(db, kind, period.start)).filter(
      (contract) => contract.basis !== null,
    );
    const today = siteDayOf(new Date(period.end.getTime() - 1));
    const minActive = parseMoney(settings['agent.activeMinValidBet']);
    const own = new Map<
      bigint,
      { gross: bigint; figures: Figures; nextBasis: { day: string; validBet: string } }
    >();
    // One statement for every contract's figures, one transaction for every payment (the bench: 10,000
    // agents in a 5-minute period; one round trip per contract was minutes, not seconds).
    const figuresOf = await turnover.salaryFigures(
      contracts.map((contract) => ({
        contractId: contract.id,
        agentId: contract.downlineId,
        fromDay: (contract.basis as { day: string; validBet: string }).day,
      })),
      today,
      minActive,
    );
    for (const contract of contracts) {
      const basis = contract.basis as { day: string; validBet: string };
      const found = figuresOf.get(contract.id) ?? { since: 0n, today: 0n, active: 0 };
      const counted = found.since - BigInt(basis.validBet);
      const validBet = counted > 0n ? counted : 0n;
      const choice = tierFor(tiersOf(contract.tiers), validBet, found.active);
      const gross = atRate(validBet, choice.rateBp);
      own.set(contract.id, {
        gross,
        nextBasis: { day: today, validBet: found.today.toString() },
        figures: {
          teamValidBet: formatMoney(validBet),
          activeMembers: found.active,
          tier: choice.tier,
          rateBp: choice.rateBp,
          gross: formatMoney(gross),
        },
      });
    }
    // Differential pay down the tree: an agent without a salary contract between two that hold one is
    // transparent (ADR 093).
    const nearestAbove = await contractRepository.nearestAmong(
      db,
      contracts.map((contract) => contract.downlineId),
    );
    const pay = treePay(
      contracts.map((contract) => ({
        agentId: contract.downlineId,
        gross: own.get(contract.id)?.gross ?? 0n,
      })),
      nearestAbove,
    );
    const computed: Computed[] = [];
    for (const contract of contracts) {
      const mine = own.get(contract.id);
      const paid = pay.get(contract.downlineId);
      if (!mine || !paid) continue;
      computed.push({
        contract,
        amount: paid.amount,
        nextBasis: mine.nextBasis,
        figures: {
          ...mine.figures,
          downlineDeductions: formatMoney(paid.deductions),
          amount: formatMoney(paid.amount),
        },
      });
    }
    const paidTo = await db.transaction(async (tx) => {
      // Claimed here, or by another server already: only what this call claimed moves its basis and pays.
      const claimed = await contractRepository.claimSettlements(
        tx,
        computed.map((row) => ({
          contractId: row.contract.id,
          agentId: row.contract.downlineId,
          kind: row.contract.kind,
          periodKey: period.key,
          periodStart: period.start,
          periodEnd: period.end,
          amount: row.amount,
          status: row.amount === 0n ? 'zero' : 'paid',
          figures: row.figures,
          settledAt: this.deps.clock.now(),
        })),
      );
      await contractRepository.setBases(
        tx,
        computed.flatMap((row) =>
          claimed.has(row.contract.id) && row.nextBasis
            ? [{ id: row.contract.id, basis: row.nextBasis }]
            : [],
        ),
      );
      const paying = computed.filter((row) => claimed.has(row.contract.id) && row.amount > 0n);
      const credited = await this.payBatch(tx, paying, period.key);
      return { settled: claimed.size, memberIds: credited.memberIds };
    });
    this.deps.ledger.publishBalances(paidTo.memberIds);
    return { settled: paidTo.settled };
  }

  /** A period's payments in one ledger batch, each under its contract's pay key. */
  private async payBatch(
    tx: Executor,
    paying: { contract: { publicId: string; downlineId: bigint }; amount: bigint }[],
    periodKey: string,
  ): Promise<{ memberIds: bigint[] }> {
    if (paying.length === 0) return { memberIds: [] };
    return this.deps.ledger.creditBatch(tx, {
      kind: 'agent_commission',
      currency: 'REAL',
      from: accountCodes.agentCommission,
      memo: periodKey,
      actor: 'system:agent-settlement',
      items: contractRepository.payItems(
        paying.map((row) => ({
          contractPublicId: row.contract.publicId,
          agentId: row.contract.downlineId,
          amount: row.amount,
        })),
        periodKey,
      ),
    });
  }

  /** The operator approves a dividend waiting for approval (optionally another amount); audited. */
  async approve(actor: string, settlementId: bigint, amount?: bigint): Promise<SettlementRow> {
    const { db } = this.deps;
    const result = await db.transaction(async (tx) => {
      const row = await contractRepository.settlementById(tx, settlementId, true);
      if (!row) throw new AppError('NOT_FOUND', 'no such settlement');
      if (row.status !== 'pending_approval')
        throw new AppError('INVALID_STATE', `the settlement is ${row.status}`);
      const paid = amount ?? row.amount;
      if (paid < 0n) throw new AppError('VALIDATION_FAILED', 'the amount must not be negative');
      const moved =
        paid > 0n
          ? await this.transfer(tx, row.contractPublicId, row.periodKey, row.agentId, paid, actor)
          : [];
      await contractRepository.decide(tx, row.id, 'paid', actor, paid);
      await this.deps.audit.record(
        actor,
        'agent.settlement-approve',
        { settlement: row.id.toString(), contract: row.contractPublicId, period: row.periodKey },
        { computed: formatMoney(row.amount), paid: formatMoney(paid) },
        { tx },
      );
      return { id: row.id, moved };
    });
    this.deps.ledger.publishBalances(result.moved);
    return (await contractRepository.settlementById(db, result.id)) as SettlementRow;
  }

  async reject(actor: string, settlementId: bigint): Promise<SettlementRow> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const row = await contractRepository.settlementById(tx, settlementId, true);
      if (!row) throw new AppError('NOT_FOUND', 'no such settlement');
      if (row.status !== 'pending_approval')
        throw new AppError('INVALID_STATE', `the settlement is ${row.status}`);
      await contractRepository.decide(tx, row.id, 'rejected', actor, row.amount);
      await this.deps.audit.record(
        actor,
        'agent.settlement-reject',
        { settlement: row.id.toString(), contract: row.contractPublicId, period: row.periodKey },
        { computed: formatMoney(row.amount) },
        { tx },
      );
    });
    return (await contractRepository.settlementById(db, settlementId)) as SettlementRow;
  }

  /**
   * A day-kind contract's own figures for a period: its team's totals, the dividend's carry (from its
   * previous period, committed by then), the tier and the gross, before any deduction.
   */
  private async computeOwn(
    contract: ContractRow,
    period: ContractPeriod,
    settings: Settings,
    withCarry: boolean,
  ): Promise<{ gross: bigint; figures: Figures }> {
    const { db, turnover } = this.deps;
    const minActive = parseMoney(settings['agent.activeMinValidBet']);
    const [totals, active] = await Promise.all([
      turnover.teamTotals(contract.downlineId, period.fromDay, period.toDay),
      turnover.activeMembers(contract.downlineId, period.fromDay, period.toDay, minActive),
    ]);
    const netLoss = totals.validBet - totals.payout;
    let figure: bigint;
    let carry: { carryIn: bigint; carryOut: bigint } | null = null;
    if (contract.kind === 'dividend') {
      const last = withCarry ? await contractRepository.lastSettlement(db, contract.id) : null;
      const carryIn =
        last && typeof last.figures.carryOut === 'string' ? parseMoney(last.figures.carryOut) : 0n;
      const result = dividendBase(netLoss, carryIn, settings['agent.dividendCarryOver']);
      figure = result.base;
      carry = { carryIn, carryOut: result.carryOut };
    } else {
      figure = totals.validBet;
    }
    const choice = tierFor(tiersOf(contract.tiers), figure, active);
    const gross = atRate(figure, choice.rateBp);
    return {
      gross,
      figures: {
        teamValidBet: formatMoney(totals.validBet),
        teamPayout: formatMoney(totals.payout),
        teamNetLoss: formatMoney(netLoss),
        activeMembers: active,
        ...(carry ? { carryIn: formatMoney(carry.carryIn), carryOut: formatMoney(carry.carryOut) } : {}),
        base: formatMoney(figure),
        tier: choice.tier,
        rateBp: choice.rateBp,
        gross: formatMoney(gross),
      },
    };
  }

  /**
   * One period's pay for every day-kind contract due in it (ADR 093): each contract's gross first, then
   * each is paid its gross less its nearest contracted descendants' gross for the very same period,
   * whether computed in this batch or settled earlier; agents without a contract are transparent.
   */
  private async computeDayBatch(
    kind: 'daily_wage' | 'dividend',
    batch: readonly ContractRow[],
    period: ContractPeriod,
    settings: Settings,
  ): Promise<Computed[]> {
    const own = new Map<bigint, { gross: bigint; figures: Figures }>();
    for (const contract of batch)
      own.set(contract.downlineId, await this.computeOwn(contract, period, settings, true));
    // A batch's contracts share its period, so they share its cycle.
    const cycle = batch[0]?.cycle ?? 'daily';
    const grossOf = await this.othersGross(kind, cycle, period, settings, new Set(own.keys()));
    for (const [agentId, gross] of own) grossOf.set(agentId, gross.gross);
    const nearestAbove = await contractRepository.nearestAmong(this.deps.db, [...grossOf.keys()]);
    const pay = treePay(
      [...grossOf].map(([agentId, gross]) => ({ agentId, gross })),
      nearestAbove,
    );
    return batch.map((contract) => {
      const mine = own.get(contract.downlineId) as { gross: bigint; figures: Figures };
      const paid = pay.get(contract.downlineId) as { amount: bigint; deductions: bigint };
      return {
        contract,
        amount: paid.amount,
        figures: {
          ...mine.figures,
          downlineDeductions: formatMoney(paid.deductions),
          amount: formatMoney(paid.amount),
        },
      };
    });
  }

  /**
   * The gross of contracted agents outside a batch for its period: contracts already settled for the
   * same period (their stored gross, after their carry), and contracts of another cycle (a dividend chain
   * of mixed cycles made before ADR 093: their rate on the period's figures, without carry).
   */
  private async othersGross(
    kind: 'daily_wage' | 'dividend',
    cycle: AgentCycle,
    period: ContractPeriod,
    settings: Settings,
    inBatch: ReadonlySet<bigint>,
  ): Promise<Map<bigint, bigint>> {
    const grossOf = new Map<bigint, bigint>();
    for (const row of await contractRepository.settledInPeriod(
      this.deps.db,
      kind,
      period.start,
      period.end,
    )) {
      if (inBatch.has(row.agentId) || typeof row.figures.gross !== 'string') continue;
      grossOf.set(row.agentId, parseMoney(row.figures.gross));
    }
    if (kind === 'dividend') {
      const others = await contractRepository.activeOfOtherCycle(this.deps.db, kind, cycle, period.start);
      for (const contract of others) {
        if (inBatch.has(contract.downlineId) || grossOf.has(contract.downlineId)) continue;
        grossOf.set(contract.downlineId, (await this.computeOwn(contract, period, settings, false)).gross);
      }
    }
    return grossOf;
  }

  /**
   * Claims one period of many day-kind contracts and pays the claimed ones in one transaction, through
   * the ledger's creditBatch under the keys a single payment uses (agent-pay:<contract>:<period>), so an
   * approval paid later by transfer and this batch can never both pay. Answers how many this call claimed.
   */
  private async payPeriod(computed: Computed[], period: ContractPeriod, settings: Settings): Promise<number> {
    const { db, clock } = this.deps;
    const statusOf = ({ contract, amount }: Computed) =>
      amount === 0n
        ? 'zero'
        : contract.kind === 'dividend' && settings['agent.dividendApproval']
          ? 'pending_approval'
          : 'paid';
    const result = await db.transaction(async (tx) => {
      // Claimed here, or by another server already: only what this call claimed is paid.
      const claimed = await contractRepository.claimSettlements(
        tx,
        computed.map((row) => ({
          contractId: row.contract.id,
          agentId: row.contract.downlineId,
          kind: row.contract.kind,
          periodKey: period.key,
          periodStart: period.start,
          periodEnd: period.end,
          amount: row.amount,
          status: statusOf(row),
          figures: row.figures,
          settledAt: clock.now(),
        })),
      );
      const paying = computed.filter((row) => claimed.has(row.contract.id) && statusOf(row) === 'paid');
      const credited = await this.payBatch(tx, paying, period.key);
      return { settled: claimed.size, memberIds: credited.memberIds };
    });
    this.deps.ledger.publishBalances(result.memberIds);
    return result.settled;
  }

  private async transfer(
    tx: Executor,
    contractPublicId: string,
    periodKey: string,
    agentId: bigint,
    amount: bigint,
    actor: string,
  ): Promise<bigint[]> {
    const result = await this.deps.ledger.transfer(tx, {
      idempotencyKey: `agent-pay:${contractPublicId}:${periodKey}`,
      kind: 'agent_commission',
      currency: 'REAL',
      legs: [
        { account: accountCodes.agentCommission, amount: -amount },
        { account: accountCodes.memberMain(agentId), amount },
      ],
      reference: contractPublicId,
      memo: periodKey,
      actor,
    });
    return result.memberIds;
  }

  /** The agent's income report: every settled period, with its figures. */
  async income(
    agent: { id: bigint },
    query: { from: string; to: string; kind?: AgentContractKind; pageNo: number; pageSize: number },
  ) {
    const result = await contractRepository.income(this.deps.db, agent.id, {
      from: siteDayStart(query.from),
      until: siteDayEnd(query.to),
      kind: query.kind,
      offset: (query.pageNo - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      list: result.rows.map((row) => ({
        id: row.id.toString(),
        contract: row.contractPublicId,
        kind: row.kind,
        periodKey: row.periodKey,
        periodStart: row.periodStart.toISOString(),
        periodEnd: row.periodEnd.toISOString(),
        amount: formatMoney(row.amount),
        status: row.status,
        figures: row.figures,
        settledAt: row.settledAt.toISOString(),
      })),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: result.total,
      totalPages: Math.ceil(result.total / query.pageSize),
      totals: result.totals.map((row) => ({ kind: row.kind, amount: formatMoney(row.amount) })),
    };
  }
}
