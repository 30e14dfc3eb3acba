import { z } from 'zod';
import { call } from './call.js';
import { pageSchema } from './content.js';
import { inputText } from './input-text.js';
import { moneyStringSchema } from './money.js';
import { positiveMoneySchema, requestIdSchema } from './wallet.js';

/**
 * Loyalty (issue 15; SPEC sections 3 and 9): points earned by valid bets and deposits at the operator's
 * ratios, never expiring; converting points to cash (payment password checked); the point mall and its
 * redeem records reviewed by the operator; the player rank (VIP) with its club label and gifts.
 * Points are whole numbers; money travels as decimal strings as everywhere else.
 */

const pointsSchema = z.number().int().min(0);
const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const pointsSummarySchema = z.object({
  balance: pointsSchema,
  /** points that convert to 1.00 of money */
  pointsPerUnit: z.number().int().positive(),
  /** the fewest points one conversion takes */
  minConvert: z.number().int().positive(),
});
export type PointsSummary = z.infer<typeof pointsSummarySchema>;

export const pointsEntryKinds = ['bet', 'deposit', 'convert', 'redeem', 'refund', 'adjust'] as const;
export const pointsEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(pointsEntryKinds),
  /** the balance before, the change (negative when spent) and the balance after */
  current: z.number().int(),
  changed: z.number().int(),
  balance: z.number().int(),
  /** what it was for: a category and day, a deposit, a redeem's reference */
  reference: z.string(),
  at: z.string(),
});
export type PointsEntry = z.infer<typeof pointsEntrySchema>;

export const convertPointsSchema = z.object({
  points: z.number().int().positive().max(1_000_000_000),
  paymentPassword: inputText(64),
  /** made once per attempt: a retried click never converts twice */
  requestId: requestIdSchema,
});
export type ConvertPoints = z.input<typeof convertPointsSchema>;
export const convertResultSchema = z.object({
  balance: pointsSchema,
  /** the money credited to the main wallet */
  amount: z.string(),
});

export const mallItemKinds = ['physical', 'bonus'] as const;
export const mallItemSchema = z.object({
  id: z.string(),
  kind: z.enum(mallItemKinds),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** points per piece */
  points: pointsSchema,
  /** for a bonus item: the money credited to the bonus account once approved */
  bonus: z.string().nullable(),
  stock: pointsSchema,
  /** the most pieces one member may redeem (rejected redeems not counted) */
  perMemberLimit: z.number().int().positive(),
  /** pieces this member already redeemed (0 for the admin list) */
  redeemed: pointsSchema,
});
export type MallItem = z.infer<typeof mallItemSchema>;

export const mallItemParamsSchema = z.object({
  id: inputText(40).regex(/^itm_[a-z0-9]{4,32}$/, 'an item id'),
});
export const redeemBodySchema = z.object({
  quantity: z.number().int().min(1).max(100),
  /** one per redeem the member means: a retry with it answers the first redeem and spends nothing again */
  requestId: requestIdSchema,
});

export const redeemStatuses = ['process', 'rejected', 'approved'] as const;
export const redeemRecordSchema = z.object({
  referenceNo: z.string(),
  applyTime: z.string(),
  type: z.enum(mallItemKinds),
  name: z.string(),
  quantity: z.number().int().positive(),
  points: pointsSchema,
  status: z.enum(redeemStatuses),
  reason: z.string().nullable(),
});
export type RedeemRecord = z.infer<typeof redeemRecordSchema>;
export const adminRedeemRecordSchema = redeemRecordSchema.extend({ account: z.string() });
export const redeemParamsSchema = z.object({
  reference: inputText(40).regex(/^RD[0-9A-F]{16}$/, 'a reference'),
});
export const rejectRedeemBodySchema = z.object({ reason: inputText(200).trim().min(2) });
export const adminRedeemsQuerySchema = pageQuery.extend({ status: z.enum(redeemStatuses).optional() });

