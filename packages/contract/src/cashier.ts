import { z } from 'zod';
import { listFormats } from './admin-list.js';
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

/** A money queue's query: a status and a page, or with `format=csv` the whole filtered queue as CSV. */
export const adminQueueQuerySchema = recordQuerySchema.extend({
  format: z.enum(listFormats).default('json'),
});

export const adminDepositSchema = depositSchema.extend({
  memberAccount: z.string(),
  memberUsername: z.string(),
});
/** One of the member's other deposits, beside the one a member of staff reviews. */
export const recentDepositSchema = z.object({
  id: z.string(),
  amount: z.string(),
  status: z.enum(depositStatuses),
  channelName: z.string(),
  createdAt: z.string(),
});
/** A deposit under review: the member's last 5 other deposits beside it; the proof at its own path. */
export const adminDepositDetailSchema = adminDepositSchema.extend({
  recentDeposits: z.array(recentDepositSchema),
});

/**
 * What the server noticed about a withdrawal, each with the numbers behind it (money as strings):
 * - TURNOVER_NOT_MET: { required, wagered, remaining }
 * - NEW_BANK_ACCOUNT: { addedAt, hoursBeforeRequest } (added within 24 h before the request)
 * - FIRST_WITHDRAWAL: { previousPaid: 0 }
 * - LINKED_ACCOUNTS: { byBankAccount, byRegisterIp, byLoginIp } (other members' accounts; counts in `count`)
 * - AMOUNT_ABOVE_USUAL: { amount, median, multiple, previousPaid } (above `multiple` times the median
 *   of the member's earlier paid withdrawals)
 * - COUNTRY_MISMATCH: { registrationCountry, loginCountry } (of the registration and last login address)
 */
export const withdrawalRiskCodes = [
  'TURNOVER_NOT_MET',
  'NEW_BANK_ACCOUNT',
  'FIRST_WITHDRAWAL',
  'LINKED_ACCOUNTS',
  'AMOUNT_ABOVE_USUAL',
  'COUNTRY_MISMATCH',
] as const;
export type WithdrawalRiskCode = (typeof withdrawalRiskCodes)[number];
export const withdrawalRiskFlagSchema = z.object({
  code: z.enum(withdrawalRiskCodes),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string()), z.null()])),
});
export type WithdrawalRiskFlag = z.infer<typeof withdrawalRiskFlagSchema>;

export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminWithdrawalSchema = withdrawalSchema.extend({
  memberAccount: z.string(),
  memberUsername: z.string(),
  /** the member's registered real name, to compare with the bank account name */
  memberRealName: z.string().nullable(),
  /** four-eyes: the first approval of a withdrawal above staff.fourEyes.withdrawal, while it waits */
  firstApproval: z
    .object({ by: z.string(), at: z.string(), payoutReference: z.string().nullable() })
    .nullable(),
  /** pending with a first approval: another member of staff must approve it */
  awaitingSecondApproval: z.boolean(),
  /** who decided it (the second approver under four-eyes) */
  decidedBy: z.string().nullable(),
  /** held for review by risk: nobody approves it until released */
  hold: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
  riskFlags: z.array(withdrawalRiskFlagSchema),
});
export type AdminWithdrawalView = z.infer<typeof adminWithdrawalSchema>;

