import { lazy } from 'react';

// The first load carries only this: the balance hook, the header balance and its live socket.
export { useBalance, getBalance, balanceQueryOptions } from './api/get-balance';
export { walletKeys } from './api/wallet-keys';
export { HeaderBalance } from './components/header-balance';
export { useBalanceSocket } from './lib/use-balance-socket';
export type { WalletPageProps, WalletPageName } from './lib/types';

// Member centre pages: each its own chunk, fetched when the page opens.
export const WalletPage = lazy(() => import('./pages/wallet-page').then((m) => ({ default: m.WalletPage })));
export const DepositPage = lazy(() =>
  import('./pages/deposit-page').then((m) => ({ default: m.DepositPage })),
);
export const WithdrawPage = lazy(() =>
  import('./pages/withdraw-page').then((m) => ({ default: m.WithdrawPage })),
);
export const TransactionHistoryPage = lazy(() =>
  import('./pages/transaction-history-page').then((m) => ({ default: m.TransactionHistoryPage })),
);
export const BonusDetailsPage = lazy(() =>
  import('./pages/bonus-details-page').then((m) => ({ default: m.BonusDetailsPage })),
);
