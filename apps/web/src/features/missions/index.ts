import { lazyNamed } from '@/lib/lazy';

// Member centre pages: each its own chunk, fetched when the page opens.
export const MissionLeaderboardPage = lazyNamed(
  () => import('./pages/mission-leaderboard-page'),
  'MissionLeaderboardPage',
);
export const RewardCentrePage = lazyNamed(() => import('./pages/reward-centre-page'), 'RewardCentrePage');
export { useOpenMissionCount, missionsQueryOptions } from './api/get-missions';
export { missionsKeys } from './api/missions-keys';
