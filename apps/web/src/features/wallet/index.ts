import { lazyNamed } from '@/lib/lazy';

// The first load carries only this: the balance hook, the header balance and its live socket.
export { useBalance, getBalance, balanceQueryOptions } from './api/get-balance';
export { walletKeys } from '@/lib/wallet-keys';
export { HeaderBalance } from './components/header-balance';
export { useBalanceSocket } from './lib/use-balance-socket';
export type { WalletPageProps, WalletPageName } from './lib/types';
// One request id per money attempt (a retry after a lost answer reuses it): the loyalty conversion too.
export { AttemptIds } from './lib/request-id';

// Member centre pages: each its own chunk, fetched when the page opens.
export const WalletPage = lazyNamed(() => import('./pages/wallet-page'), 'WalletPage');
export const DepositPage = lazyNamed(() => import('./pages/deposit-page'), 'DepositPage');
export const WithdrawPage = lazyNamed(() => import('./pages/withdraw-page'), 'WithdrawPage');
export const TransactionHistoryPage = lazyNamed(
  () => import('./pages/transaction-history-page'),
  'TransactionHistoryPage',
);
export const BonusDetailsPage = lazyNamed(() => import('./pages/bonus-details-page'), 'BonusDetailsPage');