export const clubLabelShape = z.object({
  labelName: z.string(),
  color: z.string(),
  color2: z.string(),
  rankLevel: z.number().int().min(0),
});
export const rankSchema = clubLabelShape.extend({
  /** over the rolling window: deposits and valid bets (both reached) that earn this rank */
  minDeposit: z.string(),
  minValidBet: z.string(),
  /** paid once when the member first reaches this rank */
  upgradeGift: z.string(),
  /** claimable once per calendar month while at this rank */
  monthlyGift: z.string(),
});
export const playerRankSchema = z.object({
  current: rankSchema,
  next: rankSchema.nullable(),
  windowDays: z.number().int().positive(),
  /** over the window */
  deposit: z.string(),
  validBet: z.string(),
  /** 0..100 toward the next rank (the lower of the two measures); 100 at the top */
  progress: z.number().int().min(0).max(100),
  /** this month's gift is still to be claimed */
  monthlyGiftClaimable: z.boolean(),
  ranks: z.array(rankSchema),
});
export type PlayerRank = z.infer<typeof playerRankSchema>;
export const monthlyGiftResultSchema = z.object({ amount: z.string(), month: z.string() });

// The operator's mall items and ranks (admin calls and the operator tool check the same schemas).
const itemText = (max: number) =>
  z.object({ bn: inputText(max).trim().min(1), en: inputText(max).trim().min(1) });
const imageUrlSchema = inputText(2000).regex(
  /^(\/|https?:\/\/)\S+$/,
  'must be a path starting with / or an http(s) address',
);
const itemPointsSchema = z.number().int().min(1).max(1_000_000_000);
const stockSchema = z.number().int().min(0).max(1_000_000);
const perMemberLimitSchema = z.number().int().min(1).max(1_000);

export const adminMallItemSchema = z.object({
  id: z.string(),
  kind: z.enum(mallItemKinds),
  name: z.object({ bn: z.string(), en: z.string() }),
  description: z.object({ bn: z.string(), en: z.string() }),
  imageUrl: z.string().nullable(),
  points: pointsSchema,
  bonus: z.string().nullable(),
  stock: pointsSchema,
  perMemberLimit: z.number().int().positive(),
  active: z.boolean(),
});
export type AdminMallItem = z.infer<typeof adminMallItemSchema>;

/** A bonus item credits `bonus` per piece once approved; a physical item has none. */
export const createMallItemBodySchema = z
  .object({
    kind: z.enum(mallItemKinds),
    name: itemText(80),
    description: itemText(500),
    imageUrl: imageUrlSchema.nullable().default(null),
    points: itemPointsSchema,
    bonus: positiveMoneySchema.nullable().default(null),
    stock: stockSchema,
    perMemberLimit: perMemberLimitSchema,
  })
  .refine((body) => (body.kind === 'bonus') === (body.bonus !== null), {
    path: ['bonus'],
    message: 'a bonus item needs its bonus amount; a physical item has none',
  });
export type CreateMallItemBody = z.input<typeof createMallItemBodySchema>;

/** What an edit may change (the kind stays); at least one field. */
export const updateMallItemBodySchema = z
  .object({
    name: itemText(80).optional(),
    description: itemText(500).optional(),
    imageUrl: imageUrlSchema.nullable().optional(),
    points: itemPointsSchema.optional(),
    bonus: positiveMoneySchema.optional(),
    perMemberLimit: perMemberLimitSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    path: [''],
    message: 'nothing to change',
  });
export type UpdateMallItemBody = z.input<typeof updateMallItemBodySchema>;
export const mallItemActiveBodySchema = z.object({ active: z.boolean() });
/** The pieces on the shelf, as counted by the operator (redeems already made are not affected). */
export const mallItemStockBodySchema = z.object({ stock: stockSchema });

const colorSchema = inputText(7).regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #RRGGBB');
const notNegativeMoney = moneyStringSchema.refine((text) => !text.startsWith('-'), 'must not be negative');
export const rankParamsSchema = z.object({
  level: z.coerce.number().int().min(0).max(20),
});
/** A rank's label and thresholds, created or replaced whole. */
export const setRankBodySchema = z.object({
  labelName: inputText(32)
    .trim()
    .regex(/^[\p{L}\p{N} _-]{1,32}$/u, '1 to 32 letters, digits, spaces, _ or -'),
  color: colorSchema,
  color2: colorSchema,
  minDeposit: notNegativeMoney,
  minValidBet: notNegativeMoney,
  upgradeGift: notNegativeMoney,
  monthlyGift: notNegativeMoney,
});
export type SetRankBody = z.input<typeof setRankBodySchema>;

