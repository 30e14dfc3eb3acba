import { randomInt, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseProviderAmount, providerMoney, type ProviderCall, type RoundDetail } from '@platform/contract';
import { fires, type ChaosSwitches } from './chaos.js';
import type { PlayerSession } from './sessions.js';
import type { WalletClient, WalletResult } from './wallet-client.js';

/** A win or rollback still owed after its inline attempts: sent again until the platform answers. */
interface Owed {
  client: WalletClient;
  call: Extract<ProviderCall, 'win' | 'rollback'>;
  body: Record<string, unknown>;
  nextAt: number;
  tries: number;
}

/**
 * Wins and rollbacks are owed to the player once the bet stands: a vendor keeps sending them until
 * answered (docs/provider-api.md, retry rule). Those the inline attempts did not settle wait here and
 * are sent again with the same body, the wait doubling up to a minute.
 */
export class Settler {
  private readonly owed: Owed[] = [];
  private flushing = false;

  /**
   * `durable`: the serving process keeps what it owes in a file (written whole, then renamed over the
   * old one, before the round's page is answered), so a restart or a crash does not cost a player a win.
   */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly durable?: { file: string; clientOf: (vendorCode: string) => WalletClient | undefined },
  ) {}

  get pending(): number {
    return this.owed.length;
  }

  add(client: WalletClient, call: Owed['call'], body: Record<string, unknown>): void {
    this.owed.push({ client, call, body, nextAt: this.now() + 1000, tries: 0 });
    this.save();
  }

  /** What an earlier run of the process still owed, sent again from now on; answers how many. */
  restore(): number {
    if (!this.durable || !existsSync(this.durable.file)) return 0;
    const stored = JSON.parse(readFileSync(this.durable.file, 'utf8')) as {
      vendor: string;
      call: Owed['call'];
      body: Record<string, unknown>;
      tries: number;
    }[];
    for (const item of stored) {
      const client = this.durable.clientOf(item.vendor);
      if (client)
        this.owed.push({ client, call: item.call, body: item.body, nextAt: this.now(), tries: item.tries });
    }
    return this.owed.length;
  }

  private save(): void {
    if (!this.durable) return;
    const { file } = this.durable;
    mkdirSync(path.dirname(file), { recursive: true });
    const owed = this.owed.map((item) => ({
      vendor: item.client.vendorCode,
      call: item.call,
      body: item.body,
      tries: item.tries,
    }));
    writeFileSync(`${file}.tmp`, JSON.stringify(owed));
    renameSync(`${file}.tmp`, file);
  }

  /** Sends what is due; returns how many were settled (answered, whatever the answer). */
  async flush(force = false): Promise<number> {
    // One pass at a time: the timer's next pass could otherwise settle (and remove) an item twice.
    if (this.flushing) return 0;
    this.flushing = true;
    try {
      return await this.pass(force);
    } finally {
      this.flushing = false;
    }
  }

  private async pass(force: boolean): Promise<number> {
    let settled = 0;
    for (const item of [...this.owed]) {
      if (!force && item.nextAt > this.now()) continue;
      const result = await item.client.send(item.call, item.body, { attempts: 1 });
      const answered =
        result.ok ||
        (result.status !== 'UNANSWERED' && result.status !== 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      if (answered) {
        // OK, or a final refusal: nothing more can be done with this body.
        this.owed.splice(this.owed.indexOf(item), 1);
        settled += 1;
        continue;
      }
      item.tries += 1;
      item.nextAt = this.now() + Math.min(60_000, 1000 * 2 ** item.tries);
    }
    if (settled > 0) this.save();
    return settled;
  }
}

export const newId = (prefix: string): string => `${prefix}-${randomUUID()}`;

/** Decimal major units to minor units; the stake list and the platform's answers are always valid. */
export function minorOf(amount: string): bigint {
  const parsed = parseProviderAmount(amount);
  if (!parsed.ok) throw new Error(`not an amount: ${amount}`);
  return parsed.minor;
}

export interface MoneyCallBase {
  player_id: string;
  round: string;
  game_code: string;
  currency: string;
}

/** The outcome of placing a bet, as the game sees it. */
export type BetPlaced =
  | { placed: true; transactionUuid: string; balance: string }
  | {
      placed: false;
      reason: 'not-enough-money' | 'refused' | 'no-answer';
      status: string;
      balance: string | null;
    };

export interface RoundDeps {
  settler: Settler;
  chaos: () => ChaosSwitches;
  pick?: (exclusiveMax: number) => number;
}

/**
 * Debits a bet, carrying the player's game session token (`gameToken`, PlayerSession). A bet left
 * unanswered after its attempts may or may not have landed: it is rolled back (with the same amount,
 * closing the round), which refunds it if it did and leaves a tombstone if it did not, so a late copy can
 * never take the money. A refusal (the player logged out of the platform, say) is final for the bet.
 */
