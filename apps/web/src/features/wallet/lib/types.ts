import type {
  depositStatuses,
  MemberInfo,
  transactionTypes,
  withdrawalStatuses,
} from '@platform/contract/client';

export type DepositStatus = (typeof depositStatuses)[number];
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
export type TransactionType = (typeof transactionTypes)[number];

/** The member centre pages this feature draws; a subset of the centre's page names. */
export type WalletPageName =
  'transferFund' | 'depositv2' | 'withdraw' | 'transactionHistory' | 'bonusDetails';

/** What the member centre gives each page (structurally the centre's MemberPageProps). */
export interface WalletPageProps {
  info: MemberInfo;
  onNavigate(page: WalletPageName): void;
}
