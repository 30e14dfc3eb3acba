import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { auditRepository, type AuditRow } from './audit.repository.js';

/**
 * Who did it: an admin through the API, or a named actor (`cli:<user>` for the operator tool,
 * `system:<job>` for scheduled work). Services that decide on money take this and audit themselves.
 */
export type Actor = { admin: { username: string } } | { actor: string };

/** The audit actor of an admin; the operator tool writes `cli:<user>`, so the two never mix. */
export const adminActor = (admin: { username: string }): string => `admin:${admin.username}`;

export const actorName = (who: Actor | string): string =>
  typeof who === 'string' ? who : 'admin' in who ? adminActor(who.admin) : who.actor;

export interface RecordOptions {
  /** the open transaction of the action, so the row commits (or rolls back) with the action itself */
  tx?: Executor;
  /** when the action happened, if the caller already read the clock */
  at?: Date;
}

/**
 * The one audit of staff actions (admin API and operator tool), in operator_audit. Member logins have
 * their own security log in the auth module.
 */
export class AuditService {
  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  /**
   * One row: `action` is the command as the operator tool names it (`withdrawals approve`), `target`
   * what it acted on (`{ withdrawal: id }`, or null), `details` the rest; both land in the row's detail.
   */
  async record(
    actor: Actor | string,
    action: string,
    target: Record<string, unknown> | null,
    details: Record<string, unknown> = {},
    options: RecordOptions = {},
  ): Promise<void> {
    await auditRepository.insert(options.tx ?? this.deps.db, {
      at: options.at ?? this.deps.clock.now(),
      actor: actorName(actor),
      command: action,
      detail: { ...target, ...details },
    });
  }

  /** The latest rows, newest first. */
  async recent(limit: number): Promise<AuditRow[]> {
    return auditRepository.recent(this.deps.db, limit);
  }
}
