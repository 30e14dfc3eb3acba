import { formatMoney } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { AuditService } from '../audit/index.js';
import type { ContentService } from '../content/index.js';
import type { MemberService } from '../member/index.js';
import type { MessageService } from '../messaging/index.js';
import type { LedgerService, TurnoverService } from '../wallet/index.js';
import { registerApplicationRoutes } from './application.routes.js';
import { ApplicationService } from './application.service.js';

export { ApplicationService } from './application.service.js';

/**
 * Rewards (issue 15): promotions members apply for, reviewed by the operator and claimed through the
 * ledger with their turnover requirement. The member is told of the decision by a platform message.
 */
export function createRewardsModule(
  deps: AppDeps,
  modules: {
    promotions: Pick<ContentService, 'promotionDetail'>;
    members: Pick<MemberService, 'summariesOf'>;
    ledger: LedgerService;
    turnover: Pick<TurnoverService, 'require'>;
    audit: AuditService;
    messages: Pick<MessageService, 'system'>;
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
  return {
    applications,
    registerRoutes: (app: FastifyInstance) => registerApplicationRoutes(app, { applications }),
  };
}
export type RewardsModule = ReturnType<typeof createRewardsModule>;
