import type { Executor } from '../../db/database.js';
import { operatorRepository } from '../operator/operator.repository.js';
import type { AuthenticatedAdmin } from './admin-guard.js';

/** The audit actor of an admin; the operator tool writes `cli:<user>`, so the two never mix. */
export const adminActor = (admin: Pick<AuthenticatedAdmin, 'username'>): string => `admin:${admin.username}`;

/**
 * Every admin action leaves a row in operator_audit. Pass the open transaction as `db` when the action
 * writes inside one, so the audit row commits (or rolls back) with the action itself.
 */
export async function auditAdmin(
  db: Executor,
  admin: Pick<AuthenticatedAdmin, 'username'>,
  command: string,
  detail: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await operatorRepository.insertAudit(db, { at, actor: adminActor(admin), command, detail });
}
