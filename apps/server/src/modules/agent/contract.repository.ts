import { sql } from 'drizzle-orm';
import type { AgentContractKind, AgentContractStatus, AgentCycle } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import { big, rowsOf, type DbInt } from './sql-rows.js';

export interface StoredTier {
  /** minor units as text */
  min: string;
  minActive: number;
  rateBp: number;
}

export interface ContractRow {
  id: bigint;
  publicId: string;
  uplineId: bigint | null;
  downlineId: bigint;
  kind: AgentContractKind;
  cycle: AgentCycle;
  tiers: StoredTier[];
  status: AgentContractStatus;
  offeredBy: string;
  offeredAt: Date;
  respondedAt: Date | null;
  effectiveFrom: Date | null;
  terminatedAt: Date | null;
  terminationReason: string | null;
  basis: { day: string; validBet: string } | null;
  /** usernames, for presenting */
  uplineName: string | null;
  downlineName: string;
}

interface RawContract {
  id: DbInt;
  public_id: string;
  upline_id: DbInt | null;
  downline_id: DbInt;
  kind: AgentContractKind;
  cycle: AgentCycle;
  tiers: StoredTier[] | string;
  status: AgentContractStatus;
  offered_by: string;
  offered_at: Date | string;
  responded_at: Date | string | null;
  effective_from: Date | string | null;
  terminated_at: Date | string | null;
  termination_reason: string | null;
  basis: { day: string; validBet: string } | string | null;
  upline_name: string | null;
  downline_name: string;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const contractOf = (row: RawContract): ContractRow => ({
  id: big(row.id),
  publicId: row.public_id,
  uplineId: row.upline_id === null ? null : big(row.upline_id),
  downlineId: big(row.downline_id),
  kind: row.kind,
  cycle: row.cycle,
  tiers: json(row.tiers),
  status: row.status,
  offeredBy: row.offered_by,
  offeredAt: new Date(row.offered_at),
  respondedAt: date(row.responded_at),
  effectiveFrom: date(row.effective_from),
  terminatedAt: date(row.terminated_at),
  terminationReason: row.termination_reason,
  basis: row.basis === null ? null : json(row.basis),
  uplineName: row.upline_name,
  downlineName: row.downline_name,
});

const SELECT = sql`SELECT c.*, u.username AS upline_name, d.username AS downline_name
  FROM agent_contract c
  LEFT JOIN member u ON u.id = c.upline_id
  JOIN member d ON d.id = c.downline_id`;

export interface SettlementRow {
  id: bigint;
  contractId: bigint;
  contractPublicId: string;
  agentId: bigint;
  kind: AgentContractKind;
  periodKey: string;
  periodStart: Date;
  periodEnd: Date;
  amount: bigint;
  status: string;
  figures: Record<string, string | number | null>;
  settledAt: Date;
}

interface RawSettlement {
  id: DbInt;
  contract_id: DbInt;
  contract_public_id: string;
  agent_id: DbInt;
  kind: AgentContractKind;
  period_key: string;
  period_start: Date | string;
  period_end: Date | string;
  amount: DbInt;
  status: string;
  figures: Record<string, string | number | null> | string;
  settled_at: Date | string;
}

const settlementOf = (row: RawSettlement): SettlementRow => ({
  id: big(row.id),
  contractId: big(row.contract_id),
  contractPublicId: row.contract_public_id,
  agentId: big(row.agent_id),
  kind: row.kind,
  periodKey: row.period_key,
  periodStart: new Date(row.period_start),
  periodEnd: new Date(row.period_end),
  amount: big(row.amount),
  status: row.status,
  figures: json(row.figures),
  settledAt: new Date(row.settled_at),
});

/** Typed SQL of contracts (agent_contract) and their settled periods (agent_settlement). */
export const contractRepository = {
  async insert(
    db: Executor,
    row: {
      publicId: string;
      uplineId: bigint | null;
      downlineId: bigint;
      kind: AgentContractKind;
      cycle: AgentCycle;
      tiers: StoredTier[];
      offeredBy: string;
      offeredAt: Date;
    },
  ): Promise<bigint> {
    const [inserted] = await rowsOf<{ id: DbInt }>(
      db,
      sql`INSERT INTO agent_contract (public_id, upline_id, downline_id, kind, cycle, tiers, status, offered_by, offered_at)
          VALUES (${row.publicId}, ${row.uplineId === null ? null : row.uplineId.toString()}::bigint,
                  ${row.downlineId.toString()}::bigint, ${row.kind}, ${row.cycle}, ${JSON.stringify(row.tiers)}::jsonb,
                  'offered', ${row.offeredBy}, ${row.offeredAt.toISOString()}::timestamptz)
          RETURNING id`,
    );
    if (!inserted) throw new Error('agent_contract insert returned nothing');
    return big(inserted.id);
  },

  async byPublicId(db: Executor, publicId: string, lock = false): Promise<ContractRow | null> {
    const [row] = await rowsOf<RawContract>(
      db,
      sql`${SELECT} WHERE c.public_id = ${publicId} ${lock ? sql`FOR UPDATE OF c` : sql``}`,
    );
    return row ? contractOf(row) : null;
  },

  async byId(db: Executor, id: bigint): Promise<ContractRow | null> {
    const [row] = await rowsOf<RawContract>(db, sql`${SELECT} WHERE c.id = ${id.toString()}::bigint`);
    return row ? contractOf(row) : null;
  },

  /** The downline's contract of a kind in a status (at most one: unique indexes). */
  async ofDownline(
    db: Executor,
    downlineId: bigint,
    kind: AgentContractKind,
    status: 'active' | 'offered',
  ): Promise<ContractRow | null> {
    const [row] = await rowsOf<RawContract>(
      db,
      sql`${SELECT} WHERE c.downline_id = ${downlineId.toString()}::bigint AND c.kind = ${kind} AND c.status = ${status}`,
    );
    return row ? contractOf(row) : null;
  },

  /** Contracts the member holds (as downline) or offered (as upline), newest first. */
  async listFor(
    db: Executor,
    memberId: bigint,
    side: 'downline' | 'upline',
    kind?: AgentContractKind,
  ): Promise<ContractRow[]> {
    const column = side === 'downline' ? sql`c.downline_id` : sql`c.upline_id`;
    const rows = await rowsOf<RawContract>(
      db,
      sql`${SELECT} WHERE ${column} = ${memberId.toString()}::bigint ${kind ? sql`AND c.kind = ${kind}` : sql``}
          ORDER BY c.offered_at DESC, c.id DESC LIMIT 200`,
    );
    return rows.map(contractOf);
  },

  /**
   * For each of `agentIds`, its nearest ancestor (at any depth) that is also among `agentIds`: with the
   * agents holding a contract of a kind, each one's nearest contracted ancestor (ADR 093).
   */
  async nearestAmong(db: Executor, agentIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
    if (agentIds.length < 2) return new Map();
    const ids = `{${agentIds.join(',')}}`;
    const rows = await rowsOf<{ descendant_id: DbInt; ancestor_id: DbInt }>(
      db,
      sql`SELECT DISTINCT ON (t.descendant_id) t.descendant_id, t.ancestor_id
            FROM agent_tree t
           WHERE t.descendant_id = ANY(${ids}::bigint[]) AND t.ancestor_id = ANY(${ids}::bigint[]) AND t.depth > 0
           ORDER BY t.descendant_id, t.depth`,
    );
    return new Map(rows.map((row) => [big(row.descendant_id), big(row.ancestor_id)]));
  },

  /** Active contracts of a kind held by the agent's descendants (any depth), nearest first. */
  async activeInTeam(db: Executor, agentId: bigint, kind: AgentContractKind): Promise<ContractRow[]> {
    const rows = await rowsOf<RawContract>(
      db,
      sql`${SELECT} JOIN agent_tree t ON t.descendant_id = c.downline_id
           WHERE t.ancestor_id = ${agentId.toString()}::bigint AND t.depth > 0
             AND c.kind = ${kind} AND c.status = 'active'
           ORDER BY t.depth, c.id`,
    );
    return rows.map(contractOf);
  },

  /** The active contract of a kind held by the agent's nearest contracted ancestor (null: none above). */
  async nearestActiveAbove(
    db: Executor,
    agentId: bigint,
    kind: AgentContractKind,
  ): Promise<ContractRow | null> {
    const [row] = await rowsOf<RawContract>(
      db,
      sql`${SELECT} JOIN agent_tree t ON t.ancestor_id = c.downline_id
           WHERE t.descendant_id = ${agentId.toString()}::bigint AND t.depth > 0
             AND c.kind = ${kind} AND c.status = 'active'
           ORDER BY t.depth LIMIT 1`,
    );
    return row ? contractOf(row) : null;
  },

  /**
   * Active contracts of a kind in force by `at` whose cycle is not `cycle`: a dividend chain of mixed
   * cycles, made before ADR 093 kept a chain on one cycle.
   */
  async activeOfOtherCycle(
    db: Executor,
    kind: AgentContractKind,
    cycle: AgentCycle,
    at: Date,
  ): Promise<ContractRow[]> {
    const rows = await rowsOf<RawContract>(
      db,
      sql`${SELECT} WHERE c.kind = ${kind} AND c.status = 'active' AND c.cycle <> ${cycle}
             AND c.effective_from <= ${at.toISOString()}::timestamptz
           ORDER BY c.id`,
    );
    return rows.map(contractOf);
  },

  /** The settled rows of a kind for exactly the period [start, end), oldest contract first. */
  async settledInPeriod(
    db: Executor,
    kind: AgentContractKind,
    start: Date,
    end: Date,
  ): Promise<SettlementRow[]> {
    const rows = await rowsOf<RawSettlement>(
      db,
      sql`SELECT s.*, c.public_id AS contract_public_id FROM agent_settlement s
            JOIN agent_contract c ON c.id = s.contract_id
           WHERE s.kind = ${kind} AND s.period_start = ${start.toISOString()}::timestamptz
             AND s.period_end = ${end.toISOString()}::timestamptz
           ORDER BY s.contract_id`,
    );
    return rows.map(settlementOf);
  },

  /** The periods of settled rows (kind, start, end) that started in [from, until), oldest first. */
  async settledPeriods(
    db: Executor,
    filter: { kind?: AgentContractKind; from: Date; until: Date },
  ): Promise<{ kind: AgentContractKind; start: Date; end: Date }[]> {
    const rows = await rowsOf<{
      kind: AgentContractKind;
      period_start: Date | string;
      period_end: Date | string;
    }>(
      db,
      sql`SELECT DISTINCT kind, period_start, period_end FROM agent_settlement
           WHERE period_start >= ${filter.from.toISOString()}::timestamptz
             AND period_start < ${filter.until.toISOString()}::timestamptz
             ${filter.kind ? sql`AND kind = ${filter.kind}` : sql``}
           ORDER BY period_start, period_end, kind`,
    );
    return rows.map((row) => ({
      kind: row.kind,
      start: new Date(row.period_start),
      end: new Date(row.period_end),
    }));
  },

  /** A period's settled rows with their agent's username and their correction, if one was made. */
  async periodWithCorrections(
    db: Executor,
    kind: AgentContractKind,
    start: Date,
    end: Date,
  ): Promise<(SettlementRow & { username: string; corrected: bigint | null })[]> {
    const rows = await rowsOf<RawSettlement & { username: string; corrected: DbInt | null }>(
      db,
      sql`SELECT s.*, c.public_id AS contract_public_id, m.username, x.amount AS corrected
            FROM agent_settlement s
            JOIN agent_contract c ON c.id = s.contract_id
            JOIN member m ON m.id = s.agent_id
            LEFT JOIN agent_settlement_correction x ON x.settlement_id = s.id
           WHERE s.kind = ${kind} AND s.period_start = ${start.toISOString()}::timestamptz
             AND s.period_end = ${end.toISOString()}::timestamptz
           ORDER BY s.contract_id`,
    );
    return rows.map((row) => ({
      ...settlementOf(row),
      username: row.username,
      corrected: row.corrected === null ? null : big(row.corrected),
    }));
  },

  /** Records a settled row's correction; null when it already has one (made by another run). */
  async insertCorrection(
    db: Executor,
    row: {
      settlementId: bigint;
      agentId: bigint;
      computed: bigint;
      recomputed: bigint;
      reason: string;
      actor: string;
      at: Date;
    },
  ): Promise<bigint | null> {
    const [inserted] = await rowsOf<{ id: DbInt }>(
      db,
      sql`INSERT INTO agent_settlement_correction (settlement_id, agent_id, computed, recomputed, amount, reason,
                                                   actor, created_at)
          VALUES (${row.settlementId.toString()}::bigint, ${row.agentId.toString()}::bigint,
                  ${row.computed.toString()}::bigint, ${row.recomputed.toString()}::bigint,
                  ${(row.recomputed - row.computed).toString()}::bigint, ${row.reason}, ${row.actor},
                  ${row.at.toISOString()}::timestamptz)
          ON CONFLICT (settlement_id) DO NOTHING
          RETURNING id`,
    );
    return inserted ? big(inserted.id) : null;
  },

  /** Every active contract of a kind in force by `at`. */
  async activeOfKind(db: Executor, kind: AgentContractKind, at: Date): Promise<ContractRow[]> {
    const rows = await rowsOf<RawContract>(
      db,
      sql`${SELECT} WHERE c.kind = ${kind} AND c.status = 'active' AND c.effective_from <= ${at.toISOString()}::timestamptz
          ORDER BY c.id`,
    );
    return rows.map(contractOf);
  },

  async contractsOf(
    db: Executor,
    memberIds: readonly bigint[],
  ): Promise<{ memberId: bigint; kind: AgentContractKind; status: AgentContractStatus }[]> {
    if (memberIds.length === 0) return [];
    const rows = await rowsOf<{ downline_id: DbInt; kind: AgentContractKind; status: AgentContractStatus }>(
      db,
      sql`SELECT downline_id, kind, status FROM agent_contract
           WHERE status IN ('active', 'offered')
             AND downline_id IN (${sql.join(
               memberIds.map((id) => sql`${id.toString()}::bigint`),
               sql`, `,
             )})
           ORDER BY kind`,
    );
    return rows.map((row) => ({ memberId: big(row.downline_id), kind: row.kind, status: row.status }));
  },

  async respond(
    db: Executor,
    id: bigint,
    change: { status: 'active' | 'rejected'; by: string; at: Date; effectiveFrom: Date | null },
  ): Promise<void> {
    await db.execute(
      sql`UPDATE agent_contract SET status = ${change.status}, responded_by = ${change.by},
             responded_at = ${change.at.toISOString()}::timestamptz,
             effective_from = ${change.effectiveFrom === null ? null : change.effectiveFrom.toISOString()}::timestamptz
           WHERE id = ${id.toString()}::bigint`,
    );
  },

  async terminate(db: Executor, id: bigint, change: { by: string; at: Date; reason: string }): Promise<void> {
    await db.execute(
      sql`UPDATE agent_contract SET status = 'terminated', terminated_by = ${change.by},
             terminated_at = ${change.at.toISOString()}::timestamptz, termination_reason = ${change.reason}
           WHERE id = ${id.toString()}::bigint AND status IN ('active', 'offered')`,
    );
  },

  async setBasis(db: Executor, id: bigint, basis: { day: string; validBet: string }): Promise<void> {
    await db.execute(
      sql`UPDATE agent_contract SET basis = ${JSON.stringify(basis)}::jsonb WHERE id = ${id.toString()}::bigint`,
    );
  },

  /** Claims (contract, period): the row is inserted, or another server settled it (null). */
  async claimSettlement(
    db: Executor,
    row: {
      contractId: bigint;
      agentId: bigint;
      kind: AgentContractKind;
      periodKey: string;
      periodStart: Date;
      periodEnd: Date;
      amount: bigint;
      status: string;
      figures: Record<string, string | number | null>;
      settledAt: Date;
    },
  ): Promise<bigint | null> {
    const [inserted] = await rowsOf<{ id: DbInt }>(
      db,
      sql`INSERT INTO agent_settlement (contract_id, agent_id, kind, period_key, period_start, period_end, amount,
                                        status, figures, settled_at)
          VALUES (${row.contractId.toString()}::bigint, ${row.agentId.toString()}::bigint, ${row.kind},
                  ${row.periodKey}, ${row.periodStart.toISOString()}::timestamptz,
                  ${row.periodEnd.toISOString()}::timestamptz, ${row.amount.toString()}::bigint, ${row.status},
                  ${JSON.stringify(row.figures)}::jsonb, ${row.settledAt.toISOString()}::timestamptz)
          ON CONFLICT (contract_id, period_key) DO NOTHING
          RETURNING id`,
    );
    return inserted ? big(inserted.id) : null;
  },

  /**
   * Claims many (contract, period) rows in one statement (in contract order, so two servers claiming the
   * same batch wait on each other instead of deadlocking); answers the contracts this call claimed.
   */
  async claimSettlements(
    db: Executor,
    rows: readonly {
      contractId: bigint;
      agentId: bigint;
      kind: AgentContractKind;
      periodKey: string;
      periodStart: Date;
      periodEnd: Date;
      amount: bigint;
      status: string;
      figures: Record<string, string | number | null>;
      settledAt: Date;
    }[],
  ): Promise<Set<bigint>> {
    if (rows.length === 0) return new Set();
    const json = JSON.stringify(
      rows.map((row) => ({
        contract_id: row.contractId.toString(),
        agent_id: row.agentId.toString(),
        kind: row.kind,
        period_key: row.periodKey,
        period_start: row.periodStart.toISOString(),
        period_end: row.periodEnd.toISOString(),
        amount: row.amount.toString(),
        status: row.status,
        figures: row.figures,
        settled_at: row.settledAt.toISOString(),
      })),
    );
    const inserted = await rowsOf<{ contract_id: DbInt }>(
      db,
      sql`INSERT INTO agent_settlement (contract_id, agent_id, kind, period_key, period_start, period_end, amount,
                                        status, figures, settled_at)
          SELECT x.contract_id, x.agent_id, x.kind, x.period_key, x.period_start, x.period_end, x.amount,
                 x.status, x.figures, x.settled_at
            FROM jsonb_to_recordset(${json}::jsonb) AS x(contract_id bigint, agent_id bigint, kind text,
                   period_key text, period_start timestamptz, period_end timestamptz, amount bigint, status text,
                   figures jsonb, settled_at timestamptz)
           ORDER BY x.contract_id
          ON CONFLICT (contract_id, period_key) DO NOTHING
          RETURNING contract_id`,
    );
    return new Set(inserted.map((row) => big(row.contract_id)));
  },

  /** Many salary bases in one statement. */
  async setBases(
    db: Executor,
    rows: readonly { id: bigint; basis: { day: string; validBet: string } }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const json = JSON.stringify(rows.map((row) => ({ id: row.id.toString(), basis: row.basis })));
    await db.execute(
      sql`UPDATE agent_contract c SET basis = x.basis
            FROM jsonb_to_recordset(${json}::jsonb) AS x(id bigint, basis jsonb)
           WHERE c.id = x.id`,
    );
  },

  /**
   * The ledger's batch items of a period's payments, under the key a single payment uses
   * (agent-pay:<contract>:<period>), so either path pays a (contract, period) once. Given as values, not
   * read back from agent_settlement: its rows were written moments ago in this transaction, without
   * statistics, and the planner's guesses made the ledger's lookups over them quadratic (6 s each at
   * 10,000 rows).
   */
  payItems(
    rows: readonly { contractPublicId: string; agentId: bigint; amount: bigint }[],
    periodKey: string,
  ) {
    const json = JSON.stringify(
      rows.map((row) => ({
        idempotency_key: `agent-pay:${row.contractPublicId}:${periodKey}`,
        member_id: row.agentId.toString(),
        amount: row.amount.toString(),
        reference: row.contractPublicId,
      })),
    );
    return sql`SELECT * FROM jsonb_to_recordset(${json}::jsonb)
                 AS x(idempotency_key text, member_id bigint, amount bigint, reference text)`;
  },

  /** The contract's latest settled period. */
  async lastSettlement(db: Executor, contractId: bigint): Promise<SettlementRow | null> {
    const [row] = await rowsOf<RawSettlement>(
      db,
      sql`SELECT s.*, c.public_id AS contract_public_id FROM agent_settlement s
            JOIN agent_contract c ON c.id = s.contract_id
           WHERE s.contract_id = ${contractId.toString()}::bigint
           ORDER BY s.period_start DESC LIMIT 1`,
    );
    return row ? settlementOf(row) : null;
  },

  async settlementById(db: Executor, id: bigint, lock = false): Promise<SettlementRow | null> {
    const [row] = await rowsOf<RawSettlement>(
      db,
      sql`SELECT s.*, c.public_id AS contract_public_id FROM agent_settlement s
            JOIN agent_contract c ON c.id = s.contract_id
           WHERE s.id = ${id.toString()}::bigint ${lock ? sql`FOR UPDATE OF s` : sql``}`,
    );
    return row ? settlementOf(row) : null;
  },

  async decide(
    db: Executor,
    id: bigint,
    status: 'paid' | 'rejected',
    by: string,
    amount: bigint,
  ): Promise<void> {
    await db.execute(
      sql`UPDATE agent_settlement SET status = ${status}, decided_by = ${by}, amount = ${amount.toString()}::bigint
           WHERE id = ${id.toString()}::bigint`,
    );
  },

  /** The agent's settled periods that started in [from, until), newest first, paged. */
  async income(
    db: Executor,
    agentId: bigint,
    filter: { from: Date; until: Date; kind?: AgentContractKind; offset: number; limit: number },
  ): Promise<{
    total: number;
    rows: SettlementRow[];
    totals: { kind: AgentContractKind; amount: bigint }[];
  }> {
    const where = sql`s.agent_id = ${agentId.toString()}::bigint
      AND s.period_start >= ${filter.from.toISOString()}::timestamptz
      AND s.period_start < ${filter.until.toISOString()}::timestamptz
      ${filter.kind ? sql`AND s.kind = ${filter.kind}` : sql``}`;
    const rows = await rowsOf<RawSettlement & { total: DbInt }>(
      db,
      sql`SELECT s.*, c.public_id AS contract_public_id, count(*) OVER () AS total
            FROM agent_settlement s JOIN agent_contract c ON c.id = s.contract_id
           WHERE ${where}
           ORDER BY s.period_start DESC, s.id DESC
           LIMIT ${filter.limit} OFFSET ${filter.offset}`,
    );
    const totals = await rowsOf<{ kind: AgentContractKind; amount: DbInt }>(
      db,
      sql`SELECT s.kind, sum(s.amount) AS amount FROM agent_settlement s
           WHERE ${where} AND s.status = 'paid' GROUP BY s.kind ORDER BY s.kind`,
    );
    return {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.map(settlementOf),
      totals: totals.map((row) => ({ kind: row.kind, amount: big(row.amount) })),
    };
  },
};
