import type { Executor } from '../../db/database.js';
import { walletRepository } from './wallet.repository.js';

export interface TurnoverStatus {
  /** the sum of every turnover requirement the member was given (deposits, bonuses) */
  required: bigint;
  /** REAL money bet since the first requirement */
  wagered: bigint;
  /** what must still be bet before a withdrawal: max(0, required - wagered) */
  remaining: bigint;
}

/**
 * How much a member must still bet before withdrawing. Takes the executor so the withdrawal flow can
 * ask inside its own transaction.
 */
export class TurnoverService {
  async status(db: Executor, memberId: bigint): Promise<TurnoverStatus> {
    const requirement = await walletRepository.requirementTotal(db, memberId);
    if (!requirement) return { required: 0n, wagered: 0n, remaining: 0n };
    const wagered = await walletRepository.wageredSince(db, memberId, requirement.since);
    const remaining = requirement.required > wagered ? requirement.required - wagered : 0n;
    return { required: requirement.required, wagered, remaining };
  }

  /**
   * A new requirement (a credited deposit, a bonus), inside the transaction of the movement that
   * gave the money, so the two commit together.
   */
  async require(
    tx: Executor,
    row: { memberId: bigint; transferId: bigint; required: bigint; source: string; createdAt: Date },
  ): Promise<void> {
    await walletRepository.insertRequirement(tx, row);
  }

  /**
   * Gives up the requirements of these bonus transfers (the operator's 'forfeit' rule for a withdrawal
   * while a bonus is open), in the caller's transaction with the movement that takes the bonus back.
   */
  async forfeit(tx: Executor, memberId: bigint, transferIds: readonly bigint[], at: Date): Promise<number> {
    return walletRepository.forfeitRequirements(tx, memberId, transferIds, at);
  }

  /** Which of these transfers' requirements were forfeited. */
  async forfeitedOf(db: Executor, transferIds: readonly bigint[]): Promise<Set<bigint>> {
    return walletRepository.forfeitedOf(db, transferIds);
  }

  async remaining(db: Executor, memberId: bigint): Promise<bigint> {
    return (await this.status(db, memberId)).remaining;
  }
}
