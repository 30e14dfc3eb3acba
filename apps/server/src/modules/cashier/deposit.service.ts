import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  depositStatuses,
  formatMoney,
  parseMoney,
  type CreatedDeposit,
  type Deposit,
  type Page,
  type createDepositBodySchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/deps.js';
import type { Executor } from '../../db/database.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { actorName, type Actor, type AuditService } from '../audit/index.js';
import type { AuthenticatedMember } from '../auth/index.js';
import type { MemberService, MemberSummary } from '../member/index.js';
import { acceptUploadedImage } from '../../lib/image-intake.js';
import type { SettingsService } from '../system/index.js';
import { accountCodes, type LedgerService, type TurnoverService } from '../wallet/index.js';
import { channelRepository, type ChannelRow } from './channel.repository.js';
import { bankDetailsOf, CASHIER_CURRENCY, channelNames, type ChannelService } from './channel.service.js';
import { depositRepository, type DepositRow, type DepositView } from './deposit.repository.js';
import type { CashierEvents, RecordedCashierEvent } from './cashier-events.js';
import type { GatewayRegistry } from './gateway/gateway-registry.js';
import type { GatewayCallback, PaymentGateway } from './gateway/payment-gateway.js';

type CreateDepositBody = z.infer<typeof createDepositBodySchema>;
export type DepositStatus = (typeof depositStatuses)[number];

/** SPEC section 5: images png or jpg, at most 5 MB. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const EXPIRY_ACTOR = 'system:deposit-expiry';
const GATEWAY_CANCELLED_REASON = 'cancelled at the payment gateway';

export interface DepositServiceDeps {
  deps: Pick<AppDeps, 'db' | 'clock' | 'rng'>;
  settings: SettingsService;
  channels: ChannelService;
  gateways: GatewayRegistry;
  ledger: LedgerService;
  turnover: Pick<TurnoverService, 'require'>;
  audit: Pick<AuditService, 'record'>;
  /** who asked, for the staff views */
  members: Pick<MemberService, 'summariesOf'>;
  /** told after a credit committed */
  events?: CashierEvents;
}

export type CallbackOutcome =
  | 'credited'
  | 'already_processed'
  | 'amount_mismatch'
  | 'cancelled'
  | 'not_pending'
  | 'unknown_order'
  | 'invalid_signature'
  | 'malformed'
  | 'error';

/** How many of the member's other deposits a reviewer sees beside one. */
export const RECENT_DEPOSITS = 5;
export type RecentDeposit = Pick<Deposit, 'id' | 'amount' | 'status' | 'channelName' | 'createdAt'>;

export interface AdminDeposit extends Deposit {
  memberAccount: string;
  memberUsername: string;
}

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * The deposit's public id follows from the member and the client's request id, so a retried request
 * finds the deposit it made and the unique public id refuses a second one, even when both race (no
 * request_id column needed). 100 bits of SHA-256: collisions are not a practical concern.
 */
export function depositIdFor(memberPublicId: string, requestId: string): string {
  const digest = createHash('sha256').update(`deposit\0${memberPublicId}\0${requestId}`).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 20) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length >= 20) break;
    value &= (1 << bits) - 1;
  }
  return `dep_${out}`;
}

export const presentDeposit = (view: DepositView): Deposit => ({
  id: view.deposit.publicId,
  channelId: view.deposit.channelId,
  channelName: view.channelName,
  channelNames: channelNames({ name: view.channelName, names: view.channelNames }),
  kind: view.channelKind === 'gateway' ? 'gateway' : 'bank_transfer',
  amount: formatMoney(view.deposit.amount),
  status: (depositStatuses as readonly string[]).includes(view.deposit.status)
    ? (view.deposit.status as DepositStatus)
    : 'pending',
  reference: view.deposit.reference,
  hasProof: view.hasProof,
  reason: view.deposit.reason,
  createdAt: view.deposit.createdAt.toISOString(),
  decidedAt: view.deposit.decidedAt?.toISOString() ?? null,
  expiresAt: view.deposit.expiresAt.toISOString(),
});

