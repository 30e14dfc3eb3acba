import { z } from 'zod';
import { call } from './call.js';
import { inputText } from './input-text.js';
import { moneyStringSchema } from './money.js';
import { daysInRange } from './records-range.js';

/**
 * The back office's Dashboard (issue 27): the business's figures over a range of site days beside the
 * period of the same length just before it, by game category, and per day for the charts. Read from the
 * reports module's per-day rollups (ADR 096), so its cost does not grow with the number of bets.
 */

const dashboardReaders = { admin: ['owner', 'finance', 'analyst'] } as const;

/** The longest range one dashboard call may ask for, both days included. */
export const DASHBOARD_MAX_DAYS = 366;

/** The dashboard's game categories: the lobby categories, the lottery (ours and vendors') and our own games. */
export const reportCategories = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'LOTTERY',
  'INHOUSE',
  'OTHER',
] as const;
export type ReportCategory = (typeof reportCategories)[number];

const isoDate = inputText(10).check(z.iso.date());

/** Both days or neither: without them, the call answers today (the site's day by the server's clock). */
export const dashboardQuerySchema = z
  .object({
    /** the first day, yyyy-MM-dd in the site's time zone */
    from: isoDate.optional(),
    /** the last day, included */
    to: isoDate.optional(),
  })
  .superRefine((range, context) => {
    if (range.from === undefined || range.to === undefined) {
      if (range.from !== range.to) {
        const missing = range.from === undefined ? 'from' : 'to';
        context.addIssue({ code: 'custom', path: [missing], message: 'give both from and to, or neither' });
      }
      return;
    }
    const days = daysInRange(range.from, range.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
    else if (days > DASHBOARD_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: `at most ${DASHBOARD_MAX_DAYS} days` });
    }
  });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

const countAmount = z.object({ count: z.number().int(), amount: moneyStringSchema });

/** Play of one category (or of all): stakes net of refunds, wins paid, GGR = stakes - wins. */
export const playFiguresSchema = z.object({
  bets: z.number().int(),
  stakes: moneyStringSchema,
  wins: moneyStringSchema,
  ggr: moneyStringSchema,
});
export type PlayFigures = z.infer<typeof playFiguresSchema>;

export const dashboardFiguresSchema = playFiguresSchema.extend({
  /** new member accounts (trial accounts not counted) */
  registrations: z.number().int(),
  /** members' first credited deposit ever, made in the period */
  firstDeposits: countAmount,
  /** distinct members with a credited deposit */
  depositors: z.number().int(),
  /** credited deposits */
  deposits: countAmount,
  /** withdrawals paid out */
  withdrawals: countAmount,
  /** deposits less withdrawals paid */
  netDeposits: moneyStringSchema,
  /** distinct members who placed a real-money bet */
  activePlayers: z.number().int(),
  /** bonuses the house paid (less bonuses given up) */
  bonuses: moneyStringSchema,
  /** what the house paid through the agents' commission account (wages, dividends, salaries, referral rewards) */
  commissions: moneyStringSchema,
  /** GGR - bonuses - commissions */
  ngr: moneyStringSchema,
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** the period of the same length just before [from, to] */
  previousFrom: z.string(),
  previousTo: z.string(),
  current: dashboardFiguresSchema,
  previous: dashboardFiguresSchema,
  /** every category, in reportCategories' order */
  categories: z.array(
    z.object({
      category: z.enum(reportCategories),
      current: playFiguresSchema,
      previous: playFiguresSchema,
    }),
  ),
  /** one entry per day of [from, to], oldest first */
  series: z.array(dashboardFiguresSchema.extend({ day: z.string() })),
  /** money movements and registrations up to this instant are in the figures (the rollup's watermark) */
  rolledUpTo: z.string().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const reportsCalls = {
  adminDashboard: call({
    method: 'GET',
    path: '/wps/admin/dashboard',
    access: dashboardReaders,
    query: dashboardQuerySchema,
    response: dashboardSchema,
  }),
};