export async function placeBet(
  client: WalletClient,
  deps: RoundDeps,
  base: MoneyCallBase,
  amount: string,
  options: { gameToken: string; closesRoundOnFailure: boolean; transactionUuid?: string },
): Promise<BetPlaced> {
  const transactionUuid = options.transactionUuid ?? newId('bet');
  const body = {
    request_uuid: newId('req'),
    ...base,
    token: options.gameToken,
    transaction_uuid: transactionUuid,
    round_closed: false,
    is_free: false,
    amount,
  };
  const result = await client.send('bet', body);
  if (result.ok) return { placed: true, transactionUuid, balance: result.answer.balance };
  if (result.status === 'UNANSWERED') {
    await rollBack(client, deps, base, transactionUuid, amount, options.closesRoundOnFailure);
    return { placed: false, reason: 'no-answer', status: result.status, balance: null };
  }
  return {
    placed: false,
    reason: result.status === 'RS_ERROR_NOT_ENOUGH_MONEY' ? 'not-enough-money' : 'refused',
    status: result.status,
    balance: result.answer.balance ?? null,
  };
}

/** Refunds a bet after our own failure; owed until answered. Returns the balance when answered. */
export async function rollBack(
  client: WalletClient,
  deps: RoundDeps,
  base: MoneyCallBase,
  betTransactionUuid: string,
  amount: string,
  closeRound: boolean,
): Promise<string | null> {
  const body = {
    request_uuid: newId('req'),
    ...base,
    transaction_uuid: newId('rb'),
    reference_transaction_uuid: betTransactionUuid,
    round_closed: closeRound,
    is_free: false,
    amount,
  };
  return owedCall(client, deps, 'rollback', body);
}

/**
 * Pays a bet (zero for a lost one, which records it); owed until answered. The call that closes a round
 * carries its detail (what happened), which the platform keeps for the player's betting record.
 */
export async function payWin(
  client: WalletClient,
  deps: RoundDeps,
  base: MoneyCallBase,
  betTransactionUuid: string,
  amountMinor: bigint,
  closeRound: boolean,
  transactionUuid: string = newId('win'),
  detail?: RoundDetail,
): Promise<string | null> {
  const body = winBody(base, betTransactionUuid, amountMinor, closeRound, transactionUuid, detail);
  return owedCall(client, deps, 'win', body);
}

function winBody(
  base: MoneyCallBase,
  betTransactionUuid: string,
  amountMinor: bigint,
  closeRound: boolean,
  transactionUuid: string,
  detail?: RoundDetail,
): Record<string, unknown> {
  return {
    request_uuid: newId('req'),
    ...base,
    transaction_uuid: transactionUuid,
    reference_transaction_uuid: betTransactionUuid,
    round_closed: closeRound,
    is_free: false,
    kind: 'normal',
    amount: providerMoney(amountMinor),
    ...(detail ? { round_detail: detail } : {}),
  };
}

async function owedCall(
  client: WalletClient,
  deps: RoundDeps,
  call: 'win' | 'rollback',
  body: Record<string, unknown>,
): Promise<string | null> {
  const result: WalletResult = await client.send(call, body);
  if (result.ok) return result.answer.balance;
  if (result.status === 'UNANSWERED' || result.status === 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST') {
    deps.settler.add(client, call, body);
  }
  return null;
}

/** What a slot spin did, for the page. */
export type SpinRound<T> =
  | { played: true; outcome: T; win: string; balance: string | null; round: string }
  | {
      played: false;
      reason: 'not-enough-money' | 'refused' | 'no-answer' | 'crashed';
      balance: string | null;
    };

/**
 * One slot round: the outcome is drawn first (it is ours, whatever the wallet says), the stake is
 * debited, then the win (zero when lost) is paid and closes the round. With chaos: `reorder` sends the
 * win once before the bet; `crash` fails the game after the debit, and the round is rolled back.
 */
export async function playSpinRound<T>(
  client: WalletClient,
  deps: RoundDeps,
  session: PlayerSession,
  stake: string,
  draw: () => { outcome: T; winMinor: bigint; detail?: RoundDetail },
): Promise<SpinRound<T>> {
  const pick = deps.pick ?? randomInt;
  const { outcome, winMinor, detail } = draw();
  const base: MoneyCallBase = {
    player_id: session.playerId,
    round: newId(`r-${session.gameCode}`),
    game_code: session.gameCode,
    currency: session.currency,
  };
  const chaos = deps.chaos();
  const betUuid = newId('bet');
  const winUuid = newId('win');
  if (fires(chaos.reorder, pick)) {
    // Refused as unknown (nothing is stored), then sent again after the bet with the same id.
    await client.send('win', winBody(base, betUuid, winMinor, true, winUuid, detail), {
      attempts: 1,
      retryUnknownBet: false,
    });
  }
  const bet = await placeBet(client, deps, base, stake, {
    gameToken: session.gameToken,
    closesRoundOnFailure: true,
    transactionUuid: betUuid,
  });
  if (!bet.placed) return { played: false, reason: bet.reason, balance: bet.balance };
  if (fires(chaos.crash, pick)) {
    const balance = await rollBack(client, deps, base, bet.transactionUuid, stake, true);
    return { played: false, reason: 'crashed', balance };
  }
  const balance = await payWin(client, deps, base, bet.transactionUuid, winMinor, true, winUuid, detail);
  return { played: true, outcome, win: providerMoney(winMinor), balance, round: base.round };
}
