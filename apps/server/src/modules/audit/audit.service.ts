import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { inBatches } from '../../lib/csv.js';
import { currentStaff } from '../../lib/staff-context.js';
import { auditRepository, type AuditFilter, type AuditRow } from './audit.repository.js';
import { canonicalInstant, GENESIS_HASH, rowHash, type ChainedFields } from './canonical.js';
import { verifyChain, type ChainVerdict } from './verify.js';

/**
 * Who did it: an admin through the API, or a named actor (`cli:<user>` for the operator tool,
 * `system:<job>` for scheduled work). Services that decide on money take this and audit themselves.
 * An admin's role, when given, lands in the row's role.
 */
export type Actor = { admin: { username: string; role?: string } } | { actor: string };

/** The audit actor of an admin; the operator tool writes `cli:<user>`, so the two never mix. */
export const adminActor = (admin: { username: string }): string => `admin:${admin.username}`;

export const actorName = (who: Actor | string): string =>
  typeof who === 'string' ? who : 'admin' in who ? adminActor(who.admin) : who.actor;

export interface RecordOptions {
  /** the open transaction of the action, so the row commits (or rolls back) with the action itself */
  tx?: Executor;
  /** when the action happened, if the caller already read the clock */
  at?: Date;
  /** the actor's role(s) when they acted (an admin Actor's role is taken when this is absent) */
  role?: string;
  /** the address the action came from */
  ip?: string;
  /** the object's values before and after the action, for the diff */
  before?: unknown;
  after?: unknown;
  /** why, as the staff member gave it */
  reason?: string;
}

/**
 * The one audit of staff actions (admin API and operator tool), in operator_audit: append-only and
 * hash-chained (ADR 094). Member logins have their own security log in the auth module.
 */
export class AuditService {
  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  /**
   * One row: `action` is the command as the operator tool names it (`withdrawals approve`), `target`
   * what it acted on (`{ withdrawal: id }`, or null), `details` the rest; both land in the row's detail,
   * and the target in its own column too.
   *
   * Appends take turns through a transaction-scoped lock held until the caller's transaction ends, so
   * call this last in a transaction, after its row locks: a transaction that holds the audit lock and
   * then waits for a row another audited transaction holds would deadlock with it.
   */
  async record(
    actor: Actor | string,
    action: string,
    target: Record<string, unknown> | null,
    details: Record<string, unknown> = {},
    options: RecordOptions = {},
  ): Promise<void> {
    const at = options.at ?? this.deps.clock.now();
    const name = actorName(actor);
    // An admin call's staff member (lib/staff-context): their roles and address, unless given.
    const staff = currentStaff();
    const acting = staff && adminActor(staff) === name ? staff : undefined;
    const role =
      options.role ??
      (typeof actor !== 'string' && 'admin' in actor ? actor.admin.role : undefined) ??
      (acting ? acting.roles.join(',') : null);
    const entry = {
      actor: name,
      role,
      ip: options.ip ?? acting?.ip ?? null,
      command: action,
      target: target ?? null,
      detail: { ...target, ...details },
      before: options.before ?? null,
      after: options.after ?? null,
      reason: options.reason ?? null,
    };
    const append = async (tx: Executor): Promise<void> => {
      await auditRepository.lockChain(tx);
      const head = await auditRepository.head(tx);
      const chained: ChainedFields = {
        ...entry,
        seq: (head?.seq ?? 0n) + 1n,
        at: canonicalInstant(at),
        prevHash: head?.hash ?? GENESIS_HASH,
      };
      await auditRepository.insert(tx, { ...chained, at, hash: rowHash(chained) });
    };
    if (options.tx) await append(options.tx);
    else await this.deps.db.transaction(append);
  }

  /** The audit page: a page of the filter's rows and their count. */
  async page(
    filter: AuditFilter,
    page: { pageNo: number; pageSize: number; order: 'asc' | 'desc' },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    return auditRepository.page(this.deps.db, filter, {
      offset: (page.pageNo - 1) * page.pageSize,
      limit: page.pageSize,
      order: page.order,
    });
  }

  /** Every row of the filter, newest first, read a batch at a time (the CSV export). */
  rows(filter: AuditFilter): AsyncGenerator<AuditRow> {
    return inBatches(
      (before: bigint | null, limit) => auditRepository.before(this.deps.db, filter, before, limit),
      (row) => row.seq,
    );
  }

  /** The latest rows, newest first. */
  async recent(limit: number): Promise<AuditRow[]> {
    return auditRepository.recent(this.deps.db, limit);
  }

  /** Walks the whole chain in batches; the first broken row, or the head when it holds. */
  async verify(options: { batchSize?: number } = {}): Promise<ChainVerdict> {
    return verifyChain(
      (afterSeq, limit) => auditRepository.chainBatch(this.deps.db, afterSeq, limit),
      options,
    );
  }
}
