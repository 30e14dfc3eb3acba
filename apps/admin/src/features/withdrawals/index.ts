/** Withdrawals: the queue and one withdrawal's review (the menu loads this page in a chunk of its own). */
export { WithdrawalsPage } from './components/withdrawals-page';
