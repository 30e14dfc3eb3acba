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

const reviewers = { admin: ['owner', 'cashier'] } as const;

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
