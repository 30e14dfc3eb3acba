import {
  createHmac,
  createPublicKey,
  timingSafeEqual,
  verify as verifySignature,
  type KeyObject,
} from 'node:crypto';
import {
  GAME_SESSION_IDLE_SECONDS,
  gameLaunchModes,
  isTrialType,
  LAUNCH_TOKEN_TTL_SECONDS,
  PROVIDER_CLOCK_SKEW_SECONDS,
  parseProviderAmount,
  providerMoney,
  providerRequestSchemas,
  providerStatuses,
  roundTimeoutRules,
  type GameLaunchMode,
  type ProviderCall,
  type ProviderError as ProviderErrorBody,
  type ProviderErrorCode,
  type ProviderRequest,
  type ProviderSuccess,
  type RoundTimeoutRule,
} from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { ServiceLogger } from '../../lib/deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { WindowCache } from '../../lib/window-cache.js';
import type { Rng } from '../../lib/rng.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import type { MemberService, PlayerRow } from '../member/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import {
  providerRepository as repo,
  type MoneyCallOutcome,
  type MoneyCallRow,
  type ProviderTransactionRow,
  type ProviderVendorRow,
  type RoundRow,
} from './provider.repository.js';

/**
 * The wallet model of our own games' vendor (INHOUSE, migration 0018): its games place their bets through
 * this service in process; no HTTP call may name it.
 */
export const INTERNAL_WALLET_MODEL = 'internal';

/** A refusal answered to the vendor in the provider API's own format. */
export class ProviderFailure extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    /** RS_ERROR_NOT_ENOUGH_MONEY: the balance, in minor units */
    readonly balance?: bigint,
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}

export interface ProviderAnswer {
  httpStatus: number;
  body: ProviderSuccess | ProviderErrorBody;
}

export interface ProviderServiceDeps {
  db: Database;
  clock: Clock;
  rng: Rng;
  ledger: Pick<LedgerService, 'transfer' | 'balanceOf' | 'publishBalances' | 'announceMoved'>;
  /** the member module: who a player is, read inside the call's transaction */
  members: Pick<MemberService, 'playerOf'>;
  /** the vendors of the game module: a wallet API is registered only for one of them */
  vendorExists: (vendorCode: string) => Promise<boolean>;
  logger: ServiceLogger;
  /**
   * How long a vendor's terms are reused between calls (SETTINGS_CACHE_MS): a vendor sends thousands of
   * calls a second, each would read the same row. A change through this server applies at once; one
   * made elsewhere (another server, the operator tool on PostgreSQL) within the window. 0: no reuse.
   */
  vendorCacheMs?: number;
}

export interface NewProviderVendor {
  vendorCode: string;
  currency: string;
  signingSecret: string;
  allowDemo: boolean;
  roundTimeoutSeconds: number;
  roundTimeoutRule: RoundTimeoutRule;
  /** see provider_vendor.launch_url */
  launchUrl?: string | null;
  /** the vendor's RSA public key as base64 DER (SPKI), stored as PEM; null: HMAC only */
  publicKey?: string | null;
  /** see provider_vendor.rooms_url */
  roomsUrl?: string | null;
  /** see provider_vendor.launch_mode */
  launchMode?: GameLaunchMode;
  /** 'seamless' (the default) or 'transfer' (ADR 021: the vendor keeps its own wallet) */
  walletModel?: 'seamless' | 'transfer';
  /** transfer vendors: where their wallet API answers (provider_vendor.transfer_api_url) */
  transferApiUrl?: string | null;
  /** transfer vendors: the member's main balance moves in when a game opens */
  autoTransferIn?: boolean;
}

const VENDOR_CODE = /^[A-Za-z0-9_-]{1,40}$/;
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;
const STALE_ROUNDS_PER_RUN = 500;

function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate.code;
    current = candidate.cause;
  }
  return null;
}

