import { formatMoney, parseMoney, type AgentContractKind } from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { AuditService } from '../audit/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import { contractRepository } from './contract.repository.js';
import { treePay } from './payout.js';

export interface RepairDeps {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  audit: AuditService;
}

/**
 * due: a correction to make; corrected: made already; waiting: a dividend still waiting for approval
 * (approve it with the recomputed amount); rejected: the operator refused the period, nothing to move.
 */
export type RepairState = 'due' | 'corrected' | 'waiting' | 'rejected';

export interface PeriodDifference {
  settlementId: bigint;
  agentId: bigint;
  username: string;
  contract: string;
  kind: AgentContractKind;
  periodKey: string;
  /** what the period computed when it was settled */
  computed: bigint;
  /** what the rules compute now */
  recomputed: bigint;
  difference: bigint;
  state: RepairState;
}

export interface RepairFilter {
  kind?: AgentContractKind;
  from: Date;
  until: Date;
}

/**
 * Settled periods recomputed under the differential rule as fixed by issue 26 (ADR 093), and their
 * corrections. A period's figures are not read again: each contract's gross is the one stored when it
 * was settled (after its carry), so only the deductions change: each agent is charged its nearest
 * contracted descendants' gross in the very same period, through agents without a contract, in the
 * tree as it is now. A correction moves the difference through the ledger once per settled row (key
 * agent-repair:<settlement id>) and is audited; the settled rows are never rewritten.
 */
export class SettlementRepairService {
  constructor(private readonly deps: RepairDeps) {}

  /** Every settled row in the filter whose amount the rules now compute differently. */
  async differences(filter: RepairFilter): Promise<PeriodDifference[]> {
    const { db } = this.deps;
    const found: PeriodDifference[] = [];
    for (const period of await contractRepository.settledPeriods(db, filter)) {
      const rows = await contractRepository.periodWithCorrections(db, period.kind, period.start, period.end);
      const grossOf = new Map<bigint, bigint>();
      for (const row of rows) {
        if (typeof row.figures.gross === 'string') grossOf.set(row.agentId, parseMoney(row.figures.gross));
      }
      const nearestAbove = await contractRepository.nearestAmong(db, [...grossOf.keys()]);
      const pay = treePay(
        [...grossOf].map(([agentId, gross]) => ({ agentId, gross })),
        nearestAbove,
      );
      for (const row of rows) {
        const recomputed = pay.get(row.agentId)?.amount;
        if (recomputed === undefined) continue;
        const computed = typeof row.figures.amount === 'string' ? parseMoney(row.figures.amount) : row.amount;
        if (recomputed === computed) continue;
        const state: RepairState =
          row.corrected !== null
            ? 'corrected'
            : row.status === 'pending_approval'
              ? 'waiting'
              : row.status === 'rejected'
                ? 'rejected'
                : 'due';
        found.push({
          settlementId: row.id,
          agentId: row.agentId,
          username: row.username,
          contract: row.contractPublicId,
          kind: row.kind,
          periodKey: row.periodKey,
          computed,
          recomputed,
          difference: recomputed - computed,
          state,
        });
      }
    }
    return found;
  }

  /**
   * Makes every due correction in the filter: pays a positive difference from the agent-commission
   * account, claws a negative one back to it. A claw-back the agent's balance cannot cover moves nothing
   * and is answered as short (run again once the balance allows). Two runs at once correct a row once.
   */
  async correct(
    actor: string,
    filter: RepairFilter,
    reason: string,
  ): Promise<{ corrected: PeriodDifference[]; short: PeriodDifference[] }> {
    if (reason.trim() === '') throw new AppError('VALIDATION_FAILED', 'a reason is required');
    const { db, ledger, audit, clock } = this.deps;
    const corrected: PeriodDifference[] = [];
    const short: PeriodDifference[] = [];
    for (const row of await this.differences(filter)) {
      if (row.state !== 'due') continue;
      try {
        const moved = await db.transaction(async (tx) => {
          const id = await contractRepository.insertCorrection(tx, {
            settlementId: row.settlementId,
            agentId: row.agentId,
            computed: row.computed,
            recomputed: row.recomputed,
            reason,
            actor,
            at: clock.now(),
          });
          if (id === null) return null;
          const member = accountCodes.memberMain(row.agentId);
          const result = await ledger.transfer(tx, {
            idempotencyKey: `agent-repair:${row.settlementId.toString()}`,
            kind: 'agent_commission',
            currency: 'REAL',
            legs: [
              { account: accountCodes.agentCommission, amount: -row.difference },
              { account: member, amount: row.difference },
            ],
            reference: row.contract,
            memo: `correction of ${row.periodKey}`,
            actor,
          });
          await audit.record(
            actor,
            'agent.settlement-correct',
            { settlement: row.settlementId.toString(), contract: row.contract, period: row.periodKey },
            {
              agent: row.username,
              computed: formatMoney(row.computed),
              recomputed: formatMoney(row.recomputed),
              amount: formatMoney(row.difference),
              reason,
            },
            { tx },
          );
          return result.memberIds;
        });
        if (moved === null) continue;
        ledger.publishBalances(moved);
        corrected.push({ ...row, state: 'corrected' });
      } catch (error) {
        if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') short.push(row);
        else throw error;
      }
    }
    return { corrected, short };
  }
}
