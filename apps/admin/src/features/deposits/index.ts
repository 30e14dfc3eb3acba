/** Deposits: the queue and one deposit's review (the menu loads this page in a chunk of its own). */
export { DepositsPage } from './components/deposits-page';