const presentAdminDeposit = (view: DepositView, who: MemberSummary): AdminDeposit => ({
  ...presentDeposit(view),
  memberAccount: who.account,
  memberUsername: who.username,
});

function statusFilter(status: string | undefined): DepositStatus | undefined {
  if (status === undefined || status === '') return undefined;
  if ((depositStatuses as readonly string[]).includes(status)) return status as DepositStatus;
  throw invalid([{ path: 'status', message: `one of ${depositStatuses.join(', ')}` }]);
}

const pageOf = <T>(list: T[], total: number, pageNo: number, pageSize: number): Page<T> => ({
  list,
  pageNo,
  pageSize,
  totalCount: total,
  totalPages: Math.ceil(total / pageSize),
});

/** The turnover multiple is a setting with decimals (e.g. 1.5); it is applied in hundredths, in bigint. */
const turnoverOf = (amount: bigint, multiple: number): bigint =>
  (amount * BigInt(Math.round(multiple * 100))) / 100n;

/**
 * Deposits: by bank transfer (the member sends money with our reference, the operator confirms) and
 * through an online gateway (its signed callback confirms). Crediting moves money from the channel's
 * ledger account to the member's main account, adds the turnover requirement and marks the deposit
 * credited, all in one transaction, once.
 */
export class DepositService {
  constructor(private readonly services: DepositServiceDeps) {}

  private get db() {
    return this.services.deps.db;
  }

  // Member --------------------------------------------------------------------------------------

  async create(member: AuthenticatedMember, body: CreateDepositBody): Promise<CreatedDeposit> {
    const amount = parseMoney(body.amount);
    const publicId = depositIdFor(member.publicId, body.requestId);
    const earlier = await depositRepository.byPublicId(this.db, publicId);
    if (earlier) return this.repeat(earlier, body.channelId, amount);

    const channel = await channelRepository.find(this.db, body.channelId);
    if (!channel || !this.services.channels.usable(channel)) {
      throw new AppError('CHANNEL_UNAVAILABLE', 'this payment channel is not available');
    }
    if (amount < channel.minAmount || amount > channel.maxAmount) {
      throw new AppError('AMOUNT_OUT_OF_RANGE', 'amount outside the channel limits', undefined, {
        min: formatMoney(channel.minAmount),
        max: formatMoney(channel.maxAmount),
      });
    }
    const expiryMinutes = await this.services.settings.get('cashier.depositExpiryMinutes');
    const now = this.services.deps.clock.now();
    const inserted = await depositRepository.insert(this.db, {
      publicId,
      memberId: member.id,
      channelId: channel.id,
      amount,
      status: 'pending',
      reference: this.newReference(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + expiryMinutes * 60_000),
    });
    const view = await depositRepository.byPublicId(this.db, publicId);
    if (!view) throw new Error(`deposit ${publicId} vanished`);
    // Not inserted: the same request raced us and won; answer what it made.
    if (!inserted) return this.repeat(view, body.channelId, amount);
    return this.created(view, channel);
  }

  /** The member's credited deposits in [from, until): missions count them (through the index). */
  creditedTotals(memberId: bigint, from: Date, until: Date): Promise<{ count: number; amount: bigint }> {
    return depositRepository.creditedTotals(this.db, memberId, from, until);
  }

