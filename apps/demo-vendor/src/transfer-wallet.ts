import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The transfer-model demo vendor's own wallet (ADR 021): each player's balance here, and every
 * transfer id the platform sent, so a repeat is answered the same and never applied twice. Kept in a
 * JSON file, written whole to a temporary file and renamed over the old one before a call is answered:
 * a restart (or a crash mid-write) loses no player's money.
 */

export type TransferDirection = 'deposit' | 'withdraw';

export interface TransferRecord {
  direction: TransferDirection | null;
  playerId: string;
  /** minor units, as decimal text (JSON has no bigint) */
  amount: string;
  /** applied; refused (with the reason); tombstone: asked about before it arrived, refused from then on */
  state: 'applied' | 'refused' | 'tombstone';
  reason?: string;
  at: number;
}

interface WalletFile {
  version: 1;
  /** player id -> balance in minor units, as decimal text */
  balances: Record<string, string>;
  transfers: Record<string, TransferRecord>;
}

export type MoneyAnswer =
  | { ok: true; balance: bigint }
  | { ok: false; code: 'INSUFFICIENT_FUNDS' | 'TRANSFER_REFUSED' | 'INVALID_REQUEST'; balance: bigint };

export class TransferWalletStore {
  private data: WalletFile = { version: 1, balances: {}, transfers: {} };
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private readonly now: () => number,
  ) {}

  /** The store of `dataDir`, with what an earlier run left there. */
  static async open(dataDir: string, now: () => number = Date.now): Promise<TransferWalletStore> {
    const store = new TransferWalletStore(path.join(dataDir, 'transfer-wallet.json'), now);
    await mkdir(dataDir, { recursive: true });
    try {
      const parsed = JSON.parse(await readFile(store.file, 'utf8')) as WalletFile;
      if (parsed.version === 1 && parsed.balances && parsed.transfers) store.data = parsed;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return store;
  }

  balanceOf(playerId: string): bigint {
    return BigInt(this.data.balances[playerId] ?? '0');
  }

  /** Money in from the platform, once per transfer id. */
  deposit(transferId: string, playerId: string, amount: bigint): Promise<MoneyAnswer> {
    return this.money('deposit', transferId, playerId, amount);
  }

  /** Money out to the platform, once per transfer id; refused when the player has less. */
  withdraw(transferId: string, playerId: string, amount: bigint): Promise<MoneyAnswer> {
    return this.money('withdraw', transferId, playerId, amount);
  }

  /**
   * What became of a transfer id. One never seen is remembered as a tombstone, so if its call arrives
   * late it is refused: the platform has already been told it did not happen.
   */
  async status(transferId: string): Promise<TransferRecord & { found: boolean }> {
    const known = this.data.transfers[transferId];
    if (known) return { ...known, found: known.state !== 'tombstone' };
    const tombstone: TransferRecord = {
      direction: null,
      playerId: '',
      amount: '0',
      state: 'tombstone',
      at: this.now(),
    };
    this.data.transfers[transferId] = tombstone;
    await this.save();
    return { ...tombstone, found: false };
  }

  /** A game round against the player's balance here: the stake out, the win in, in one step. */
  async play(
    playerId: string,
    stake: bigint,
    win: (stake: bigint) => bigint,
  ): Promise<{ ok: boolean; win: bigint; balance: bigint }> {
    const balance = this.balanceOf(playerId);
    if (stake <= 0n || balance < stake) return { ok: false, win: 0n, balance };
    const paid = win(stake);
    const after = balance - stake + paid;
    this.data.balances[playerId] = after.toString();
    await this.save();
    return { ok: true, win: paid, balance: after };
  }

  private async money(
    direction: TransferDirection,
    transferId: string,
    playerId: string,
    amount: bigint,
  ): Promise<MoneyAnswer> {
    const known = this.data.transfers[transferId];
    if (known) {
      const same =
        known.direction === direction && known.playerId === playerId && known.amount === amount.toString();
      if (known.state === 'tombstone')
        return { ok: false, code: 'TRANSFER_REFUSED', balance: this.balanceOf(playerId) };
      if (!same) return { ok: false, code: 'INVALID_REQUEST', balance: this.balanceOf(playerId) };
      if (known.state === 'refused') {
        return {
          ok: false,
          code: known.reason === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'TRANSFER_REFUSED',
          balance: this.balanceOf(playerId),
        };
      }
      return { ok: true, balance: this.balanceOf(playerId) };
    }
    const balance = this.balanceOf(playerId);
    if (direction === 'withdraw' && balance < amount) {
      this.data.transfers[transferId] = {
        direction,
        playerId,
        amount: amount.toString(),
        state: 'refused',
        reason: 'INSUFFICIENT_FUNDS',
        at: this.now(),
      };
      await this.save();
      return { ok: false, code: 'INSUFFICIENT_FUNDS', balance };
    }
    const after = direction === 'deposit' ? balance + amount : balance - amount;
    this.data.balances[playerId] = after.toString();
    this.data.transfers[transferId] = {
      direction,
      playerId,
      amount: amount.toString(),
      state: 'applied',
      at: this.now(),
    };
    await this.save();
    return { ok: true, balance: after };
  }

  /** Whole file to a temporary name, then renamed over the old one: a reader never sees half a file. */
  private save(): Promise<void> {
    const next = this.writing.then(async () => {
      const temporary = `${this.file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(this.data), { mode: 0o600 });
      await rename(temporary, this.file);
    });
    // A failed write is the caller's failure (its call is not answered OK); the next write tries again.
    this.writing = next.catch(() => undefined);
    return next;
  }
}