/** The HMAC a vendor sends: hex SHA-256 of `<timestamp>.<raw body>` keyed by its secret. */
export function providerSignature(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** A code the database function raised, as the API names it. */
const isProviderErrorCode = (code: string): code is ProviderErrorCode =>
  code !== 'RS_OK' && Object.hasOwn(providerStatuses, code);

const failure = (code: ProviderErrorCode, message: string, balance?: bigint) =>
  new ProviderFailure(code, message, balance);

interface Wallet {
  demo: boolean;
  player: string;
  vendor: string;
  currency: 'REAL' | 'DEMO';
}

/**
 * The seamless wallet of game vendors: authenticate, balance, bet, win, rollback, each signed by the
 * vendor and idempotent on (vendor, transaction_uuid). Every call claims its transaction id first, in
 * its own database transaction, so a copy of the call waits on the unique index and then answers the
 * first result; money moves only through the ledger, keyed `provider:<vendor>:<transaction_uuid>`.
 */
export class ProviderService {
  private readonly vendorTerms: WindowCache<string, ProviderVendorRow, string>;

  constructor(private readonly deps: ProviderServiceDeps) {
    this.vendorTerms = new WindowCache({
      clock: deps.clock,
      windowMs: deps.vendorCacheMs ?? 0,
      ownerOf: (row) => row.vendorCode,
      maxEntries: 1000,
    });
  }

  /** A vendor's wallet terms, reused for one window (vendorCacheMs). */
  vendorOf(vendorCode: string): Promise<ProviderVendorRow | null> {
    return this.vendorTerms.read(vendorCode, () => repo.vendor(this.deps.db, vendorCode));
  }

  // ---------------------------------------------------------------------------------------------
  // The call as it arrives

  /** One vendor call, from the raw request to the answer; never throws. */
  async handle(
    call: ProviderCall,
    vendorCode: string,
    headers: {
      signature: string | undefined;
      timestamp: string | undefined;
      rsaSignature?: string | undefined;
    },
    rawBody: Buffer,
    caller: { ip: string },
  ): Promise<ProviderAnswer> {
    let requestUuid: string | null = null;
    try {
      const vendor = await this.verify(vendorCode, headers, rawBody, { call, ip: caller.ip });
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw failure('RS_ERROR_VALIDATION', 'the body is not JSON');
      }
      if (
        json &&
        typeof json === 'object' &&
        'request_uuid' in json &&
        typeof json.request_uuid === 'string'
      ) {
        requestUuid = json.request_uuid.slice(0, 100);
      }
      const body = await this.dispatch(call, vendor, json);
      return { httpStatus: 200, body };
    } catch (error) {
      if (error instanceof ProviderFailure) {
        return {
          httpStatus: providerStatuses[error.code].http,
          body: {
            status: error.code,
            request_uuid: requestUuid,
            message: error.message,
            ...(error.balance === undefined ? {} : { balance: providerMoney(error.balance) }),
          },
        };
      }
      this.deps.logger.error({ err: error, vendor: vendorCode, call }, 'provider call failed');
      return {
        httpStatus: 500,
        body: { status: 'RS_ERROR_INTERNAL', request_uuid: requestUuid, message: 'try again' },
      };
    }
  }

  /**
   * The vendor, once its signature and timestamp check out. Every refusal is logged with the vendor
   * and the caller's address: a stream of them is an attack or a misconfigured vendor.
   */
  async verify(
    vendorCode: string,
    headers: {
      signature: string | undefined;
      timestamp: string | undefined;
      rsaSignature?: string | undefined;
    },
    rawBody: Buffer,
    context: { call: string; ip: string },
  ): Promise<ProviderVendorRow> {
    const refuse = (code: ProviderErrorCode, reason: string): never => {
      this.deps.logger.warn({ vendor: vendorCode, ...context, reason }, 'provider call refused');
      throw failure(code, reason);
    };
    const vendor = VENDOR_CODE.test(vendorCode) ? await this.vendorOf(vendorCode) : null;
    // An internal vendor's games (our own, modules/inhouse) call in process: over HTTP it does not exist.
    if (!vendor || !vendor.active || vendor.walletModel === INTERNAL_WALLET_MODEL) {
      return refuse('RS_ERROR_UNKNOWN_VENDOR', 'no such vendor');
    }
    const { signature, timestamp } = headers;
    if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) {
      return refuse('RS_ERROR_INVALID_SIGNATURE', signature ? 'malformed signature' : 'missing signature');
    }
    if (!timestamp || !/^\d{1,12}$/.test(timestamp)) {
      return refuse('RS_ERROR_STALE_REQUEST', timestamp ? 'malformed timestamp' : 'missing timestamp');
    }
    const expected = Buffer.from(providerSignature(vendor.signingSecret, timestamp, rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
      return refuse('RS_ERROR_INVALID_SIGNATURE', 'signature does not match');
    }
    if (vendor.publicKey !== null) {
      const rsa = headers.rsaSignature;
      if (!rsa || !/^[A-Za-z0-9+/]{16,2048}={0,2}$/.test(rsa)) {
        return refuse(
          'RS_ERROR_INVALID_SIGNATURE',
          rsa ? 'malformed RSA signature' : 'missing RSA signature',
        );
      }
      const signed = Buffer.concat([Buffer.from(`${timestamp}.`), rawBody]);
      if (!verifySignature('sha256', signed, rsaKeyOf(vendor.publicKey), Buffer.from(rsa, 'base64'))) {
        return refuse('RS_ERROR_INVALID_SIGNATURE', 'RSA signature does not match');
      }
    }
    const skew = Math.abs(Math.floor(this.deps.clock.now().getTime() / 1000) - Number(timestamp));
    if (skew > PROVIDER_CLOCK_SKEW_SECONDS) {
      return refuse('RS_ERROR_STALE_REQUEST', `timestamp is ${skew} s away from our clock`);
    }
    return vendor;
  }

  private async dispatch(
    call: ProviderCall,
    vendor: ProviderVendorRow,
    json: unknown,
  ): Promise<ProviderSuccess> {
    // A transfer vendor keeps its own wallet: it may only learn who a launch token is (ADR 021).
    if (vendor.walletModel !== 'seamless' && call !== 'authenticate') {
      throw failure('RS_ERROR_UNKNOWN_VENDOR', 'this vendor keeps its own wallet (transfer model)');
    }
    switch (call) {
      case 'authenticate':
        return this.authenticate(vendor, parse('authenticate', json));
      case 'balance':
        return this.balance(vendor, parse('balance', json));
      case 'bet':
        return this.bet(vendor, parse('bet', json));
      case 'win':
        return this.win(vendor, parse('win', json));
      case 'rollback':
        return this.rollback(vendor, parse('rollback', json));
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The calls

  async authenticate(
    vendor: ProviderVendorRow,
    request: ProviderRequest<'authenticate'>,
  ): Promise<ProviderSuccess> {
    const now = this.deps.clock.now();
    return this.inTransaction(async (tx) => {
      const token = await repo.lockLaunchToken(tx, sha256(request.token));
      const invalid = () => failure('RS_ERROR_INVALID_TOKEN', 'unknown, expired or used launch token');
      if (!token || token.vendorCode !== vendor.vendorCode) throw invalid();
      if (token.expiresAt.getTime() <= now.getTime()) throw invalid();
      // The same authenticate call repeated (the vendor's retry) gets the same answer; any other is refused.
      if (token.usedAt && token.usedByRequest !== request.request_uuid) throw invalid();
      if (request.game_code !== undefined && request.game_code !== token.gameCode) throw invalid();
      // A game opened before a logout or a password change must not start a game session after it.
      if (
        token.sessionRevokedAt !== null ||
        token.sessionExpiresAt === null ||
        token.sessionExpiresAt.getTime() <= now.getTime()
      ) {
        throw failure(
          'RS_ERROR_INVALID_TOKEN',
          "the player's session has ended (logout, password change or expiry)",
        );
      }
      const player = await this.deps.members.playerOf(tx, { id: token.memberId });
      if (!player) throw invalid();
      if (player.status !== 'active') throw failure('RS_ERROR_PLAYER_BLOCKED', 'the player may not play');
      const wallet = this.walletOf(vendor, player);
      if (!token.usedAt) {
        await repo.useLaunchToken(tx, token.tokenHash, now, request.request_uuid, gameSessionEnd(now));
      }
      return this.success(tx, vendor, player, wallet, request.request_uuid);
    });
  }

  async balance(vendor: ProviderVendorRow, request: ProviderRequest<'balance'>): Promise<ProviderSuccess> {
    this.checkCurrency(vendor, request.currency);
    const player = await this.player(this.deps.db, request.player_id);
    return this.success(this.deps.db, vendor, player, this.walletOf(vendor, player), request.request_uuid);
  }

  async bet(vendor: ProviderVendorRow, request: ProviderRequest<'bet'>): Promise<ProviderSuccess> {
    this.checkCurrency(vendor, request.currency);
    const amount = amountOf(request.amount);
    if (amount === 0n && !request.is_free)
      throw failure('RS_ERROR_INVALID_AMOUNT', 'a bet must be more than zero');
    return this.moneyCall(vendor, request, {
      kind: 'bet',
      amount,
      referenceUuid: request.reference_transaction_uuid ?? null,
      winKind: null,
      gameSessionToken: this.gameSessionTokenOf(vendor, request.token),
    });
  }

  /**
   * The token a bet's game session is checked by (ADR 091), or null for our own games: they bet in process
   * from a member's /wps request whose live session the site guard has just resolved, and no HTTP call
   * reaches an internal vendor (verify). Every vendor's bet over HTTP carries the token.
   */
  private gameSessionTokenOf(vendor: ProviderVendorRow, token: string | undefined): string | null {
    if (vendor.walletModel === INTERNAL_WALLET_MODEL) return null;
    if (token === undefined) {
      throw failure(
        'RS_ERROR_INVALID_TOKEN',
        'token: a bet carries the game session token (the launch token authenticate accepted)',
      );
    }
    return token;
  }

  /**
   * A win is owed whatever became of the player's session or game session token: only the bet is checked
   * (a token it carries is not looked at).
   */
  async win(vendor: ProviderVendorRow, request: ProviderRequest<'win'>): Promise<ProviderSuccess> {
    this.checkCurrency(vendor, request.currency);
    return this.moneyCall(vendor, request, {
      kind: 'win',
      amount: amountOf(request.amount),
      referenceUuid: request.reference_transaction_uuid,
      winKind: request.kind,
      gameSessionToken: null,
    });
  }

  /** Like a win, a rollback never looks at the player's session: a round must always be able to close. */
  async rollback(vendor: ProviderVendorRow, request: ProviderRequest<'rollback'>): Promise<ProviderSuccess> {
    this.checkCurrency(vendor, request.currency);
    return this.moneyCall(vendor, request, {
      kind: 'rollback',
      amount: request.amount === undefined ? null : amountOf(request.amount),
      referenceUuid: request.reference_transaction_uuid,
      winKind: null,
      gameSessionToken: null,
    });
  }

  /**
   * A bet, win or rollback: one statement in the database (provider_money_call, ADR 041) claims the
   * transaction id, checks the player, the bet and the round, moves the money through the ledger and
   * records it on the round, all or nothing. A copy of a call that went through (the same
   * transaction_uuid, the same movement) is answered with the first result and the balance as it is now;
   * a concurrent copy waits for the first and gets that answer too. Retried on a deadlock or a
   * serialization failure, which undo the whole call.
   */
  private async moneyCall(
    vendor: ProviderVendorRow,
    request: ProviderRequest<'bet' | 'win' | 'rollback'>,
    call: Pick<MoneyCallRow, 'kind' | 'amount' | 'referenceUuid' | 'winKind'> & {
      /** a bet's game session token; null: not checked (wins, rollbacks, our own games' bets) */
      gameSessionToken: string | null;
    },
  ): Promise<ProviderSuccess> {
    const at = this.deps.clock.now();
    const { gameSessionToken, ...movement } = call;
    const row: MoneyCallRow = {
      ...movement,
      vendor: vendor.vendorCode,
      allowDemo: vendor.allowDemo,
      transactionUuid: request.transaction_uuid,
      playerId: request.player_id,
      round: request.round,
      gameCode: request.game_code,
      isFree: request.is_free,
      requestUuid: request.request_uuid,
      roundClosed: request.round_closed,
      detail: request.round_detail ?? null,
      at,
      gameSession:
        gameSessionToken === null ? null : { tokenHash: sha256(gameSessionToken), until: gameSessionEnd(at) },
    };
    for (let attempt = 1; ; attempt += 1) {
      let outcome: MoneyCallOutcome;
      try {
        outcome = await repo.moneyCall(this.deps.db, row);
      } catch (error) {
        const state = sqlState(error);
        if (state === null || !RETRYABLE_SQLSTATES.has(state) || attempt >= MAX_ATTEMPTS) throw error;
        continue;
      }
      if (outcome.status === 'refused') {
        if (!isProviderErrorCode(outcome.code)) {
          throw new Error(`provider: the database refused with an unknown code ${outcome.code}`);
        }
        throw failure(outcome.code, outcome.message, outcome.balance ?? undefined);
      }
      if (outcome.moved !== null) this.deps.ledger.announceMoved([outcome.moved]);
      return {
        status: 'RS_OK',
        request_uuid: request.request_uuid,
        player_id: request.player_id,
        currency: vendor.currency,
        balance: providerMoney(outcome.balance),
        demo: outcome.demo,
        transaction_uuid: request.transaction_uuid,
      };
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Launch, rounds left open, operator

  /**
   * A launch token for one game of a vendor, made in the member's site session: random 256 bits, kept only
   * as its hash, valid LAUNCH_TOKEN_TTL_SECONDS and for one authenticate call, after which it is the game
   * session's token every bet carries (ADR 091). The game module's launch flow hands it to the vendor in
   * the game URL.
   */
  async createLaunchToken(
    member: { id: bigint; sessionId: bigint },
    vendorCode: string,
    gameCode: string,
  ): Promise<{ token: string; expiresAt: Date }> {
    const vendor = VENDOR_CODE.test(vendorCode) ? await repo.vendor(this.deps.db, vendorCode) : null;
    if (!vendor || !vendor.active) throw notFound(`seamless vendor ${vendorCode}`);
    const now = this.deps.clock.now();
    const token = newToken(this.deps.rng);
    const expiresAt = new Date(now.getTime() + LAUNCH_TOKEN_TTL_SECONDS * 1000);
    await repo.insertLaunchToken(this.deps.db, {
      tokenHash: sha256(token),
      memberId: member.id,
      sessionId: member.sessionId,
      vendorCode,
      gameCode,
      expiresAt,
      createdAt: now,
    });
    return { token, expiresAt };
  }

  /**
   * Removes launch tokens expired for a day (the day keeps a late authenticate answerable as
   * "invalid token" rather than unknown in the logs); answers how many.
   */
  purgeLaunchTokens(now: Date): Promise<number> {
    return repo.deleteExpiredLaunchTokens(this.deps.db, new Date(now.getTime() - 24 * 3600 * 1000));
  }

  /**
   * Closes every round left open past its vendor's timeout by the vendor's rule: 'lost' settles it as
   * it stands, 'refund' rolls its bets back. Each round in a transaction of its own; the next run picks
   * up whatever this one did not reach.
   */
  async closeStaleRounds(now: Date): Promise<{ settled: number; refunded: number; failed: number }> {
    let settled = 0;
    let refunded = 0;
    let failed = 0;
    for (const vendor of await repo.vendors(this.deps.db)) {
      const before = new Date(now.getTime() - vendor.roundTimeoutSeconds * 1000);
      const stale = await repo.staleOpenRounds(this.deps.db, vendor.vendorCode, before, STALE_ROUNDS_PER_RUN);
      for (const candidate of stale) {
        try {
          const outcome = await this.closeStaleRound(vendor, candidate.roundId, before, now);
          if (outcome === 'settled') settled += 1;
          if (outcome === 'refunded') refunded += 1;
        } catch (error) {
          // One round that cannot be closed must not keep every other round open; it is tried again
          // next period.
          failed += 1;
          this.deps.logger.error(
            { err: error, vendor: vendor.vendorCode, round: candidate.roundId },
            'provider: closing a stale round failed',
          );
        }
      }
    }
    return { settled, refunded, failed };
  }

  private async closeStaleRound(
    vendor: ProviderVendorRow,
    roundId: string,
    before: Date,
    now: Date,
  ): Promise<'settled' | 'refunded' | null> {
    const { outcome, memberIds } = await this.inTransaction(async (tx) => {
      const round = await repo.lockRound(tx, vendor.vendorCode, roundId);
      // A call may have come in since the round was listed.
      if (!round || round.status !== 'open' || round.lastActivityAt >= before) {
        return { outcome: null, memberIds: [] };
      }
      if (vendor.roundTimeoutRule !== 'refund') {
        await repo.updateRound(tx, round.id, { at: now, close: { status: 'settled', by: 'timeout-lost' } });
        return { outcome: 'settled' as const, memberIds: [] };
      }
      const player = await this.deps.members.playerOf(tx, { id: round.memberId });
      if (!player) throw new Error(`provider: round ${round.id} has no player`);
      const wallet = walletFor(vendor, player, round.ledgerCurrency === 'DEMO');
      const memberIds: bigint[] = [];
      let refunded = 0n;
      for (const bet of await repo.liveBetsOfRound(tx, vendor.vendorCode, round.roundId)) {
        if (!bet.isFree && bet.amount && bet.amount > 0n) {
          const moved = await this.deps.ledger.transfer(
            tx,
            refundRequest(timeoutRefundKey(vendor, bet), wallet, vendor, bet.amount, bet),
          );
          memberIds.push(...moved.memberIds);
          refunded += bet.amount;
        }
        await repo.setTransactionStatus(tx, bet.id, 'rolled_back');
      }
      await repo.updateRound(tx, round.id, {
        addRefund: refunded,
        at: now,
        close: { status: round.winTotal === 0n ? 'cancelled' : 'settled', by: 'timeout-refund' },
      });
      return { outcome: 'refunded' as const, memberIds };
    });
    this.deps.ledger.publishBalances(memberIds);
    return outcome;
  }

  /** Registers the wallet-API terms of a vendor the game module knows. */
  async registerVendor(input: NewProviderVendor): Promise<ProviderVendorRow> {
    if (!VENDOR_CODE.test(input.vendorCode))
      throw new AppError('VALIDATION_FAILED', 'vendor code: letters, digits, _ and -, at most 40');
    if (!(await this.deps.vendorExists(input.vendorCode))) throw notFound(`vendor ${input.vendorCode}`);
    if (!/^[A-Z]{3,8}$/.test(input.currency))
      throw new AppError('VALIDATION_FAILED', 'currency: an ISO 4217 code');
    checkSecret(input.signingSecret);
    checkRoundTimeout(input.roundTimeoutSeconds);
    checkRoundRule(input.roundTimeoutRule);
    if (input.launchUrl != null) checkLaunchUrl(input.launchUrl);
    if (input.roomsUrl != null) checkRoomsUrl(input.roomsUrl);
    if (input.launchMode !== undefined) checkLaunchMode(input.launchMode);
    const publicKey = input.publicKey == null ? null : publicKeyPem(input.publicKey);
    checkTransferTerms(input.walletModel ?? 'seamless', input.transferApiUrl ?? null);
    const row = {
      ...input,
      publicKey,
      walletModel: input.walletModel ?? 'seamless',
      active: true,
      createdAt: this.deps.clock.now(),
    };
    this.vendorTerms.forget([input.vendorCode]);
    if (!(await repo.insertVendor(this.deps.db, row))) {
      throw new AppError('CONFLICT', `vendor ${input.vendorCode} has its wallet terms already`);
    }
    const stored = await repo.vendor(this.deps.db, input.vendorCode);
    if (!stored) throw new Error('provider: the vendor vanished');
    return stored;
  }

  /**
   * Changes a vendor's terms: a new secret takes effect on the next call (the vendor switches at the
   * same moment); an inactive vendor's calls answer RS_ERROR_UNKNOWN_VENDOR.
   */
  async updateVendor(
    vendorCode: string,
    change: Partial<Omit<NewProviderVendor, 'vendorCode' | 'currency'>> & { active?: boolean },
  ): Promise<ProviderVendorRow> {
    if (change.signingSecret !== undefined) checkSecret(change.signingSecret);
    if (change.roundTimeoutSeconds !== undefined) checkRoundTimeout(change.roundTimeoutSeconds);
    if (change.roundTimeoutRule !== undefined) checkRoundRule(change.roundTimeoutRule);
    if (change.launchUrl != null) checkLaunchUrl(change.launchUrl);
    if (change.roomsUrl != null) checkRoomsUrl(change.roomsUrl);
    if (change.launchMode !== undefined) checkLaunchMode(change.launchMode);
    if (Object.keys(change).length === 0) throw new AppError('VALIDATION_FAILED', 'nothing to change');
    if (change.walletModel !== undefined || change.transferApiUrl !== undefined) {
      const current = await repo.vendor(this.deps.db, vendorCode);
      if (!current) throw notFound(`seamless vendor ${vendorCode}`);
      checkTransferTerms(
        change.walletModel ?? current.walletModel,
        change.transferApiUrl === undefined ? current.transferApiUrl : change.transferApiUrl,
      );
    }
    this.vendorTerms.forget([vendorCode]);
    const row = await repo.updateVendor(this.deps.db, vendorCode, {
      ...change,
      ...(change.publicKey === undefined
        ? {}
        : { publicKey: change.publicKey === null ? null : publicKeyPem(change.publicKey) }),
    });
    if (!row) throw notFound(`seamless vendor ${vendorCode}`);
    return row;
  }

  listVendors(): Promise<ProviderVendorRow[]> {
    return repo.vendors(this.deps.db);
  }

  openRoundCounts(): Promise<{ vendor: string; open: number }[]> {
    return repo.openRoundCounts(this.deps.db);
  }

  openRounds(limit = 200): Promise<RoundRow[]> {
    return repo.openRounds(this.deps.db, limit);
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  /** Runs `work` in a transaction, again on a serialization failure or deadlock. */
  private async inTransaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.deps.db.transaction(work);
      } catch (error) {
        if (error instanceof ProviderFailure || error instanceof AppError) throw error;
        const state = sqlState(error);
        if (state === null || !RETRYABLE_SQLSTATES.has(state) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async player(db: Executor, publicId: string): Promise<PlayerRow> {
    const player = await this.deps.members.playerOf(db, { publicId });
    if (!player) throw failure('RS_ERROR_UNKNOWN_PLAYER', 'no such player');
    return player;
  }

  private checkCurrency(vendor: ProviderVendorRow, currency: string): void {
    if (currency !== vendor.currency) {
      throw failure('RS_ERROR_WRONG_CURRENCY', `this vendor plays in ${vendor.currency}`);
    }
  }

  /**
   * The accounts a player's money moves between. A trial account plays with its demo money, and only
   * with vendors the operator allows demo play on (`acknowledgeOnly`: a rollback never refuses).
   */
  private walletOf(vendor: ProviderVendorRow, player: PlayerRow, acknowledgeOnly = false): Wallet {
    const demo = isTrialType(player.type);
    if (demo && !vendor.allowDemo && !acknowledgeOnly) {
      throw failure('RS_ERROR_DEMO_NOT_ALLOWED', 'trial accounts may not play this vendor');
    }
    return walletFor(vendor, player, demo);
  }

  private async success(
    db: Executor,
    vendor: ProviderVendorRow,
    player: PlayerRow,
    wallet: Wallet,
    requestUuid: string,
    transaction?: { transaction_uuid: string },
    known?: bigint,
  ): Promise<ProviderSuccess> {
    const balance = known ?? (await this.deps.ledger.balanceOf(db, wallet.player));
    return {
      status: 'RS_OK',
      request_uuid: requestUuid,
      player_id: player.publicId,
      currency: vendor.currency,
      balance: providerMoney(balance),
      demo: wallet.demo,
      ...(transaction ? { transaction_uuid: transaction.transaction_uuid } : {}),
    };
  }
}

/** When a game session ends if nothing moves it on: GAME_SESSION_IDLE_SECONDS after its last bet. */
const gameSessionEnd = (at: Date): Date => new Date(at.getTime() + GAME_SESSION_IDLE_SECONDS * 1000);

function walletFor(vendor: ProviderVendorRow, player: PlayerRow, demo: boolean): Wallet {
  return demo
    ? {
        demo,
        player: accountCodes.memberDemo(player.id),
        vendor: accountCodes.vendorDemo(vendor.vendorCode),
        currency: 'DEMO',
      }
    : {
        demo,
        player: accountCodes.memberMain(player.id),
        vendor: accountCodes.vendor(vendor.vendorCode),
        currency: 'REAL',
      };
}

/** Another prefix than the vendor's own ids: a vendor's transaction_uuid can never take this key. */
const timeoutRefundKey = (vendor: ProviderVendorRow, bet: ProviderTransactionRow) =>
  `provider-timeout:${vendor.vendorCode}:${bet.transactionUuid}`;

function refundRequest(
  idempotencyKey: string,
  wallet: Wallet,
  vendor: ProviderVendorRow,
  amount: bigint,
  bet: ProviderTransactionRow,
) {
  return {
    idempotencyKey,
    kind: 'refund' as const,
    currency: wallet.currency,
    legs: [
      { account: wallet.vendor, amount: -amount },
      { account: wallet.player, amount },
    ],
    reference: bet.roundId,
    memo: `${vendor.vendorCode} rollback of ${bet.transactionUuid}`,
    actor: `vendor:${vendor.vendorCode}`,
  };
}

/** A launch URL template: an http(s) address that carries the launch token. */
function checkLaunchUrl(template: string): void {
  const url = URL.parse(template.replaceAll(/\{[a-z]+\}/g, 'x'));
  if (
    !url ||
    !['http:', 'https:'].includes(url.protocol) ||
    !template.includes('{token}') ||
    template.length > 1000
  ) {
    throw new AppError(
      'VALIDATION_FAILED',
      'launch URL: an http(s) address of at most 1000 characters with {token} in it',
    );
  }
  const unknown = [...template.matchAll(/\{([a-z]+)\}/g)]
    .map((match) => match[1] as string)
    .filter((name) => !LAUNCH_URL_FIELDS.includes(name));
  if (unknown.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `launch URL: unknown field {${unknown[0]}}; use ${LAUNCH_URL_FIELDS.map((name) => `{${name}}`).join(' ')}`,
    );
  }
}

function checkLaunchMode(mode: string): void {
  if (!(gameLaunchModes as readonly string[]).includes(mode)) {
    throw new AppError('VALIDATION_FAILED', `launch mode: ${gameLaunchModes.join(' or ')}`);
  }
}

/** A PVP vendor's room list: an http(s) address. */
function checkRoomsUrl(url: string): void {
  const parsed = URL.parse(url);
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || url.length > 500) {
    throw new AppError('VALIDATION_FAILED', 'rooms URL: an http(s) address of at most 500 characters');
  }
}

/** The fields a launch URL template may name. */
export const LAUNCH_URL_FIELDS = ['token', 'game', 'language', 'currency', 'mode', 'lobby'];

/** A transfer vendor needs the http(s) address of its wallet API (ADR 021); a seamless one has none. */
function checkTransferTerms(walletModel: string, transferApiUrl: string | null): void {
  if (walletModel !== 'seamless' && walletModel !== 'transfer') {
    throw new AppError('VALIDATION_FAILED', 'wallet model: seamless or transfer');
  }
  if (walletModel === 'seamless') return;
  const url = transferApiUrl === null ? null : URL.parse(transferApiUrl);
  if (!url || !['http:', 'https:'].includes(url.protocol) || (transferApiUrl ?? '').length > 500) {
    throw new AppError('VALIDATION_FAILED', 'a transfer vendor needs its wallet API URL, http(s)');
  }
}

/** RSA keys by their PEM, parsed once: a vendor signs every call with the same key. */
const rsaKeys = new Map<string, KeyObject>();
function rsaKeyOf(pem: string): KeyObject {
  let key = rsaKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    if (rsaKeys.size > 1000) rsaKeys.clear();
    rsaKeys.set(pem, key);
  }
  return key;
}

/** A vendor's public key given as base64 DER (SPKI), as PEM; an RSA key of at least 2048 bits only. */
function publicKeyPem(base64Der: string): string {
  let key: KeyObject;
  try {
    if (!/^[A-Za-z0-9+/\s]+={0,2}$/.test(base64Der)) throw new Error('not base64');
    key = createPublicKey({ key: Buffer.from(base64Der, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new AppError('VALIDATION_FAILED', 'public key: base64 of the DER (SPKI) form of an RSA public key');
  }
  if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
    throw new AppError('VALIDATION_FAILED', 'public key: an RSA key of at least 2048 bits');
  }
  return key.export({ format: 'pem', type: 'spki' }).toString();
}

function checkSecret(secret: string): void {
  if (secret.length < 32 || secret.length > 200) {
    throw new AppError('VALIDATION_FAILED', 'signing secret: 32 to 200 characters');
  }
}

function checkRoundTimeout(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < 60 || seconds > 7 * 24 * 3600) {
    throw new AppError('VALIDATION_FAILED', 'round timeout: 60 seconds to 7 days');
  }
}

function checkRoundRule(rule: string): void {
  if (!(roundTimeoutRules as readonly string[]).includes(rule)) {
    throw new AppError('VALIDATION_FAILED', `round timeout rule: ${roundTimeoutRules.join(' or ')}`);
  }
}

function amountOf(text: string): bigint {
  const parsed = parseProviderAmount(text);
  if (!parsed.ok) throw failure('RS_ERROR_INVALID_AMOUNT', `amount: ${parsed.reason}`);
  return parsed.minor;
}

function parse<C extends ProviderCall>(call: C, json: unknown): ProviderRequest<C> {
  const result = providerRequestSchemas[call].safeParse(json);
  if (result.success) return result.data as ProviderRequest<C>;
  const paths = result.error.issues.map((issue) => issue.path.join('.'));
  const message = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
    .join('; ');
  // A malformed amount has its own code: vendors test negative and over-precise amounts on purpose.
  if (paths.length > 0 && paths.every((path) => path === 'amount'))
    throw failure('RS_ERROR_INVALID_AMOUNT', message);
  throw failure('RS_ERROR_VALIDATION', message);
}