/** The queues' counts for the back office's menu; the app polls it (every 15 s). */
export const queueCountsSchema = z.object({
  pendingDeposits: z.number().int(),
  /** pending and not held (those awaiting a second approval included) */
  pendingWithdrawals: z.number().int(),
  awaitingSecondApproval: z.number().int(),
  heldWithdrawals: z.number().int(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

/** A payment channel as staff see it: the gateway's credentials are never shown. */
export const adminChannelSchema = channelSchema.extend({
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  /** bank_transfer: bankName, accountName, accountNumber; gateway: provider */
  details: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type AdminChannel = z.infer<typeof adminChannelSchema>;
const channelNameText = inputText(64).trim().min(2);
const channelMoney = inputText(20)
  .trim()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'an amount such as 100 or 99.50');
export const addChannelBodySchema = z.object({
  kind: z.enum(channelKinds),
  name: channelNameText,
  nameBn: channelNameText.optional(),
  nameEn: channelNameText.optional(),
  minAmount: channelMoney,
  maxAmount: channelMoney,
  bankName: inputText(64).trim().min(2).optional(),
  accountName: inputText(64).trim().min(2).optional(),
  accountNumber: inputText(34).trim().min(2).optional(),
  /** gateway channels: the provider (sandbox today); its signing secret is generated */
  provider: inputText(32).trim().min(2).optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
});
export const renameChannelBodySchema = z
  .object({
    name: channelNameText.optional(),
    nameBn: channelNameText.optional(),
    nameEn: channelNameText.optional(),
  })
  .refine((body) => body.name !== undefined || body.nameBn !== undefined || body.nameEn !== undefined, {
    message: 'a name to change',
    path: ['name'],
  });
export const channelLimitsBodySchema = z.object({ minAmount: channelMoney, maxAmount: channelMoney });
export const channelOrderBodySchema = z.object({
  /** every channel's id, in the order members see them */
  ids: z.array(inputText(64).min(1)).min(1).max(200),
});
export const decisionReasonBodySchema = z.object({
  reason: inputText(500, { multiline: true }).trim().min(2),
});
export const approveWithdrawalBodySchema = z.object({ payoutReference: inputText(100).trim().min(2) });

/** Staff who may see and decide deposits and withdrawals. */
const reviewers = { admin: ['owner', 'finance'] } as const;
/** Risk also sees the withdrawals' queue, to hold one for review. */
const withdrawalWatchers = { admin: ['owner', 'finance', 'risk'] } as const;
const holders = { admin: ['owner', 'risk'] } as const;
const channelKeepers = { admin: ['owner', 'finance'] } as const;

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
    query: adminQueueQuerySchema,
    response: pageSchema(adminDepositSchema),
  }),
  adminDeposit: call({
    method: 'GET',
    path: '/wps/admin/deposits/:id',
    access: reviewers,
    params: idParamsSchema,
    response: adminDepositDetailSchema,
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
    access: withdrawalWatchers,
    query: adminQueueQuerySchema,
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
  adminWithdrawal: call({
    method: 'GET',
    path: '/wps/admin/withdrawals/:id',
    access: withdrawalWatchers,
    params: idParamsSchema,
    response: adminWithdrawalSchema,
  }),
  adminHoldWithdrawal: call({
    method: 'POST',
    path: '/wps/admin/withdrawals/:id/hold',
    access: holders,
    params: idParamsSchema,
    body: decisionReasonBodySchema,
    response: adminWithdrawalSchema,
  }),
  adminReleaseWithdrawal: call({
    method: 'POST',
    path: '/wps/admin/withdrawals/:id/release',
    access: holders,
    params: idParamsSchema,
    body: decisionReasonBodySchema,
    response: adminWithdrawalSchema,
  }),
  adminQueueCounts: call({
    method: 'GET',
    path: '/wps/admin/queue-counts',
    access: withdrawalWatchers,
    response: queueCountsSchema,
  }),
  adminChannels: call({
    method: 'GET',
    path: '/wps/admin/channels',
    access: channelKeepers,
    response: z.array(adminChannelSchema),
  }),
  adminAddChannel: call({
    method: 'POST',
    path: '/wps/admin/channels',
    access: channelKeepers,
    body: addChannelBodySchema,
    response: adminChannelSchema,
  }),
  adminRenameChannel: call({
    method: 'POST',
    path: '/wps/admin/channels/:id/rename',
    access: channelKeepers,
    params: idParamsSchema,
    body: renameChannelBodySchema,
    response: adminChannelSchema,
  }),
  adminEnableChannel: call({
    method: 'POST',
    path: '/wps/admin/channels/:id/enable',
    access: channelKeepers,
    params: idParamsSchema,
    response: adminChannelSchema,
  }),
  adminDisableChannel: call({
    method: 'POST',
    path: '/wps/admin/channels/:id/disable',
    access: channelKeepers,
    params: idParamsSchema,
    response: adminChannelSchema,
  }),
  adminChannelLimits: call({
    method: 'POST',
    path: '/wps/admin/channels/:id/limits',
    access: channelKeepers,
    params: idParamsSchema,
    body: channelLimitsBodySchema,
    response: adminChannelSchema,
  }),
  adminChannelOrder: call({
    method: 'PUT',
    path: '/wps/admin/channels/order',
    access: channelKeepers,
    body: channelOrderBodySchema,
    response: z.array(adminChannelSchema),
  }),
};
