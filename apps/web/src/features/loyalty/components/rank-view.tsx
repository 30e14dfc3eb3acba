import type { PlayerRank } from '@platform/contract/client';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorState, Spinner } from '@/components';
import { useCountFormat, useMoneyFormat, usePercentFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { useClaimMonthlyGift, usePlayerRank } from '../api/get-rank';

type Rank = PlayerRank['current'];

/** The club label's badge: its two colours as a gradient, the label translated when we know it. */
export function RankBadge({ rank, large = false }: { rank: Rank; large?: boolean }) {
  const { t } = useTranslation('loyalty');
  const style = { '--rank-color': rank.color, '--rank-color2': rank.color2 } as CSSProperties;
  return (
    <span
      className={`rank-badge${large ? ' rank-badge--large' : ''}`}
      style={style}
      data-rank={rank.rankLevel}
    >
      {t(`rank.labels.${rank.labelName}`, { defaultValue: rank.labelName })}
    </span>
  );
}

/** playerRank: the rank now, progress to the next on both measures, the gifts, and every rank's thresholds. */
export function RankView() {
  const { t } = useTranslation('loyalty');
  const money = useMoneyFormat();
  const percent = usePercentFormat();
  const count = useCountFormat();
  const errorText = useErrorText('loyalty', 'errors.generic');
  const rank = usePlayerRank();
  const gift = useClaimMonthlyGift();
  if (rank.isError) return <ErrorState message={errorText(rank.error)} onRetry={() => void rank.refetch()} />;
  if (!rank.data) return <Spinner label={t('rank.loading')} />;
  const { current, next } = rank.data;
  return (
    <div className="loyalty-stack">
      <section className="loyalty-card rank-current" aria-labelledby="rank-title">
        <h3 id="rank-title" className="loyalty-card__title">
          {t('rank.current')}
        </h3>
        <RankBadge rank={current} large />
        {next ? (
          <>
            <p>
              {t('rank.toNext', {
                rank: t(`rank.labels.${next.labelName}`, { defaultValue: next.labelName }),
              })}
            </p>
            <div
              className="rank-progress"
              role="progressbar"
              aria-label={t('rank.progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={rank.data.progress}
            >
              <span className="rank-progress__bar" style={{ width: `${rank.data.progress}%` }} />
            </div>
            <p className="loyalty-muted">{percent(rank.data.progress)}</p>
            <dl className="rank-facts">
              <dt>{t('rank.deposits', { days: count(rank.data.windowDays) })}</dt>
              <dd>
                {money(rank.data.deposit)} / {money(next.minDeposit)}
              </dd>
              <dt>{t('rank.validBets', { days: count(rank.data.windowDays) })}</dt>
              <dd>
                {money(rank.data.validBet)} / {money(next.minValidBet)}
              </dd>
            </dl>
          </>
        ) : (
          <p>{t('rank.top')}</p>
        )}
        {rank.data.monthlyGiftClaimable ? (
          <Button loading={gift.isPending} onClick={() => gift.mutate()}>
            {t('rank.claimMonthly', { amount: money(current.monthlyGift) })}
          </Button>
        ) : null}
        {gift.isSuccess ? (
          <p className="loyalty-done" role="status">
            {t('rank.monthlyDone', { amount: money(gift.data.amount) })}
          </p>
        ) : null}
        {gift.isError ? (
          <p className="ui-field__error" role="alert">
            {errorText(gift.error)}
          </p>
        ) : null}
      </section>
      <section className="loyalty-card" aria-labelledby="rank-table-title">
        <h3 id="rank-table-title" className="loyalty-card__title">
          {t('rank.all')}
        </h3>
        <div className="loyalty-table-wrap">
          <table className="loyalty-table">
            <thead>
              <tr>
                <th scope="col">{t('rank.rank')}</th>
                <th scope="col">{t('rank.minDeposit')}</th>
                <th scope="col">{t('rank.minValidBet')}</th>
                <th scope="col">{t('rank.upgradeGift')}</th>
                <th scope="col">{t('rank.monthlyGift')}</th>
              </tr>
            </thead>
            <tbody>
              {rank.data.ranks.map((row) => (
                <tr
                  key={row.rankLevel}
                  aria-current={row.rankLevel === current.rankLevel ? 'true' : undefined}
                >
                  <td>
                    <RankBadge rank={row} />
                  </td>
                  <td>{money(row.minDeposit)}</td>
                  <td>{money(row.minValidBet)}</td>
                  <td>{money(row.upgradeGift)}</td>
                  <td>{money(row.monthlyGift)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
