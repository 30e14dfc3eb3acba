import { z } from 'zod';
import { call } from './call.js';
import { transactionTypes } from './constants.js';
import { pageSchema } from './content.js';
import { inputText } from './input-text.js';
import { moneyStringSchema } from './money.js';

/**
 * The member's wallet: balance, account record, bonuses and turnover. Amounts travel as decimal strings with at most
 * 2 decimals; the server keeps bigint minor units. A positive amount: `positiveMoneySchema`.
 */
export const positiveMoneySchema = moneyStringSchema.refine(
  (text) => !text.startsWith('-') && !/^0(\.0{1,2})?$/.test(text),
  {
    message: 'must be more than zero',
  },
);

/** A client-made id for one money request, so a retried click or a lost answer never moves money twice. */
export const requestIdSchema = inputText(64).regex(
  /^[A-Za-z0-9_-]{8,64}$/,
  '8 to 64 letters, digits, _ or -',
);

export const balanceSchema = z.object({
  sumBalance: z.string(),
  /** true for trial accounts: demo money that never mixes with real money */
  demo: z.boolean(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const transactionTypeSchema = z.enum(transactionTypes);

const isoDate = inputText(10).check(z.iso.date());
export const transactionQuerySchema = z.object({
  type: transactionTypeSchema.optional(),
  /** inclusive days in the site's time zone, yyyy-MM-dd */
  from: isoDate.optional(),
  to: isoDate.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const transactionSchema = z.object({
  id: z.string(),
  type: transactionTypeSchema,
  /** signed: credits positive */
  amount: z.string(),
  /**
   * the spendable balance after this step; null for a step that moved held money only (a withdrawal
   * paid out: the amount already left the balance when it was requested)
   */
  balanceAfter: z.string().nullable(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const turnoverSchema = z.object({
  required: z.string(),
  wagered: z.string(),
  remaining: z.string(),
});
export type Turnover = z.infer<typeof turnoverSchema>;

export const recordQuerySchema = z.object({
  status: inputText(32).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const walletCalls = {
  balance: call({
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    access: 'member',
    response: balanceSchema,
  }),
  transactions: call({
    method: 'GET',
    path: '/wps/wallet/transactions',
    access: 'member',
    query: transactionQuerySchema,
    response: pageSchema(transactionSchema),
  }),
  bonuses: call({
    method: 'GET',
    path: '/wps/wallet/bonuses',
    access: 'member',
    query: recordQuerySchema,
    response: pageSchema(transactionSchema),
  }),
  turnover: call({ method: 'GET', path: '/wps/wallet/turnover', access: 'member', response: turnoverSchema }),
};