const operators = { admin: ['owner'] } as const;
const reviewers = { admin: ['owner', 'finance'] } as const;

export const loyaltyCalls = {
  points: call({ method: 'GET', path: '/wps/points', access: 'member', response: pointsSummarySchema }),
  pointsHistory: call({
    method: 'GET',
    path: '/wps/points/history',
    access: 'member',
    query: pageQuery,
    response: pageSchema(pointsEntrySchema),
  }),
  convertPoints: call({
    method: 'POST',
    path: '/wps/points/convert',
    access: 'member-real',
    body: convertPointsSchema,
    response: convertResultSchema,
  }),
  pointMall: call({
    method: 'GET',
    path: '/wps/points/mall',
    access: 'member',
    response: z.array(mallItemSchema),
  }),
  redeemMallItem: call({
    method: 'POST',
    path: '/wps/points/mall/:id/redeem',
    access: 'member-real',
    params: mallItemParamsSchema,
    body: redeemBodySchema,
    response: redeemRecordSchema,
  }),
  redeemRecords: call({
    method: 'GET',
    path: '/wps/points/redeems',
    access: 'member',
    query: pageQuery,
    response: pageSchema(redeemRecordSchema),
  }),
  playerRank: call({ method: 'GET', path: '/wps/rank', access: 'member', response: playerRankSchema }),
  claimMonthlyGift: call({
    method: 'POST',
    path: '/wps/rank/monthly-gift',
    access: 'member-real',
    response: monthlyGiftResultSchema,
  }),
  adminRedeems: call({
    method: 'GET',
    path: '/wps/admin/points/redeems',
    access: reviewers,
    query: adminRedeemsQuerySchema,
    response: pageSchema(adminRedeemRecordSchema),
  }),
  adminApproveRedeem: call({
    method: 'POST',
    path: '/wps/admin/points/redeems/:reference/approve',
    access: reviewers,
    params: redeemParamsSchema,
    response: adminRedeemRecordSchema,
  }),
  adminRejectRedeem: call({
    method: 'POST',
    path: '/wps/admin/points/redeems/:reference/reject',
    access: reviewers,
    params: redeemParamsSchema,
    body: rejectRedeemBodySchema,
    response: adminRedeemRecordSchema,
  }),
  adminMallItems: call({
    method: 'GET',
    path: '/wps/admin/points/mall/items',
    access: operators,
    response: z.array(adminMallItemSchema),
  }),
  adminCreateMallItem: call({
    method: 'POST',
    path: '/wps/admin/points/mall/items',
    access: operators,
    body: createMallItemBodySchema,
    response: adminMallItemSchema,
  }),
  adminUpdateMallItem: call({
    method: 'PUT',
    path: '/wps/admin/points/mall/items/:id',
    access: operators,
    params: mallItemParamsSchema,
    body: updateMallItemBodySchema,
    response: adminMallItemSchema,
  }),
  adminSetMallItemActive: call({
    method: 'POST',
    path: '/wps/admin/points/mall/items/:id/active',
    access: operators,
    params: mallItemParamsSchema,
    body: mallItemActiveBodySchema,
    response: adminMallItemSchema,
  }),
  adminSetMallItemStock: call({
    method: 'POST',
    path: '/wps/admin/points/mall/items/:id/stock',
    access: operators,
    params: mallItemParamsSchema,
    body: mallItemStockBodySchema,
    response: adminMallItemSchema,
  }),
  adminRanks: call({
    method: 'GET',
    path: '/wps/admin/ranks',
    access: operators,
    response: z.array(rankSchema),
  }),
  adminSetRank: call({
    method: 'PUT',
    path: '/wps/admin/ranks/:level',
    access: operators,
    params: rankParamsSchema,
    body: setRankBodySchema,
    response: rankSchema,
  }),
};
