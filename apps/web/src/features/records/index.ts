import { lazyNamed } from '@/lib/lazy';

export type { RecordsPageName, RecordsPageProps } from './lib/types';

// Member centre pages: each its own chunk, fetched when the page opens.
export const BetRecordPage = lazyNamed(() => import('./pages/bet-record-page'), 'BetRecordPage');
export const ProfitPage = lazyNamed(() => import('./pages/profit-page'), 'ProfitPage');
