import { formatMoney, type Reward, type RewardCentre } from '@platform/contract';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { RankService } from '../loyalty/index.js';
import type { ApplicationService } from '../rewards/index.js';
import type { LeaderboardService } from './leaderboard.service.js';
import type { MissionService } from './mission.service.js';
import type { RaffleService } from './raffle.service.js';

const titleIn = (title: Record<string, string>, language: string) => title[language] ?? title.en ?? '';
const newestFirst = (a: Reward, b: Reward) =>
  (a.status === 'claimable' ? 0 : 1) - (b.status === 'claimable' ? 0 : 1) ||
  (b.at ?? '').localeCompare(a.at ?? '');

/**
 * The reward centre (SPEC section 2's rewardCenter): every reward the member may claim or has claimed,
 * from missions, leaderboards, raffles, the rewards module's promotion applications and the loyalty
 * module's rank gifts, in one list.
 */
export class RewardCentreService {
  constructor(
    private readonly parts: {
      missions: MissionService;
      leaderboards: LeaderboardService;
      raffles: RaffleService;
      applications: Pick<ApplicationService, 'mine'>;
      /** the loyalty module's rank gifts (rank-up gifts paid, the monthly gift claimed or claimable) */
      rankGifts: Pick<RankService, 'giftsOf'>;
    },
  ) {}

  async of(member: AuthenticatedMember, language: string): Promise<RewardCentre> {
    const { missions, leaderboards, raffles, applications, rankGifts } = this.parts;
    const [current, claims, prizes, raffleView, applied, gifts] = await Promise.all([
      missions.list(member, language),
      missions.claimsOf(member.id),
      leaderboards.prizesOf(member.id),
      raffles.visible(member, language),
      applications.mine(member),
      rankGifts.giftsOf(member.id),
    ]);
    const rewards: Reward[] = [
      ...current.list
        .filter((mission) => mission.status === 'claimable')
        .map((mission) => ({
          source: 'mission' as const,
          id: mission.id,
          title: mission.title,
          amount: mission.reward,
          status: 'claimable' as const,
          at: null,
        })),
      ...claims.map((claim) => ({
        source: 'mission' as const,
        id: claim.publicId,
        title: titleIn(claim.title, language),
        amount: formatMoney(claim.reward),
        status: 'claimed' as const,
        at: claim.claimedAt.toISOString(),
      })),
      ...prizes.map(({ prize, title, publicId }) => ({
        source: 'leaderboard' as const,
        id: publicId,
        title: `${titleIn(title, language)} #${prize.rank}`,
        amount: formatMoney(prize.prize),
        status: 'claimed' as const,
        at: prize.paidAt.toISOString(),
      })),
      ...raffleView.wins.map(({ winner, raffle }) => ({
        source: 'raffle' as const,
        id: raffle.publicId,
        title: `${titleIn(raffle.title, language)} #${winner.rank}`,
        amount: formatMoney(winner.prize),
        status: winner.claimedAt ? ('claimed' as const) : ('claimable' as const),
        at: winner.claimedAt?.toISOString() ?? null,
      })),
      ...applied
        .filter((application) => application.status !== 'rejected')
        .map((application) => ({
          source: 'promotion' as const,
          id: application.id,
          title: application.promotionId,
          amount: application.bonus,
          status:
            application.status === 'issued'
              ? ('claimable' as const)
              : application.status === 'claimed'
                ? ('claimed' as const)
                : ('pending' as const),
          at: application.claimedAt ?? application.appliedAt,
        })),
      ...gifts.paid.map((gift) => ({
        source: gift.key.startsWith('upgrade:') ? ('rank-up' as const) : ('rank-monthly' as const),
        id: gift.key,
        title: gift.label,
        amount: formatMoney(gift.amount),
        status: 'claimed' as const,
        at: gift.paidAt.toISOString(),
      })),
      // Claimed with the loyalty module's call (POST /wps/rank/monthly-gift).
      ...(gifts.claimable
        ? [
            {
              source: 'rank-monthly' as const,
              id: `monthly:${gifts.claimable.month}`,
              title: gifts.claimable.label,
              amount: formatMoney(gifts.claimable.amount),
              status: 'claimable' as const,
              at: null,
            },
          ]
        : []),
    ];
    return { rewards: rewards.sort(newestFirst), raffles: raffleView.raffles };
  }
}
