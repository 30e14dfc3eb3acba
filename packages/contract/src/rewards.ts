import { z } from 'zod';
import { call } from './call.js';
import { promotionParamsSchema } from './content.js';
import { APPLICATION_COMMENT_MAX } from './constants.js';
import { inputText } from './input-text.js';
import { positiveMoneySchema } from './wallet.js';

/**
 * Promotions members apply for (issue 15; SPEC sections 4 and 5): a comment and up to 3 images, the
 * operator's review (a bonus and its turnover requirement, or a reason), then the member's claim,
 * which credits the bonus account through the ledger once.
 */

/** SPEC section 4's activity states this flow uses: applying, rejected, issued (approved), claimed. */
export const applicationStatuses = ['applying', 'rejected', 'issued', 'claimed'] as const;
export const applicationSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  status: z.enum(applicationStatuses),
  comment: z.string(),
  images: z.number().int().min(0),
  /** once approved: the bonus and the valid bets it requires before a withdrawal */
  bonus: z.string().nullable(),
  turnoverRequired: z.string().nullable(),
  /** once rejected */
  reason: z.string().nullable(),
  appliedAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type PromotionApplication = z.infer<typeof applicationSchema>;
export const adminApplicationSchema = applicationSchema.extend({ account: z.string() });

/** the multipart fields of POST /wps/promotions/:id/applications besides up to 3 files `images` */
export const applicationFieldsSchema = z.object({
  comment: inputText(APPLICATION_COMMENT_MAX, { multiline: true }).trim(),
});
export const applicationParamsSchema = z.object({ id: inputText(40).regex(/^app_[a-f0-9]{20}$/) });
export const approveApplicationBodySchema = z.object({
  bonus: positiveMoneySchema,
  /** valid bets required before a withdrawal, as a multiple of the bonus (0: none) */
  turnoverMultiple: z.number().int().min(0).max(100),
});
export const rejectApplicationBodySchema = z.object({ reason: inputText(200).trim().min(2) });
export const adminApplicationsQuerySchema = z.object({
  status: z.enum(applicationStatuses).optional(),
});

/**
 * Where a bonus came from: an application the operator approved, an automatic promotion, or a grant by
 * staff (the back office's Players -> Actions).
 */
export const bonusKinds = ['promotion', 'first-deposit', 'reload', 'rebate', 'staff'] as const;
/** open: valid bets still required; met: wagered through; forfeited: given up by a withdrawal (operator's rule) */
export const bonusStatuses = ['open', 'met', 'forfeited'] as const;
/** One bonus on the bonusDetails page: its turnover requirement and the valid bets made since. */
export const memberBonusSchema = z.object({
  id: z.string(),
  kind: z.enum(bonusKinds),
  /** the promotion applied for, or the period of an automatic bonus (a site day; 'once') */
  reference: z.string(),
  amount: z.string(),
  turnoverRequired: z.string(),
  /** valid bets since the bonus's site day (the agent module's turnover roll-up), capped at the requirement */
  wagered: z.string(),
  remaining: z.string(),
  status: z.enum(bonusStatuses),
  grantedAt: z.string(),
});
export type MemberBonus = z.infer<typeof memberBonusSchema>;
export const memberBonusesSchema = z.object({
  bonuses: z.array(memberBonusSchema),
  /** what a withdrawal does while a requirement is open */
  withdrawRule: z.enum(['refuse', 'forfeit']),
});
export type MemberBonuses = z.infer<typeof memberBonusesSchema>;

export const payRebateBodySchema = z.object({
  /** the site day whose valid bets earn the rebate, yyyy-MM-dd; only a day that has ended */
  day: inputText(10).regex(/^\d{4}-\d{2}-\d{2}$/),
});
export const payRebateResultSchema = z.object({
  day: z.string(),
  /** members paid by this call (a day already paid pays nobody again) */
  paid: z.number().int().min(0),
  total: z.string(),
});

const reviewers = { admin: ['owner', 'finance'] } as const;

export const rewardsCalls = {
  /** multipart/form-data: comment (at most 140 characters) and up to 3 png or jpg files `images` (5 MB each) */
  applyPromotion: call({
    method: 'POST',
    path: '/wps/promotions/:id/applications',
    access: 'member-real',
    encoding: 'multipart/form-data',
    params: promotionParamsSchema,
    response: applicationSchema,
  }),
  myApplications: call({
    method: 'GET',
    path: '/wps/promotions/applications',
    access: 'member-real',
    response: z.array(applicationSchema),
  }),
  claimApplication: call({
    method: 'POST',
    path: '/wps/promotions/applications/:id/claim',
    access: 'member-real',
    params: applicationParamsSchema,
    response: applicationSchema,
  }),
  /** the bonusDetails page: every bonus with its turnover requirement and progress */
  myBonuses: call({
    method: 'GET',
    path: '/wps/bonuses',
    access: 'member-real',
    response: memberBonusesSchema,
  }),
  /** pays a day's rebate now (the hourly job does it by itself); paying a day twice pays nobody twice */
  adminPayRebate: call({
    method: 'POST',
    path: '/wps/admin/rewards/rebate',
    access: { admin: ['owner'] },
    body: payRebateBodySchema,
    response: payRebateResultSchema,
  }),
  adminApplications: call({
    method: 'GET',
    path: '/wps/admin/promotions/applications',
    access: reviewers,
    query: adminApplicationsQuerySchema,
    response: z.array(adminApplicationSchema),
  }),
  adminApproveApplication: call({
    method: 'POST',
    path: '/wps/admin/promotions/applications/:id/approve',
    access: reviewers,
    params: applicationParamsSchema,
    body: approveApplicationBodySchema,
    response: adminApplicationSchema,
  }),
  adminRejectApplication: call({
    method: 'POST',
    path: '/wps/admin/promotions/applications/:id/reject',
    access: reviewers,
    params: applicationParamsSchema,
    body: rejectApplicationBodySchema,
    response: adminApplicationSchema,
  }),
};
