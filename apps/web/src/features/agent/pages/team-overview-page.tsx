import type { TeamFigures } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { ErrorState, Spinner } from '@/components';
import { useCountFormat, useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { useTeamOverview } from '../api/get-team-overview';
import { InviteLink } from '../components/invite-link';

/** Team overview (the centre's default page): team size, the figures of today and both months, a chart. */
export function TeamOverviewPage() {
  const { t } = useTranslation('agent');
  const overview = useTeamOverview();
  const errorText = useErrorText('agent', 'errors.generic');
  const count = useCountFormat();
  if (overview.isError) {
    return <ErrorState message={errorText(overview.error)} onRetry={() => void overview.refetch()} />;
  }
  if (!overview.data) return <Spinner label={t('centre.loading')} />;
  const data = overview.data;
  return (
    <div className="agent-page">
      <dl className="agent-stats" aria-label={t('overview.team')}>
        <div>
          <dt>{t('overview.teamSize')}</dt>
          <dd>{count(data.teamSize)}</dd>
        </div>
        <div>
          <dt>{t('overview.directDownlines')}</dt>
          <dd>{count(data.directDownlines)}</dd>
        </div>
      </dl>
      <div className="agent-figures">
        <FiguresCard title={t('overview.today')} figures={data.today} />
        <FiguresCard title={t('overview.thisPeriod')} figures={data.thisPeriod} />
        <FiguresCard title={t('overview.lastPeriod')} figures={data.lastPeriod} />
      </div>
      <TeamChart points={data.chart} />
      <InviteLink code={data.affiliateCode} />
    </div>
  );
}

function FiguresCard({ title, figures }: { title: string; figures: TeamFigures }) {
  const { t } = useTranslation('agent');
  const money = useMoneyFormat();
  const count = useCountFormat();
  return (
    <section className="agent-card" aria-label={title}>
      <h3 className="agent-card__title">
        {title}{' '}
        <span className="agent-card__range">
          {figures.from === figures.to ? figures.from : `${figures.from} – ${figures.to}`}
        </span>
      </h3>
      <dl className="agent-card__list">
        <dt>{t('figures.newMembers')}</dt>
        <dd>{count(figures.newMembers)}</dd>
        <dt>{t('figures.activeMembers')}</dt>
        <dd>{count(figures.activeMembers)}</dd>
        <dt>{t('figures.validBet')}</dt>
        <dd>{money(figures.validBet)}</dd>
        <dt>{t('figures.payout')}</dt>
        <dd>{money(figures.payout)}</dd>
        <dt>{t('figures.profit')}</dt>
        <dd className={figures.profit.startsWith('-') ? 'agent-negative' : undefined}>
          {money(figures.profit)}
        </dd>
      </dl>
    </section>
  );
}

/** Valid bet per day as bars; the same figures as a table for screen readers. */
function TeamChart({ points }: { points: { day: string; validBet: string; profit: string }[] }) {
  const { t } = useTranslation('agent');
  const money = useMoneyFormat();
  const max = Math.max(1, ...points.map((point) => Number(point.validBet)));
  return (
    <section className="agent-card" aria-label={t('overview.chart')}>
      <h3 className="agent-card__title">{t('overview.chart')}</h3>
      <div className="agent-chart" aria-hidden="true">
        {points.map((point) => (
          <div key={point.day} className="agent-chart__bar" title={`${point.day}: ${money(point.validBet)}`}>
            <span style={{ height: `${Math.round((Number(point.validBet) / max) * 100)}%` }} />
            <small>{point.day.slice(8)}</small>
          </div>
        ))}
      </div>
      <table className="visually-hidden">
        <caption>{t('overview.chart')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('figures.day')}</th>
            <th scope="col">{t('figures.validBet')}</th>
            <th scope="col">{t('figures.profit')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.day}>
              <td>{point.day}</td>
              <td>{money(point.validBet)}</td>
              <td>{money(point.profit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
