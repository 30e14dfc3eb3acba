import { formatMoney } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { AuditService } from '../audit/index.js';
import type { ContentService } from '../content/index.js';
import type { MemberService } from '../member/index.js';
import type { MessageService } from '../messaging/index.js';
import type { Scheduler } from '../../lib/scheduler.js';
import type { TurnoverService as TurnoverAggregate } from '../agent/index.js';
import type { CashierModule } from '../cashier/index.js';
import type { SettingsService } from '../system/index.js';
import type { LedgerService, TurnoverService } from '../wallet/index.js';
import { registerApplicationRoutes } from './application.routes.js';
import { ApplicationService } from './application.service.js';
import { AutoRewardService } from './auto-reward.service.js';
import { BonusService } from './bonus.service.js';
import { rewardsOperatorCommands } from './rewards.operator.js';

export { ApplicationService } from './application.service.js';
export { AutoRewardService } from './auto-reward.service.js';
export { BonusService } from './bonus.service.js';

/** How often the rebate job looks for yesterday's unpaid rebates (it pays each member once). */
export const REBATE_JOB_MS = 60 * 60_000;

/**
 * Rewards (issue 15): promotions members apply for, reviewed by the operator and claimed through the
 * ledger with their turnover requirement (the member is told of the decision by a platform message);
 * the automatic promotions (first-deposit and reload bonuses on the cashier's deposit-credited event,
 * the daily rebate on the agent module's turnover roll-up); the bonusDetails view and the operator's
 * rule for a withdrawal while a bonus is open, set on the cashier's withdrawals.
 */
export function createRewardsModule(
  deps: AppDeps,
  modules: {
    promotions: Pick<ContentService, 'promotionDetail'>;
    members: Pick<MemberService, 'summariesOf'>;
    ledger: LedgerService;
    turnover: Pick<TurnoverService, 'require' | 'forfeit' | 'forfeitedOf'>;
    audit: AuditService;
    messages: Pick<MessageService, 'system'>;
    settings: Pick<SettingsService, 'all' | 'get'>;
    cashier: Pick<CashierModule, 'deposits' | 'onEvent' | 'addWithdrawalRule'>;
    /** the agent module's turnover roll-up (ADR 046) */
    turnoverAggregate: Pick<TurnoverAggregate, 'dayBettors' | 'memberTotals'>;
  },
) {
  const applications = new ApplicationService({
    deps,
    promotions: modules.promotions,
    members: modules.members,
    ledger: modules.ledger,
    turnover: modules.turnover,
    audit: modules.audit,
    onDecided: async ({ memberId, approved, bonus }) => {
      const amount = bonus === null ? '' : formatMoney(bonus);
      await modules.messages.system(
        memberId,
        approved ? 'promotion-approved' : 'promotion-rejected',
        approved
          ? { bn: 'প্রোমোশন অনুমোদিত', en: 'Promotion approved' }
          : { bn: 'প্রোমোশন আবেদন প্রত্যাখ্যাত', en: 'Promotion application declined' },
        approved
          ? {
              bn: `আপনার ${amount} বোনাস প্রস্তুত। পুরস্কার কেন্দ্র থেকে গ্রহণ করুন।`,
              en: `Your bonus of ${amount} is ready. Claim it from your promotion applications.`,
            }
          : {
              bn: 'আপনার প্রোমোশন আবেদন প্রত্যাখ্যাত হয়েছে। বিস্তারিত আবেদনে দেখুন।',
              en: 'Your promotion application was declined. See the reason on your application.',
            },
      );
    },
  });
  const autoRewards = new AutoRewardService({
    deps,
    settings: modules.settings,
    ledger: modules.ledger,
    turnover: modules.turnover,
    deposits: modules.cashier.deposits,
    bettors: modules.turnoverAggregate,
    audit: modules.audit,
  });
  const bonuses = new BonusService({
    deps,
    settings: modules.settings,
    ledger: modules.ledger,
    turnover: modules.turnover,
    aggregate: modules.turnoverAggregate,
  });
  modules.cashier.onEvent('rewards', async (event) => {
    if (event.type === 'deposit-credited') await autoRewards.onDepositCredited(event);
  });
  modules.cashier.addWithdrawalRule((memberId, requestId) => bonuses.beforeWithdrawal(memberId, requestId));
  return {
    applications,
    autoRewards,
    bonuses,
    registerRoutes: (app: FastifyInstance) =>
      registerApplicationRoutes(app, { applications, bonuses, autoRewards }),
    schedule: (scheduler: Pick<Scheduler, 'every'>) => {
      scheduler.every('rewards-rebate', REBATE_JOB_MS, () => autoRewards.payYesterdaysRebate());
    },
    operatorCommands: rewardsOperatorCommands({ applications, autoRewards }),
  };
}
export type RewardsModule = ReturnType<typeof createRewardsModule>;
