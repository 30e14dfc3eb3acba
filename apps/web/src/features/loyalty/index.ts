import { lazyNamed } from '@/lib/lazy';

export { loyaltyKeys } from './api/loyalty-keys';

/** /pointMall's chunk (SPEC section 2's lazily loaded pointMall area). */
export const loadPointMallPage = () => import('./pages/point-mall-page');
// The member centre's playerRank page: its own chunk, fetched when the page opens.
export const PlayerRankPage = lazyNamed(() => import('./pages/player-rank-page'), 'PlayerRankPage');
