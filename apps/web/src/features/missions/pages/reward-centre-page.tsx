import type { Raffle, Reward } from '@platform/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button, Empty, ErrorState, Spinner } from '@/components';
import { useSession } from '@/features/auth';
import { loyaltyKeys } from '@/features/loyalty';
import { apiRequest } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useMoneyFormat } from '@/features/system';
import { useClaimMission, useClaimRaffle } from '../api/claim';
import { useRewardCentre } from '../api/get-reward-centre';
import { missionsKeys } from '../api/missions-keys';
import '../components/missions.css';
import { formatDate, formatDateTime } from '@/lib/dates';

/** A promotion's approved bonus is claimed through the rewards module's call. */
function useClaimPromotion() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (id: string) => apiRequest('claimApplication', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: missionsKeys.all(token) }),
  });
}

/** This month's rank gift is claimed through the loyalty module's call; the rank page follows. */
function useClaimRankGift() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (_id: string) => apiRequest('claimMonthlyGift'),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: missionsKeys.all(token) });
      await queryClient.invalidateQueries({ queryKey: loyaltyKeys.rank(token) });
    },
  });
}

function rewardTitle(reward: Reward, t: TFunction<'missions'>): string {
  if (reward.source === 'promotion') return t('rewards.promotion');
  if (reward.source === 'rank-up') return t('rewards.rankUp', { label: reward.title });
  if (reward.source === 'rank-monthly') return t('rewards.rankMonthly', { label: reward.title });
  return reward.title;
}

function RewardItem({ reward }: { reward: Reward }) {
  const { t, i18n } = useTranslation('missions');
  const money = useMoneyFormat();
  const errorText = useErrorText('missions', 'errors.claim');
  const mission = useClaimMission();
  const raffle = useClaimRaffle();
  const promotion = useClaimPromotion();
  const rankGift = useClaimRankGift();
  const claim =
    reward.source === 'mission'
      ? mission
      : reward.source === 'raffle'
        ? raffle
        : reward.source === 'rank-monthly'
          ? rankGift
          : promotion;
  const title = rewardTitle(reward, t);
  return (
    <li className={`reward-item reward-item--${reward.status}`} data-testid="reward-item">
      <span className="mission-chip">{t(`rewards.source.${reward.source}`)}</span>
      <span className="reward-item__title">{title}</span>
      {reward.amount && <span className="reward-item__amount">{money(reward.amount)}</span>}
      <span className="reward-item__status">
        {t(`rewards.status.${reward.status}`)}
        {reward.at ? ` · ${formatDateTime(reward.at, i18n.language)}` : ''}
      </span>
      {reward.status === 'claimable' && reward.source !== 'leaderboard' && reward.source !== 'rank-up' && (
        <Button size="sm" disabled={claim.isPending} onClick={() => claim.mutate(reward.id)}>
          {t('claim')}
        </Button>
      )}
      {claim.isError && (
        <p role="alert" className="mission-item__error">
          {errorText(claim.error)}
        </p>
      )}
    </li>
  );
}

function RaffleItem({ raffle }: { raffle: Raffle }) {
  const { t, i18n } = useTranslation('missions');
  const money = useMoneyFormat();
  return (
    <li className="raffle-item" data-testid="raffle-item">
      <div className="mission-item__head">
        <span className="mission-item__title">{raffle.title}</span>
        <span className="mission-chip">{t(`raffle.status.${raffle.status}`)}</span>
      </div>
      <p className="mission-item__goal">
        {t('raffle.period', {
          from: formatDate(raffle.startsAt, i18n.language),
          // A raffle runs over whole site days; its end is excluded, so its last day ends a moment before.
          to: formatDate(Date.parse(raffle.endsAt) - 1, i18n.language),
        })}
      </p>
      <p className="mission-item__goal">
        {t('raffle.ticketPer', { amount: money(raffle.ticketPer) })} ·{' '}
        {t('raffle.prizes', { prizes: raffle.prizes.map((prize) => money(prize)).join(' / ') })}
      </p>
      <p className="raffle-item__tickets">{t('raffle.myTickets', { count: raffle.myTickets })}</p>
      <p className="raffle-item__proof">
        <span>{t('raffle.seedHash')}</span> <code className="raffle-item__hash">{raffle.seedHash}</code>
      </p>
      {raffle.seed ? (
        <p className="raffle-item__proof">
          <span>{t('raffle.seed')}</span> <code className="raffle-item__hash">{raffle.seed}</code>
        </p>
      ) : (
        <p className="raffle-item__note">{t('raffle.seedLater')}</p>
      )}
      {raffle.winners.length > 0 && (
        <ol className="raffle-item__winners" aria-label={t('raffle.winners')}>
          {raffle.winners.map((winner) => (
            <li key={winner.rank}>
              {t('raffle.winner', {
                rank: winner.rank,
                player: winner.player,
                ticket: winner.ticket,
                prize: money(winner.prize),
              })}
            </li>
          ))}
        </ol>
      )}
      <a
        className="raffle-item__verify"
        href={`/wps/raffles/${raffle.id}/draw`}
        target="_blank"
        rel="noreferrer"
      >
        {t('raffle.verify')}
      </a>
    </li>
  );
}

/** The reward centre (rewardCenter): every reward to claim or claimed, and the raffles with their proof. */
export function RewardCentrePage() {
  const { t } = useTranslation('missions');
  const errorText = useErrorText('missions', 'errors.load');
  const centre = useRewardCentre();
  if (centre.isError)
    return <ErrorState message={errorText(centre.error)} onRetry={() => void centre.refetch()} />;
  if (!centre.data) return <Spinner label={t('loading')} />;
  const { rewards, raffles } = centre.data;
  return (
    <div className="member-page reward-centre">
      <h3 className="reward-centre__heading">{t('rewards.heading')}</h3>
      {rewards.length === 0 ? (
        <Empty title={t('rewards.empty')} hint={t('rewards.emptyHint')} />
      ) : (
        <ul className="reward-list" aria-label={t('rewards.heading')}>
          {rewards.map((reward) => (
            <RewardItem key={`${reward.source}-${reward.id}-${reward.at ?? ''}`} reward={reward} />
          ))}
        </ul>
      )}
      <h3 className="reward-centre__heading">{t('raffle.heading')}</h3>
      {raffles.length === 0 ? (
        <Empty title={t('raffle.empty')} />
      ) : (
        <ul className="raffle-list">
          {raffles.map((raffle) => (
            <RaffleItem key={raffle.id} raffle={raffle} />
          ))}
        </ul>
      )}
    </div>
  );
}
