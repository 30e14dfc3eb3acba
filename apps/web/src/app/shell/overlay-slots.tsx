import { AgentCentreSlot, TransferUplinePage } from '@/features/agent';
import { PlayerRankPage } from '@/features/loyalty';
import { MemberCentreSlot, type ComposedMemberPages } from '@/features/member';
import { MessagesPage } from '@/features/messaging';
import { MissionLeaderboardPage, RewardCentrePage } from '@/features/missions';
import { BetRecordPage, ProfitPage } from '@/features/records';
import {
  BonusDetailsPage,
  DepositPage,
  TransactionHistoryPage,
  WalletPage,
  WithdrawPage,
} from '@/features/wallet';

/**
 * The member centre's pages that other features own: the app composes them here, so the member
 * feature never imports the wallet's internals. Each is its own chunk, fetched when the page opens.
 */
const memberCentrePages: ComposedMemberPages = {
  transferFund: WalletPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferUpline: TransferUplinePage,
  personalHistoryCopy: BetRecordPage,
  transactionHistory: TransactionHistoryPage,
  personalProfit: ProfitPage,
  bonusDetails: BonusDetailsPage,
  messageV2: MessagesPage,
  playerRank: PlayerRankPage,
  missionLeaderboard: MissionLeaderboardPage,
  rewardCenter: RewardCentrePage,
};

/**
 * Named views for the member centre and agent centre overlays (SPEC section 2). They open above the
 * page without leaving it: `?mc=<page>` opens the member centre, `?ac=<page>` the agent centre. Each
 * centre's code is its own chunk, fetched the first time it opens.
 */
export function MemberOverlaySlot() {
  return <MemberCentreSlot pages={memberCentrePages} />;
}

export function AgentOverlaySlot() {
  return <AgentCentreSlot />;
}
