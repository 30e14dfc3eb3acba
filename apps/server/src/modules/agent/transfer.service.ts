import { formatMoney, parseMoney, type Settings } from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { AuthenticatedMember, RequestOrigin } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import type { AuditService } from '../audit/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import { hierarchyRepository, type MemberRef } from './hierarchy.repository.js';

export interface AgentTransferDeps {
  db: Database;
  ledger: LedgerService;
  audit: AuditService;
  settings: () => Promise<Settings>;
  /** the cashier's payment-password check (hashes: call before any transaction) */
  verifyPaymentPassword: (memberId: bigint, paymentPassword: string, origin: RequestOrigin) => Promise<void>;
  /** what the member must still wager before money may leave their wallet (the withdrawal's rule) */
  turnoverRemaining: (memberId: bigint) => Promise<bigint>;
}

/**
 * transferUpline (SPEC section 2's member centre) and an agent's transfer to a direct downline: main
 * wallet to main wallet through the ledger (key agent-transfer:<member>:<requestId>), with the payment
 * password, the operator's limits and an audit row.
 */
export class AgentTransferService {
  constructor(private readonly deps: AgentTransferDeps) {}

  /** The transfer form's facts: to whom the member's transfer goes, and the limits. */
  async info(member: AuthenticatedMember) {
    const me = await hierarchyRepository.member(this.deps.db, member.id);
    const upline = me?.uplineId ? await hierarchyRepository.member(this.deps.db, me.uplineId) : null;
    const limits = (await this.deps.settings())['agent.transferLimits'];
    return {
      upline: upline?.username ?? null,
      min: formatMoney(parseMoney(limits.min)),
      max: formatMoney(parseMoney(limits.max)),
    };
  }

  async toUpline(
    member: AuthenticatedMember,
    body: { amount: string; paymentPassword: string; requestId: string },
    origin: RequestOrigin,
  ) {
    const me = await hierarchyRepository.member(this.deps.db, member.id);
    const upline = me?.uplineId ? await hierarchyRepository.member(this.deps.db, me.uplineId) : null;
    if (!upline) throw new AppError('INVALID_STATE', 'you have no upline');
    // Money sent up may be withdrawn by the agent: it leaves under the withdrawal's turnover rule, so a
    // deposit (or bonus) not yet played cannot be cashed out through an upline.
    const remaining = await this.deps.turnoverRemaining(member.id);
    if (remaining > 0n) {
      throw new AppError('TURNOVER_NOT_MET', 'wager more before transferring to your upline', undefined, {
        remaining: formatMoney(remaining),
      });
    }
    return this.move(member, upline, body, origin, 'upline');
  }

  async toDownline(
    member: AuthenticatedMember,
    body: { amount: string; paymentPassword: string; requestId: string; downline: string },
    origin: RequestOrigin,
  ) {
    const downline = await hierarchyRepository.memberByPublicId(this.deps.db, body.downline);
    if (!downline || downline.uplineId !== member.id) {
      throw new AppError('NOT_FOUND', 'no such direct downline', [
        { path: 'downline', message: 'validation.notDirectDownline' },
      ]);
    }
    return this.move(member, downline, body, origin, 'downline');
  }

  private async move(
    member: AuthenticatedMember,
    to: MemberRef,
    body: { amount: string; paymentPassword: string; requestId: string },
    origin: RequestOrigin,
    direction: 'upline' | 'downline',
  ) {
    const settings = await this.deps.settings();
    const amount = parseMoney(body.amount);
    const limits = settings['agent.transferLimits'];
    if (amount < parseMoney(limits.min) || amount > parseMoney(limits.max)) {
      throw new AppError('AMOUNT_OUT_OF_RANGE', 'the amount is outside the limits', undefined, {
        min: limits.min,
        max: limits.max,
      });
    }
    if (to.status !== 'active') throw new AppError('INVALID_STATE', 'the receiving account is not active');
    await this.deps.verifyPaymentPassword(member.id, body.paymentPassword, origin);
    const from = accountCodes.memberMain(member.id);
    const result = await this.deps.db.transaction(async (tx) => {
      const moved = await this.deps.ledger.transfer(tx, {
        idempotencyKey: `agent-transfer:${member.id}:${body.requestId}`,
        kind: 'agent_transfer',
        currency: 'REAL',
        legs: [
          { account: from, amount: -amount },
          { account: accountCodes.memberMain(to.id), amount },
        ],
        reference: to.username,
        memo: direction,
        actor: `member:${member.publicId}`,
      });
      if (!moved.repeated) {
        await this.deps.audit.record(
          `member:${member.publicId}`,
          `agent.transfer-${direction}`,
          { from: member.username, to: to.username },
          { amount: formatMoney(amount), requestId: body.requestId, ip: origin.ip },
          { tx },
        );
      }
      return moved;
    });
    this.deps.ledger.publishBalances(result.memberIds);
    const balance = result.balances[from] ?? (await this.deps.ledger.balanceOf(this.deps.db, from));
    return { to: to.username, amount: formatMoney(amount), balance: formatMoney(balance) };
  }
}
