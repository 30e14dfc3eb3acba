import { z } from 'zod';
import { emptySchema } from './auth.js';
import { call } from './call.js';
import { channelKinds, depositStatuses, withdrawalStatuses } from './constants.js';
import { pageSchema } from './content.js';
import { inputText } from './input-text.js';
import { localizedTextSchema } from './languages.js';
import { positiveMoneySchema, recordQuerySchema, requestIdSchema, turnoverSchema } from './wallet.js';

/**
 * Cashier: deposit channels, deposits (bank transfer with proof, gateway), bank accounts, the payment
 * password and withdrawals, and the staff's review of deposits and withdrawals.
 */

export const channelSchema = z.object({
  id: z.string(),
  kind: z.enum(channelKinds),
  name: z.string(),
  /** the name to show in each language (bn, en, and any other the operator gave) */
  names: localizedTextSchema,
  minAmount: z.string(),
  maxAmount: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const depositSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  channelNames: localizedTextSchema,
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

// Staff review ------------------------------------------------------------------------------------

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

/** Staff who may see and decide deposits and withdrawals. */
const reviewers = { admin: ['owner', 'finance'] } as const;

export const cashierCalls = {
  channels: call({
    method: 'GET',
    path: '/wps/cashier/channels',
    access: 'member',
    response: z.array(channelSchema),
  }),
  createDeposit: call({
    method: 'POST',
    path: '/wps/cashier/deposits',
    access: 'member-real',
    body: createDepositBodySchema,
    response: createdDepositSchema,
  }),
  deposits: call({
    method: 'GET',
    path: '/wps/cashier/deposits',
    access: 'member',
    query: recordQuerySchema,
    response: pageSchema(depositSchema),
  }),
  /** multipart/form-data with one file field `proof` (png or jpg, at most 5 MB) */
  uploadDepositProof: call({
    method: 'POST',
    path: '/wps/cashier/deposits/:id/proof',
    access: 'member-real',
    encoding: 'multipart/form-data',
    params: idParamsSchema,
    response: depositSchema,
  }),
  bankAccounts: call({
    method: 'GET',
    path: '/wps/cashier/bank-accounts',
    access: 'member',
    response: z.array(bankAccountSchema),
  }),
  bindBankAccount: call({
    method: 'POST',
    path: '/wps/cashier/bank-accounts',
    access: 'member-real',
    body: bindBankAccountBodySchema,
    response: bankAccountSchema,
  }),
  setPaymentPassword: call({
    method: 'POST',
    path: '/wps/cashier/payment-password',
    access: 'member-real',
    body: setPaymentPasswordBodySchema,
    response: emptySchema,
  }),
  withdrawInfo: call({
    method: 'GET',
    path: '/wps/cashier/withdraw-info',
    access: 'member',
    response: withdrawInfoSchema,
  }),
  createWithdrawal: call({
    method: 'POST',
    path: '/wps/cashier/withdrawals',
    access: 'member-real',
    body: createWithdrawalBodySchema,
    response: withdrawalSchema,
  }),
  withdrawals: call({
    method: 'GET',
    path: '/wps/cashier/withdrawals',
    access: 'member',
    query: recordQuerySchema,
    response: pageSchema(withdrawalSchema),
  }),
  confirmReceipt: call({
    method: 'POST',
    path: '/wps/cashier/withdrawals/:id/received',
    access: 'member',
    params: idParamsSchema,
    body: confirmReceiptBodySchema,
    response: withdrawalSchema,
  }),
  /** multipart/form-data with one file field `proof` (png or jpg, at most 5 MB) */
  reportNotReceived: call({
    method: 'POST',
    path: '/wps/cashier/withdrawals/:id/not-received',
    access: 'member',
    encoding: 'multipart/form-data',
    params: idParamsSchema,
    response: withdrawalSchema,
  }),
  adminDeposits: call({
    method: 'GET',
    path: '/wps/admin/deposits',
    access: reviewers,
    query: recordQuerySchema,
    response: pageSchema(adminDepositSchema),
  }),
  adminConfirmDeposit: call({
    method: 'POST',
    path: '/wps/admin/deposits/:id/confirm',
    access: reviewers,
    params: idParamsSchema,
    response: adminDepositSchema,
  }),
  adminRejectDeposit: call({
    method: 'POST',
    path: '/wps/admin/deposits/:id/reject',
    access: reviewers,
    params: idParamsSchema,
    body: decisionReasonBodySchema,
    response: adminDepositSchema,
  }),
  adminWithdrawals: call({
    method: 'GET',
    path: '/wps/admin/withdrawals',
    access: reviewers,
    query: recordQuerySchema,
    response: pageSchema(adminWithdrawalSchema),
  }),
  adminApproveWithdrawal: call({
    method: 'POST',
    path: '/wps/admin/withdrawals/:id/approve',
    access: reviewers,
    params: idParamsSchema,
    body: approveWithdrawalBodySchema,
    response: adminWithdrawalSchema,
  }),
  adminRejectWithdrawal: call({
    method: 'POST',
    path: '/wps/admin/withdrawals/:id/reject',
    access: reviewers,
    params: idParamsSchema,
    body: decisionReasonBodySchema,
    response: adminWithdrawalSchema,
  }),
};
