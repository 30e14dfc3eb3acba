import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { member } from '../../db/schema.js';

/**
 * Payment-password events live in the auth module's audit (auth_audit) beside the login events: one
 * place to read an account's security history, and the memory that counts failed guesses for the lockout.
 */
export type PaymentPasswordEvent =
  'payment_password_set' | 'payment_password_failed' | 'payment_password_set_failed';

export interface PaymentPasswordState {
  paymentPasswordHash: string | null;
  passwordHash: string | null;
}

export const paymentPasswordRepository = {
  async findHashes(db: Executor, memberId: bigint): Promise<PaymentPasswordState | null> {
    const rows = await db
      .select({ paymentPasswordHash: member.paymentPasswordHash, passwordHash: member.passwordHash })
      .from(member)
      .where(eq(member.id, memberId))
      .limit(1);
    return rows[0] ?? null;
  },

  async setHash(db: Executor, memberId: bigint, hash: string): Promise<void> {
    await db.update(member).set({ paymentPasswordHash: hash }).where(eq(member.id, memberId));
  },
};
