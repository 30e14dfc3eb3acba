import { z } from 'zod';
import {
  adminRoles,
  channelKinds,
  depositStatuses,
  transactionTypes,
  withdrawalStatuses,
} from './constants.js';
import { inputText } from './input-text.js';
import { moneyStringSchema } from './money.js';

/**
 * Wallet and cashier calls (issue: wallet and cashier). Amounts travel as decimal strings with at most
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

// Cashier -----------------------------------------------------------------------------------------

export const channelSchema = z.object({
  id: z.string(),
  kind: z.enum(channelKinds),
  name: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const depositSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  kind: z.enum(channelKinds),
  amount: z.string(),
  status: z.enum(depositStatuses),
  reference: z.string(),
  hasProof: z.boolean(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const createDepositBodySchema = z.object({
  channelId: inputText(64).min(1),
  amount: positiveMoneySchema,
  requestId: requestIdSchema,
});
export const createdDepositSchema = z.object({
  deposit: depositSchema,
  /** bank transfer: where to send the money; the member writes the deposit's reference on the transfer */
  bankDetails: z
    .object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() })
    .nullable(),
  /** gateway: the hosted payment page to send the member to */
  redirectUrl: z.string().nullable(),
});
export type CreatedDeposit = z.infer<typeof createdDepositSchema>;

export const idParamsSchema = z.object({ id: inputText(64).regex(/^[A-Za-z0-9_-]{1,64}$/) });
export const recordQuerySchema = z.object({
  status: inputText(32).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const bankAccountSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** masked except the last 4 digits */
  accountNumber: z.string(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bindBankAccountBodySchema = z.object({
  bankName: inputText(64).trim().min(2),
  accountName: inputText(64).trim().min(2),
  accountNumber: inputText(64)
    .trim()
    .regex(/^\d{6,24}$/, '6 to 24 digits'),
});

export const setPaymentPasswordBodySchema = z.object({
  loginPassword: inputText(255),
  newPaymentPassword: inputText(255),
  confirmPaymentPassword: inputText(255),
});

export const withdrawInfoSchema = z.object({
  withdrawable: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  turnover: turnoverSchema,
  hasPaymentPassword: z.boolean(),
  requireRealName: z.boolean(),
  realName: z.string().nullable(),
  bankAccounts: z.array(bankAccountSchema),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>;

export const withdrawalSchema = z.object({
  id: z.string(),
  amount: z.string(),
  status: z.enum(withdrawalStatuses),
  bankAccount: bankAccountSchema,
  payoutReference: z.string().nullable(),
  reason: z.string().nullable(),
  forcedReceipt: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** when a paid withdrawal counts as received if the member says nothing */
  autoReceiptAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const createWithdrawalBodySchema = z.object({
  bankAccountId: inputText(64).min(1),
  amount: positiveMoneySchema,
  paymentPassword: inputText(255),
  requestId: requestIdSchema,
});
export const confirmReceiptBodySchema = z.object({ received: z.literal(true) });

// Admin (operator staff) ----------------------------------------------------------------------------

export const adminLoginBodySchema = z.object({
  username: inputText(64),
  password: inputText(255),
  /** the current code of the admin's authenticator app, when the admin has a second factor */
  otp: inputText(6)
    .regex(/^\d{6}$/, '6 digits')
    .optional(),
});
export const adminSessionSchema = z.object({
  token: z.string(),
  username: z.string(),
  role: z.enum(adminRoles),
});
export const adminDepositSchema = depositSchema.extend({
  memberAccount: z.string(),
  memberUsername: z.string(),
});
export const adminWithdrawalSchema = withdrawalSchema.extend({
  memberAccount: z.string(),
  memberUsername: z.string(),
  /** the member's registered real name, to compare with the bank account name */
  memberRealName: z.string().nullable(),
});
export const decisionReasonBodySchema = z.object({
  reason: inputText(500, { multiline: true }).trim().min(2),
});
export const approveWithdrawalBodySchema = z.object({ payoutReference: inputText(100).trim().min(2) });
export const adjustBalanceBodySchema = z.object({
  /** signed: a credit is positive, a debit negative */
  amount: moneyStringSchema.refine((text) => !/^-?0(\.0{1,2})?$/.test(text), 'must not be zero'),
  reason: inputText(500, { multiline: true }).trim().min(2),
  requestId: requestIdSchema,
});
export const memberAccountParamsSchema = z.object({ account: inputText(20).regex(/^\d{6,20}$/) });
