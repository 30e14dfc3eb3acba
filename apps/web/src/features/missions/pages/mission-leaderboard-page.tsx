import type { Leaderboard, Mission } from '@platform/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, ErrorState, Spinner, Tabs } from '@/components';
import { useErrorText } from '@/lib/error-text';
import { useMoneyFormat } from '@/features/system';
import { useClaimMission } from '../api/claim';
import { useLeaderboards, useWinners } from '../api/get-leaderboards';
import { useMissions } from '../api/get-missions';
import '../components/missions.css';

const isMoneyMetric = (metric: string) => metric === 'valid_bet' || metric === 'deposit_amount';

/** Progress as a share of the target, for the bar (0 to 100). */
function percent(progress: string, target: string): number {
  const done = Number(progress);
  const goal = Number(target);
  if (!Number.isFinite(done) || !Number.isFinite(goal) || goal <= 0) return 0;
  return Math.min(100, Math.floor((done / goal) * 100));
}

function MissionItem({ mission }: { mission: Mission }) {
  const { t } = useTranslation('missions');
  const money = useMoneyFormat();
  const errorText = useErrorText('missions', 'errors.claim');
  const claim = useClaimMission();
  const { i18n } = useTranslation();
  // Counts in the reader's digits (Bengali numerals in bn), money in the site's format.
  const amount = (value: string) =>
    isMoneyMetric(mission.metric) ? money(value) : new Intl.NumberFormat(i18n.language).format(Number(value));
  const share = percent(mission.progress, mission.target);
  return (
    <li className={`mission-item mission-item--${mission.status}`} data-testid="mission-item">
      <div className="mission-item__head">
        <span className="mission-item__title">{mission.title}</span>
        <span className="mission-chip">{t(`kind.${mission.kind}`)}</span>
      </div>
      <p className="mission-item__goal">
        {t(`metric.${mission.metric}`, { target: amount(mission.target), count: Number(mission.target) })}
        {mission.category ? ` · ${mission.category}` : ''}
      </p>
      <div
        className="mission-progress"
        role="progressbar"
        aria-label={t('progressLabel', { title: mission.title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
      >
        <span className="mission-progress__bar" style={{ width: `${share}%` }} />
      </div>
      <div className="mission-item__foot">
        <span className="mission-item__numbers">
          {t('progress', { progress: amount(mission.progress), target: amount(mission.target) })}
        </span>
        <span className="mission-item__reward">{t('reward', { amount: money(mission.reward) })}</span>
      </div>
      {mission.status === 'claimable' && (
        <Button size="sm" disabled={claim.isPending} onClick={() => claim.mutate(mission.id)}>
          {t('claim')}
        </Button>
      )}
      {mission.status === 'claimed' && (
        <span className="mission-chip mission-chip--done">{t('claimed')}</span>
      )}
      {claim.isError && (
        <p role="alert" className="mission-item__error">
          {errorText(claim.error)}
        </p>
      )}
    </li>
  );
}

function MissionsPanel() {
  const { t } = useTranslation('missions');
  const errorText = useErrorText('missions', 'errors.load');
  const missions = useMissions();
  if (missions.isError)
    return <ErrorState message={errorText(missions.error)} onRetry={() => void missions.refetch()} />;
  if (!missions.data) return <Spinner label={t('loading')} />;
  if (missions.data.list.length === 0) return <Empty title={t('empty')} hint={t('emptyHint')} />;
  return (
    <ul className="mission-list" aria-label={t('tabs.missions')}>
      {missions.data.list.map((mission) => (
        <MissionItem key={mission.id} mission={mission} />
      ))}
    </ul>
  );
}

function BoardView({ board }: { board: Leaderboard }) {
  const { t } = useTranslation('missions');
  const money = useMoneyFormat();
  const score = (value: string) => (board.metric === 'valid_bet' ? money(value) : `${value}×`);
  return (
    <section className="leaderboard" aria-label={board.title}>
      <h3 className="leaderboard__title">{board.title}</h3>
      <p className="leaderboard__meta">
        {t(`board.${board.metric}`)} · {t(`period.${board.period}`)} ·{' '}
        {t('board.prizes', { prizes: board.prizes.map((prize) => money(prize)).join(' / ') })}
      </p>
      {board.top.length === 0 ? (
        <p className="leaderboard__empty">{t('board.empty')}</p>
      ) : (
        <ol className="leaderboard__rows">
          {board.top.map((entry) => (
            <li
              key={entry.rank}
              className={entry.mine ? 'leaderboard__row leaderboard__row--mine' : 'leaderboard__row'}
            >
              <span className="leaderboard__rank">{entry.rank}</span>
              <span className="leaderboard__player">{entry.mine ? t('board.you') : entry.player}</span>
              <span className="leaderboard__score">{score(entry.score)}</span>
              {entry.gameName && <span className="leaderboard__game">{entry.gameName}</span>}
            </li>
          ))}
        </ol>
      )}
      {board.me && (
        <p className="leaderboard__row leaderboard__row--mine leaderboard__me" data-testid="leaderboard-me">
          <span className="leaderboard__rank">{board.me.rank}</span>
          <span className="leaderboard__player">{t('board.you')}</span>
          <span className="leaderboard__score">{score(board.me.score)}</span>
        </p>
      )}
    </section>
  );
}

function LeaderboardsPanel() {
  const { t } = useTranslation('missions');
  const errorText = useErrorText('missions', 'errors.load');
  const boards = useLeaderboards();
  if (boards.isError)
    return <ErrorState message={errorText(boards.error)} onRetry={() => void boards.refetch()} />;
  if (!boards.data) return <Spinner label={t('loading')} />;
  if (boards.data.length === 0) return <Empty title={t('board.none')} />;
  return (
    <div className="leaderboards">
      {boards.data.map((board) => (
        <BoardView key={board.id} board={board} />
      ))}
    </div>
  );
}

function WinnersPanel() {
  const { t } = useTranslation('missions');
  const money = useMoneyFormat();
  const errorText = useErrorText('missions', 'errors.load');
  const winners = useWinners();
  if (winners.isError)
    return <ErrorState message={errorText(winners.error)} onRetry={() => void winners.refetch()} />;
  if (!winners.data) return <Spinner label={t('loading')} />;
  if (winners.data.length === 0) return <Empty title={t('winners.empty')} />;
  return (
    <table className="winners-table">
      <caption className="visually-hidden">{t('tabs.winners')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('winners.player')}</th>
          <th scope="col">{t('winners.board')}</th>
          <th scope="col">{t('winners.game')}</th>
          <th scope="col">{t('winners.prize')}</th>
        </tr>
      </thead>
      <tbody>
        {winners.data.map((row) => (
          <tr key={`${row.board}-${row.periodKey}-${row.rank}`}>
            <td>{row.player}</td>
            <td>
              {row.board} #{row.rank}
            </td>
            <td>{row.gameName ?? '—'}</td>
            <td>{money(row.prize)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Tab = 'missions' | 'leaderboards' | 'winners';

/** Mission activity (missionLeaderboard): missions and their claims, the leaderboards, the winners board. */
export function MissionLeaderboardPage() {
  const { t } = useTranslation('missions');
  const [tab, setTab] = useState<Tab>('missions');
  return (
    <div className="member-page missions-page">
      <Tabs
        tabs={(['missions', 'leaderboards', 'winners'] as const).map((id) => ({
          id,
          label: t(`tabs.${id}`),
        }))}
        activeId={tab}
        onChange={(id) => setTab(id as Tab)}
        label={t('tabs.label')}
      />
      <div className="missions-page__panel">
        {tab === 'missions' && <MissionsPanel />}
        {tab === 'leaderboards' && <LeaderboardsPanel />}
        {tab === 'winners' && <WinnersPanel />}
      </div>
    </div>
  );
}
