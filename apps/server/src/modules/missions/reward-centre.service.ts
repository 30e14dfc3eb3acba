import { formatMoney, type Reward, type RewardCentre } from '@platform/contract';
import type { AuthenticatedMember } from '../../lib/caller.js';
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
 * from missions, leaderboards, raffles and the rewards module's promotion applications, in one list.
 */
export class RewardCentreService {
  constructor(
    private readonly parts: {
      missions: MissionService;
      leaderboards: LeaderboardService;
      raffles: RaffleService;
      applications: Pick<ApplicationService, 'mine'>;
    },
  ) {}

  async of(member: AuthenticatedMember, language: string): Promise<RewardCentre> {
    const { missions, leaderboards, raffles, applications } = this.parts;
    const [current, claims, prizes, raffleView, applied] = await Promise.all([
      missions.list(member, language),
      missions.claimsOf(member.id),
      leaderboards.prizesOf(member.id),
      raffles.visible(member, language),
      applications.mine(member),
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
    ];
    return { rewards: rewards.sort(newestFirst), raffles: raffleView.raffles };
  }
}