  async list(
    member: AuthenticatedMember,
    query: { status?: string; pageNo: number; pageSize: number },
  ): Promise<Page<Deposit>> {
    const status = statusFilter(query.status);
    const { rows, total } = await depositRepository.page(
      this.db,
      { memberId: member.id, ...(status ? { status } : {}) },
      { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
    );
    return pageOf(rows.map(presentDeposit), total, query.pageNo, query.pageSize);
  }

  /**
   * The member's proof of a bank transfer (png or jpg by its bytes, at most 5 MB). Ownership and state
   * are checked before the upload is read; another member's deposit is simply not found.
   */
  async uploadProof(
    member: AuthenticatedMember,
    publicId: string,
    readFile: () => Promise<Buffer>,
  ): Promise<Deposit> {
    const view = await depositRepository.byPublicId(this.db, publicId);
    if (!view || view.deposit.memberId !== member.id) throw notFound('deposit');
    if (view.deposit.status !== 'pending' || view.channelKind !== 'bank_transfer') {
      throw new AppError('INVALID_STATE', 'a proof is taken only for a pending bank transfer');
    }
    const bytes = await readFile();
    if (bytes.length > PROOF_MAX_BYTES) throw proofTooLarge();
    if (bytes.length === 0) throw invalid([{ path: 'proof', message: 'validation.required' }]);
    const image = await acceptUploadedImage(bytes, 'proof');
    const stored = await depositRepository.setProof(this.db, view.deposit.id, member.id, {
      contentType: image.contentType,
      bytes: image.bytes,
    });
    if (!stored) throw new AppError('INVALID_STATE', 'the deposit was decided meanwhile');
    const after = await depositRepository.byPublicId(this.db, publicId);
    if (!after) throw notFound('deposit');
    return presentDeposit(after);
  }

  // Operator ------------------------------------------------------------------------------------

  async adminList(query: { status?: string; pageNo: number; pageSize: number }): Promise<Page<AdminDeposit>> {
    const status = statusFilter(query.status);
    const { rows, total } = await depositRepository.page(this.db, status ? { status } : {}, {
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    return pageOf(await this.presentAdmin(rows), total, query.pageNo, query.pageSize);
  }

  async find(publicId: string): Promise<AdminDeposit> {
    const view = await depositRepository.byPublicId(this.db, publicId);
    const [found] = view ? await this.presentAdmin([view]) : [];
    if (!found) throw notFound('deposit');
    return found;
  }

  /** A deposit under review with the member's last 5 other deposits beside it. */
  async adminDetail(publicId: string): Promise<AdminDeposit & { recentDeposits: RecentDeposit[] }> {
    const found = await this.find(publicId);
    const view = await depositRepository.byPublicId(this.db, publicId);
    if (!view) throw notFound('deposit');
    const { rows } = await depositRepository.page(
      this.db,
      { memberId: view.deposit.memberId },
      { limit: RECENT_DEPOSITS + 1, offset: 0 },
    );
    const recentDeposits = rows
      .filter((row) => row.deposit.publicId !== publicId)
      .slice(0, RECENT_DEPOSITS)
      .map((row) => {
        const shown = presentDeposit(row);
        return {
          id: shown.id,
          amount: shown.amount,
          status: shown.status,
          channelName: shown.channelName,
          createdAt: shown.createdAt,
        };
      });
    return { ...found, recentDeposits };
  }

  /** Deposits waiting for staff, for the back office's counts. */
  async pendingCount(): Promise<number> {
    return depositRepository.countByStatus(this.db, 'pending');
  }

  async proof(publicId: string): Promise<{ contentType: string; bytes: Buffer } | null> {
    const view = await depositRepository.byPublicId(this.db, publicId);
    if (!view) throw notFound('deposit');
    return depositRepository.proof(this.db, view.deposit.id);
  }

  /** pending -> credited: the money, the turnover requirement and the status in one transaction */
  async confirm(publicId: string, decider: Actor): Promise<AdminDeposit> {
    const multiple = await this.services.settings.get('cashier.depositTurnoverMultiple');
    let creditedEvent = null as RecordedCashierEvent | null;
    const memberIds = await this.db.transaction(async (tx) => {
      const row = await depositRepository.lockByPublicId(tx, publicId);
      if (!row) throw notFound('deposit');
      if (row.status !== 'pending') throw new AppError('INVALID_STATE', `the deposit is ${row.status}`);
      const credited = await this.credit(tx, row, actorName(decider), multiple);
      creditedEvent = credited.event;
      await this.services.audit.record(
        decider,
        'deposits confirm',
        { deposit: row.publicId },
        { amount: formatMoney(row.amount) },
        { tx },
      );
      return credited.memberIds;
    });
    this.services.ledger.publishBalances(memberIds);
    await this.announceCredit(creditedEvent);
    return this.find(publicId);
  }

  /** pending -> rejected, with the reason the member sees */
  async reject(publicId: string, reason: string, decider: Actor): Promise<AdminDeposit> {
    const trimmed = reason.trim();
    if (trimmed.length < 2 || trimmed.length > 500) {
      throw invalid([{ path: 'reason', message: 'validation.length', params: { min: 2, max: 500 } }]);
    }
    await this.db.transaction(async (tx) => {
      const row = await depositRepository.lockByPublicId(tx, publicId);
      if (!row) throw notFound('deposit');
      if (row.status !== 'pending') throw new AppError('INVALID_STATE', `the deposit is ${row.status}`);
      await depositRepository.decide(tx, row.id, {
        status: 'rejected',
        reason: trimmed,
        decidedBy: actorName(decider),
        decidedAt: this.services.deps.clock.now(),
      });
      await this.services.audit.record(
        decider,
        'deposits reject',
        { deposit: row.publicId },
        { reason: trimmed },
        { tx },
      );
    });
    return this.find(publicId);
  }

  /** Pending bank transfers past their time and without a proof become expired. */
  async expireDue(): Promise<string[]> {
    return depositRepository.expireDue(this.db, this.services.deps.clock.now(), EXPIRY_ACTOR);
  }

  // Gateway -------------------------------------------------------------------------------------

  /** The deposit behind a gateway order and its channel (the sandbox's hosted page reads its order here). */
  async gatewayOrder(orderId: string): Promise<{ deposit: DepositRow; channel: ChannelRow } | null> {
    const view = await depositRepository.byGatewayOrderId(this.db, orderId);
    if (!view) return null;
    const channel = await channelRepository.find(this.db, view.deposit.channelId);
    return channel ? { deposit: view.deposit, channel } : null;
  }

  /**
   * A provider's callback, with its body exactly as received. Recorded in gateway_callback whatever
   * happens. A wrong or unverifiable signature is INVALID_SIGNATURE and changes nothing. A valid "paid"
   * credits once (the ledger key deposit:<id>; a repeat answers already_processed). A paid amount that
   * differs from the deposit is recorded and not credited: the deposit stays pending for the operator.
   */
  async handleCallback(input: {
    provider: string;
    rawBody: Buffer;
    headers: IncomingHttpHeaders;
    ip: string | null;
  }): Promise<{ outcome: CallbackOutcome }> {
    // A provider this deployment does not offer has no orders worth crediting (the sandbox in production).
    const provider = this.services.gateways.available(input.provider);
    if (!provider) throw notFound('payment provider');
    const receivedAt = this.services.deps.clock.now();
    const claimed = provider.claimedOrderId(input.rawBody);
    const record = (db: Executor, signatureValid: boolean, outcome: CallbackOutcome) =>
      depositRepository.insertCallback(db, {
        provider: provider.name,
        orderId: claimed,
        signatureValid,
        payload: payloadOf(input.rawBody),
        outcome,
        receivedAt,
        ip: input.ip,
      });

    const order = claimed ? await this.gatewayOrder(claimed) : null;
    if (!order || order.channel.details.provider !== provider.name) {
      // Without its order there is no key to check the signature with: as good as a wrong one.
      await record(this.db, false, 'unknown_order');
      throw new AppError('INVALID_SIGNATURE', 'the callback could not be verified');
    }
    const verdict = provider.gatewayFor(order.channel.details).verifyCallback(input.rawBody, input.headers);
    if (!verdict.valid) {
      await record(this.db, verdict.signatureValid, verdict.reason);
      if (verdict.reason === 'malformed')
        throw invalid([{ path: '', message: 'not a callback body we understand' }]);
      throw new AppError('INVALID_SIGNATURE', 'the callback signature is wrong');
    }
    const callback = verdict.callback;
    const multiple = await this.services.settings.get('cashier.depositTurnoverMultiple');
    try {
      const { outcome, memberIds, credited } = await this.db.transaction(async (tx) => {
        const result = await this.applyCallback(tx, callback, provider.name, multiple);
        await record(tx, true, result.outcome);
        return result;
      });
      this.services.ledger.publishBalances(memberIds);
      await this.announceCredit(credited ?? null);
      return { outcome };
    } catch (error) {
      // The provider retries on our 5xx; the failed attempt is still on record.
      await record(this.db, true, 'error').catch(() => undefined);
      throw error;
    }
  }

  private async applyCallback(
    tx: Executor,
    callback: GatewayCallback,
    provider: string,
    multiple: number,
  ): Promise<{ outcome: CallbackOutcome; memberIds: bigint[]; credited?: RecordedCashierEvent | null }> {
    const row = await depositRepository.lockByGatewayOrderId(tx, callback.orderId);
    if (!row) return { outcome: 'unknown_order', memberIds: [] };
    const actor = `gateway:${provider}`;
    if (callback.status === 'cancelled') {
      if (row.status === 'rejected') return { outcome: 'already_processed', memberIds: [] };
      if (row.status !== 'pending') return { outcome: 'not_pending', memberIds: [] };
      await depositRepository.decide(tx, row.id, {
        status: 'rejected',
        reason: GATEWAY_CANCELLED_REASON,
        decidedBy: actor,
        decidedAt: this.services.deps.clock.now(),
      });
      return { outcome: 'cancelled', memberIds: [] };
    }
    if (row.status === 'credited') return { outcome: 'already_processed', memberIds: [] };
    // Paid for a deposit we already closed (rejected, expired): the operator must look at it.
    if (row.status !== 'pending') return { outcome: 'not_pending', memberIds: [] };
    if (callback.amount !== row.amount) return { outcome: 'amount_mismatch', memberIds: [] };
    const { memberIds, event } = await this.credit(tx, row, actor, multiple);
    return { outcome: 'credited', memberIds, credited: event };
  }

  /** Whether this credited deposit is the member's first (the first-deposit bonus asks). */
  async isFirstCredited(memberId: bigint, reference: string): Promise<boolean> {
    return (await depositRepository.firstCredited(this.services.deps.db, memberId)) === reference;
  }

  /** After the commit: tells the listeners (points, bonuses, a system message to the member). */
  private async announceCredit(event: RecordedCashierEvent | null): Promise<void> {
    if (event) await this.services.events?.emit(event);
  }

  // Internals -----------------------------------------------------------------------------------

  /** Staff views with who asked, one member lookup for the whole list (never inside a transaction). */
  private async presentAdmin(views: DepositView[]): Promise<AdminDeposit[]> {
    const who = await this.services.members.summariesOf(
      this.db,
      views.map((view) => view.deposit.memberId),
    );
    return views.flatMap((view) => {
      const member = who.get(view.deposit.memberId);
      return member ? [presentAdminDeposit(view, member)] : [];
    });
  }

  /** Inside the caller's transaction, with the deposit row locked and pending. */
  private async credit(
    tx: Executor,
    row: DepositRow,
    actor: string,
    multiple: number,
  ): Promise<{ memberIds: bigint[]; event: RecordedCashierEvent | null }> {
    const result = await this.services.ledger.transfer(tx, {
      idempotencyKey: `deposit:${row.id}`,
      kind: 'deposit',
      currency: CASHIER_CURRENCY,
      legs: [
        { account: accountCodes.channel(row.channelId), amount: -row.amount },
        { account: accountCodes.memberMain(row.memberId), amount: row.amount },
      ],
      reference: row.publicId,
      memo: null,
      actor,
    });
    const now = this.services.deps.clock.now();
    const moved = await depositRepository.decide(tx, row.id, {
      status: 'credited',
      transferId: result.transferId,
      decidedBy: actor,
      decidedAt: now,
    });
    if (!moved) throw new AppError('INVALID_STATE', 'the deposit was decided meanwhile');
    const required = turnoverOf(row.amount, multiple);
    if (!result.repeated && required > 0n) {
      await this.services.turnover.require(tx, {
        memberId: row.memberId,
        transferId: result.transferId,
        required,
        source: 'deposit',
        createdAt: now,
      });
    }
    // Written with the money (ADR 082): a crash before the listeners ran still earns the points and bonus.
    const event =
      (await this.services.events?.record(tx, {
        type: 'deposit-credited',
        memberId: row.memberId,
        amount: row.amount,
        reference: row.publicId,
        at: now,
      })) ?? null;
    return { memberIds: result.memberIds, event };
  }

  private newReference(): string {
    const rng = this.services.deps.rng;
    let reference = 'D';
    for (let index = 0; index < 8; index += 1)
      reference += REFERENCE_ALPHABET[rng.int(0, REFERENCE_ALPHABET.length)];
    return reference;
  }

  /** The same request id again: the same deposit, unless it asked for something else. */
  private async repeat(view: DepositView, channelId: string, amount: bigint): Promise<CreatedDeposit> {
    if (view.deposit.channelId !== channelId || view.deposit.amount !== amount) {
      throw new AppError('IDEMPOTENCY_CONFLICT', 'this request id was used for another deposit');
    }
    const channel = await channelRepository.find(this.db, channelId);
    if (!channel) throw new Error(`channel ${channelId} of deposit ${view.deposit.publicId} vanished`);
    return this.created(view, channel);
  }

  private async created(view: DepositView, channel: ChannelRow): Promise<CreatedDeposit> {
    if (channel.kind === 'bank_transfer') {
      return { deposit: presentDeposit(view), bankDetails: bankDetailsOf(channel), redirectUrl: null };
    }
    let redirectUrl: string | null = null;
    const gateway = this.gatewayOf(channel);
    if (view.deposit.gatewayOrderId) {
      redirectUrl = gateway?.redirectUrlOf(view.deposit.gatewayOrderId) ?? null;
    } else if (view.deposit.status === 'pending') {
      if (!gateway) throw new AppError('CHANNEL_UNAVAILABLE', 'this payment channel is not available');
      // Made after the deposit row, so a provider failure leaves a deposit a retry can finish.
      const order = await gateway.createOrder({
        merchantOrderId: view.deposit.publicId,
        amount: view.deposit.amount,
        currency: CASHIER_CURRENCY,
      });
      const stored = await depositRepository.setGatewayOrder(this.db, view.deposit.id, order.orderId);
      redirectUrl = stored ? order.redirectUrl : await this.storedRedirect(view.deposit.publicId, gateway);
    }
    return { deposit: presentDeposit(view), bankDetails: null, redirectUrl };
  }

  /** A racing twin stored its order first: show that one. */
  private async storedRedirect(publicId: string, gateway: PaymentGateway): Promise<string | null> {
    const view = await depositRepository.byPublicId(this.db, publicId);
    return view?.deposit.gatewayOrderId ? gateway.redirectUrlOf(view.deposit.gatewayOrderId) : null;
  }

  private gatewayOf(channel: ChannelRow): PaymentGateway | null {
    const provider = this.services.gateways.available(channel.details.provider);
    return provider ? provider.gatewayFor(channel.details) : null;
  }
}

export function proofTooLarge(): AppError {
  return invalid([
    {
      path: 'proof',
      message: 'validation.fileTooLarge',
      params: { max: PROOF_MAX_BYTES, maxMb: PROOF_MAX_BYTES / 1024 / 1024 },
    },
  ]);
}

/** What arrived, as JSON when it is JSON; anything else kept as (clipped) text. */
function payloadOf(rawBody: Buffer): unknown {
  const text = rawBody.toString('utf8');
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) return parsed;
  } catch {
    // not JSON: kept as text below
  }
  return { unparsed: text.slice(0, 4096) };
}
