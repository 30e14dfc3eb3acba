import { z } from 'zod';
import { call } from './call.js';
import { pageSchema } from './content.js';
import { inputText } from './input-text.js';
import { positiveMoneySchema, requestIdSchema } from './wallet.js';

/**
 * The transfer wallet model (ADR 021): a vendor that keeps its own wallet holds a sub-wallet per
 * member; money moves between the member's main wallet and it only by an explicit transfer (or the
 * automatic transfer in at launch, when the operator turned it on for the vendor). Amounts are decimal
 * strings with at most 2 decimals, as in the wallet.
 *
 * A transfer whose vendor call did not answer stays `pending` until the reconciliation job has asked
 * the vendor; it is then `succeeded` or `failed`, once.
 */

export const vendorTransferDirections = ['in', 'out'] as const;
export type VendorTransferDirection = (typeof vendorTransferDirections)[number];
export const vendorTransferStatuses = ['pending', 'succeeded', 'failed'] as const;
export type VendorTransferStatus = (typeof vendorTransferStatuses)[number];

/** A transfer vendor's code (its lobby vassalage). */
export const transferVendorCodeSchema = inputText(40).regex(/^[A-Za-z0-9_-]{1,40}$/, 'a vendor code');

export const vendorTransferSchema = z.object({
  /** our transfer id, the one the vendor is idempotent on */
  id: z.string(),
  vendor: z.string(),
  /** in: main wallet to the vendor; out: the vendor back to the main wallet */
  direction: z.enum(vendorTransferDirections),
  amount: z.string(),
  status: z.enum(vendorTransferStatuses),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type VendorTransfer = z.infer<typeof vendorTransferSchema>;

export const vendorWalletSchema = z.object({
  vendor: z.string(),
  /** the vendor's lobby title */
  title: z.string(),
  /** the last balance the vendor told us; '0.00' before the member's first transfer */
  balance: z.string(),
  /** when the vendor told us; null: never asked */
  refreshedAt: z.string().nullable(),
  /** money on its way that the vendor has not confirmed yet (both directions), as a positive sum */
  pendingAmount: z.string(),
  /** the operator moves the member's main balance in when one of this vendor's games opens */
  autoTransferIn: z.boolean(),
});
export type VendorWallet = z.infer<typeof vendorWalletSchema>;

export const vendorWalletsSchema = z.object({
  /** the main wallet's balance */
  main: z.string(),
  wallets: z.array(vendorWalletSchema),
});
export type VendorWallets = z.infer<typeof vendorWalletsSchema>;

export const vendorTransferBodySchema = z.object({
  vendor: transferVendorCodeSchema,
  amount: positiveMoneySchema,
  /** made once per attempt: a double click or a retried request moves the money once */
  requestId: requestIdSchema,
});
export type VendorTransferBody = z.infer<typeof vendorTransferBodySchema>;

export const consolidateBodySchema = z.object({ requestId: requestIdSchema });

export const consolidateResultSchema = z.object({
  /** one transfer out per vendor that held money (pending ones are still being confirmed) */
  transfers: z.array(vendorTransferSchema),
  /** vendors that could not be asked or refused; their money stays where it is */
  failedVendors: z.array(z.string()),
  main: z.string(),
});
export type ConsolidateResult = z.infer<typeof consolidateResultSchema>;

export const vendorParamsSchema = z.object({ vendor: transferVendorCodeSchema });
export const transferIdParamsSchema = z.object({
  id: inputText(40).regex(/^VT[A-Za-z0-9]{8,36}$/, 'a transfer id'),
});

export const transferRecordsQuerySchema = z.object({
  vendor: transferVendorCodeSchema.optional(),
  status: z.enum(vendorTransferStatuses).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const transferCalls = {
  transferWallets: call({
    method: 'GET',
    path: '/wps/transfer/wallets',
    access: 'member-real',
    response: vendorWalletsSchema,
  }),
  refreshTransferWallet: call({
    method: 'POST',
    path: '/wps/transfer/wallets/:vendor/refresh',
    access: 'member-real',
    params: vendorParamsSchema,
    response: vendorWalletSchema,
  }),
  transferIn: call({
    method: 'POST',
    path: '/wps/transfer/in',
    access: 'member-real',
    body: vendorTransferBodySchema,
    response: vendorTransferSchema,
  }),
  transferOut: call({
    method: 'POST',
    path: '/wps/transfer/out',
    access: 'member-real',
    body: vendorTransferBodySchema,
    response: vendorTransferSchema,
  }),
  consolidateTransfers: call({
    method: 'POST',
    path: '/wps/transfer/consolidate',
    access: 'member-real',
    body: consolidateBodySchema,
    response: consolidateResultSchema,
  }),
  transferStatus: call({
    method: 'GET',
    path: '/wps/transfer/transfers/:id',
    access: 'member-real',
    params: transferIdParamsSchema,
    response: vendorTransferSchema,
  }),
  transferRecords: call({
    method: 'GET',
    path: '/wps/transfer/transfers',
    access: 'member-real',
    query: transferRecordsQuerySchema,
    response: pageSchema(vendorTransferSchema),
  }),
};

// ---------------------------------------------------------------------------------------------
// The vendor's side: the wallet API a transfer-model vendor offers us (docs/provider-api.md).

/** What we call on the vendor, each a POST to `<transfer API URL>/<call>`. */
export const vendorTransferCalls = ['deposit', 'withdraw', 'balance', 'status'] as const;
export type VendorTransferCall = (typeof vendorTransferCalls)[number];

/** Our calls to the vendor are signed like the vendor's calls to us, with the same secret. */
export const transferApiHeaders = {
  /** hex HMAC-SHA256 of `<timestamp>.<raw body>` with the vendor's secret */
  signature: 'x-platform-signature',
  /** Unix time in whole seconds when we sent the request */
  timestamp: 'x-platform-timestamp',
} as const;

/**
 * The vendor's refusals that are definite: the transfer did not happen and never will under this id.
 * Anything else (a timeout, a 5xx, an unknown status) leaves the transfer pending for reconciliation.
 */
export const vendorTransferRefusals = [
  'INSUFFICIENT_FUNDS',
  'PLAYER_BLOCKED',
  'UNKNOWN_PLAYER',
  'INVALID_REQUEST',
  'TRANSFER_REFUSED',
] as const;
export type VendorTransferRefusal = (typeof vendorTransferRefusals)[number];

/** The vendor's answer about one of our transfer ids (status call). */
export const vendorTransferStates = ['applied', 'refused', 'not_found'] as const;
export type VendorTransferState = (typeof vendorTransferStates)[number];

export const vendorMoneyRequestSchema = z.object({
  transfer_id: z.string(),
  player_id: z.string(),
  amount: z.string(),
  currency: z.string(),
});
export const vendorBalanceRequestSchema = z.object({ player_id: z.string(), currency: z.string() });
export const vendorStatusRequestSchema = z.object({ transfer_id: z.string() });

/** A success: the player's balance at the vendor after the call (deposit, withdraw, balance). */
export const vendorOkAnswerSchema = z.object({
  status: z.literal('OK'),
  balance: z.string(),
  transfer_id: z.string().optional(),
});
export const vendorStatusAnswerSchema = z.object({
  status: z.literal('OK'),
  transfer_id: z.string(),
  state: z.enum(vendorTransferStates),
  /** present when applied or refused */
  direction: z.enum(['deposit', 'withdraw']).optional(),
  amount: z.string().optional(),
});
export const vendorRefusalAnswerSchema = z.object({
  status: z.enum(vendorTransferRefusals),
  message: z.string().optional(),
  balance: z.string().optional(),
});
