import {
  INHOUSE_VENDOR,
  formatMoney,
  parseMoney,
  type InhouseGameCode,
  type ProviderErrorCode,
  type ProviderRequest,
  type ProviderSuccess,
  type RoundDetail,
} from '@platform/contract';
import { AppError } from '../../lib/errors.js';
import type { Rng } from '../../lib/rng.js';
import { ProviderFailure, type ProviderService, type ProviderVendorRow } from '../provider/index.js';

/** One money movement of an in-house game, as a vendor's call would carry it. */
export interface InhouseMoneyCall {
  /** the member's public id (the provider API's player_id) */
  playerId: string;
  gameCode: InhouseGameCode;
  /** unique per vendor and belonging to one player: e.g. `slot-<spin id>`, `crash-<round>-<member>` */
  round: string;
  /**
   * unique per vendor and made from the game's own ids (never random per attempt): a retry of the same
   * movement is then answered with the first result instead of moving money twice
   */
  transactionId: string;
  /** minor units; 0 is allowed for a win (a losing round closed) and for a free bet */
  amount: bigint;
  /** this call ends the round (a win of 0 closes a lost round) */
  roundClosed: boolean;
  /** what happened, for the betting record's round detail; the latest one sent replaces the round's */
  detail?: RoundDetail;
}

export interface InhouseWinCall extends InhouseMoneyCall {
  /** the bet this win pays */
  betTransactionId: string;
  kind?: 'normal' | 'bonus' | 'jackpot' | 'promo';
}

export interface InhouseRollbackCall extends Omit<InhouseMoneyCall, 'amount'> {
  /** the bet this rollback refunds */
  betTransactionId: string;
}

/** The wallet's answer: the player's balance after the call, minor units. */
export interface InhouseWalletAnswer {
  balance: bigint;
  /** the player is a trial account playing demo money (never, while INHOUSE refuses demo money) */
  demo: boolean;
}

export interface InhouseWalletDeps {
  provider: Pick<ProviderService, 'bet' | 'win' | 'rollback' | 'vendorOf'>;
  rng: Rng;
}

/**
 * The one way our own games move money: the provider module's seamless-wallet service, called in process
 * with exactly the requests a vendor would send (ADR 040). So an in-house round gets everything a vendor's
 * round gets: idempotency on the transaction id, the tombstone of a rollback before its bet, a round that
 * must end settled or cancelled (the round-timeout job closes what a crash left open), the betting record
 * and its round detail, the big-wins ticker, the ledger through one key per movement.
 *
 * Refusals come back as the site's own errors (INSUFFICIENT_FUNDS, NEED_REAL_ACCOUNT, ...), so the game's
 * routes answer members in the envelope they know.
 */
export class InhouseWallet {
  constructor(private readonly deps: InhouseWalletDeps) {}

  async bet(call: InhouseMoneyCall): Promise<InhouseWalletAnswer> {
    const vendor = await this.vendor();
    const request: ProviderRequest<'bet'> = {
      ...this.common(vendor, call),
      amount: minorText(call.amount),
      reference_transaction_uuid: null,
    };
    return answerOf(await this.guard(() => this.deps.provider.bet(vendor, request)));
  }

  async win(call: InhouseWinCall): Promise<InhouseWalletAnswer> {
    const vendor = await this.vendor();
    const request: ProviderRequest<'win'> = {
      ...this.common(vendor, call),
      amount: minorText(call.amount),
      reference_transaction_uuid: call.betTransactionId,
      kind: call.kind ?? 'normal',
    };
    return answerOf(await this.guard(() => this.deps.provider.win(vendor, request)));
  }

  async rollback(call: InhouseRollbackCall): Promise<InhouseWalletAnswer> {
    const vendor = await this.vendor();
    const request: ProviderRequest<'rollback'> = {
      ...this.common(vendor, call),
      reference_transaction_uuid: call.betTransactionId,
    };
    return answerOf(await this.guard(() => this.deps.provider.rollback(vendor, request)));
  }

  private common(vendor: ProviderVendorRow, call: Omit<InhouseMoneyCall, 'amount'>) {
    return {
      // Each attempt is its own request; the transaction id is what makes a retry a repeat.
      request_uuid: this.deps.rng.bytes(16).toString('hex'),
      player_id: call.playerId,
      transaction_uuid: call.transactionId,
      round: call.round,
      round_closed: call.roundClosed,
      game_code: call.gameCode,
      currency: vendor.currency,
      is_free: false,
      ...(call.detail ? { round_detail: call.detail } : {}),
    };
  }

  /** INHOUSE's terms (migration 0018), reused for the provider's settings window. */
  private async vendor(): Promise<ProviderVendorRow> {
    const vendor = await this.deps.provider.vendorOf(INHOUSE_VENDOR);
    if (!vendor || !vendor.active) {
      throw new AppError('FEATURE_DISABLED', 'our own games are turned off');
    }
    return vendor;
  }

  private async guard(work: () => Promise<ProviderSuccess>): Promise<ProviderSuccess> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderFailure) throw appErrorOf(error);
      throw error;
    }
  }
}

const memberFacing: Partial<Record<ProviderErrorCode, (failure: ProviderFailure) => AppError>> = {
  RS_ERROR_NOT_ENOUGH_MONEY: (failure) =>
    new AppError('INSUFFICIENT_FUNDS', failure.message, undefined, { account: 'main' }),
  RS_ERROR_DEMO_NOT_ALLOWED: (failure) => new AppError('NEED_REAL_ACCOUNT', failure.message),
  RS_ERROR_PLAYER_BLOCKED: (failure) => new AppError('FORBIDDEN', failure.message),
  RS_ERROR_UNKNOWN_PLAYER: (failure) => new AppError('UNAUTHORIZED', failure.message),
};

/**
 * A refusal a member can cause (no money, a trial account) in the site's words; any other is a state the
 * game should have prevented (a closed round, a reused id): answered as INVALID_STATE with the wallet's
 * code, never silently.
 */
function appErrorOf(failure: ProviderFailure): AppError {
  const known = memberFacing[failure.code];
  if (known) return known(failure);
  return new AppError('INVALID_STATE', failure.message, undefined, { status: failure.code });
}

function answerOf(success: ProviderSuccess): InhouseWalletAnswer {
  return { balance: parseMoney(success.balance), demo: success.demo };
}

/** Minor units as the provider API's decimal text. */
function minorText(amount: bigint): string {
  if (amount < 0n) throw new Error(`inhouse: a negative amount ${amount.toString()} is a bug`);
  return formatMoney(amount);
}
