import { z } from 'zod';
import { call } from './call.js';
import { pageSchema } from './content.js';
import { gameCategorySchema } from './game.js';
import { inputText } from './input-text.js';
import { lotteryBetStatuses } from './lottery.js';
import { roundDetailSchema, type RoundDetail } from './provider.js';
import { daysInRange, RECORDS_MAX_DAYS, roundStatuses } from './records-range.js';

/**
 * The member's records of play (SPEC section 2: personalHistoryCopy, the betting record, and
 * personalProfit, personal profit and loss), read from the rounds vendors report through the wallet
 * API. Days are whole days in the site's time zone (ADR 022); every query names its range, at most
 * RECORDS_MAX_DAYS days, so a read is always bounded.
 */

const isoDate = inputText(10).check(z.iso.date());
/** from and to, both required, from not after to, at most RECORDS_MAX_DAYS days */
const dateRange = {
  /** the first day, yyyy-MM-dd in the site's time zone */
  from: isoDate,
  /** the last day, included */
  to: isoDate,
};
const checkRange = (range: { from: string; to: string }, context: z.core.$RefinementCtx): void => {
  const days = daysInRange(range.from, range.to);
  if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
  else if (days > RECORDS_MAX_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: `at most ${RECORDS_MAX_DAYS} days` });
  }
};

export const betRecordQuerySchema = z
  .object({
    ...dateRange,
    /** the lobby category of the round's vendor (SPORTS vendors listed as esports: ESPORTS) */
    category: gameCategorySchema.optional(),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .superRefine(checkRange);
export type BetRecordQuery = z.input<typeof betRecordQuerySchema>;

export const betRecordLotterySchema = z.object({
  periodNo: z.string(),
  betType: z.string(),
  selection: z.array(z.string()),
  /** decimal odds, e.g. "1.98" */
  odds: z.string(),
  /** the stake of one unit; the bet cost stake * units (the record's bet) */
  stake: z.string(),
  units: z.number().int(),
  status: z.enum(lotteryBetStatuses),
  hits: z.number().int(),
});
export type BetRecordLottery = z.infer<typeof betRecordLotterySchema>;

/** One round of the betting record. Money: decimal strings in major units. */
export const betRecordSchema = z.object({
  /** our id of the round (the detail call takes it) */
  id: z.string(),
  /** the vendor's id of the round, as the vendor's own records name it */
  roundRef: z.string(),
  vendorCode: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  /** the catalogue's name; the game code when the catalogue no longer lists the game */
  gameName: z.string(),
  category: gameCategorySchema.nullable(),
  bet: z.string(),
  win: z.string(),
  refund: z.string(),
  /** win + refund - bet: what the round gave (positive) or took (negative) */
  net: z.string(),
  status: z.enum(roundStatuses),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** played with a trial account's demo money */
  demo: z.boolean(),
  /** the vendor told what happened (the detail call shows it) */
  hasDetail: z.boolean(),
  /**
   * a lottery bet (ADR 061): its period, numbers, bet type, odds and own status; its detail is the
   * lottery's bet detail call (lotteryBetDetail, the draw and its proof), keyed by `id` (the bet id)
   */
  lottery: betRecordLotterySchema.optional(),
});
export type BetRecord = z.infer<typeof betRecordSchema>;

export const betRecordDetailSchema = betRecordSchema.extend({
  /** what happened as the vendor last told it; null when the vendor sent nothing */
  detail: roundDetailSchema.nullable(),
});
export type BetRecordDetail = z.infer<typeof betRecordDetailSchema>;
/** The vendor's account of a round (provider.ts's RoundDetail), named for the web app's records. */
export type RecordedRoundDetail = RoundDetail;

export const betRecordParamsSchema = z.object({
  id: inputText(20).regex(/^[1-9]\d{0,18}$/, 'not a round id'),
});

export const profitQuerySchema = z.object({ ...dateRange }).superRefine(checkRange);
export type ProfitQuery = z.input<typeof profitQuerySchema>;

const profitTotals = {
  rounds: z.number().int(),
  bet: z.string(),
  win: z.string(),
  refund: z.string(),
  /** what settled rounds and bets put at risk: bet less refunds; cancelled ones and ties add nothing */
  validBet: z.string(),
  /** win + refund - bet */
  net: z.string(),
};
export const profitReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** played with a trial account's demo money */
  demo: z.boolean(),
  total: z.object(profitTotals),
  /** only the days with rounds, oldest first; day is yyyy-MM-dd in the site's time zone */
  days: z.array(z.object({ day: z.string(), ...profitTotals })),
  /** only the categories with rounds, in the lobby's order; null: a vendor no longer in the catalogue */
  categories: z.array(z.object({ category: gameCategorySchema.nullable(), ...profitTotals })),
});
export type ProfitReport = z.infer<typeof profitReportSchema>;

export const recordsCalls = {
  betRecords: call({
    method: 'GET',
    path: '/wps/records/bets',
    access: 'member',
    query: betRecordQuerySchema,
    response: pageSchema(betRecordSchema),
  }),
  betRecord: call({
    method: 'GET',
    path: '/wps/records/bets/:id',
    access: 'member',
    params: betRecordParamsSchema,
    response: betRecordDetailSchema,
  }),
  profit: call({
    method: 'GET',
    path: '/wps/records/profit',
    access: 'member',
    query: profitQuerySchema,
    response: profitReportSchema,
  }),
};
