import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, PagedRecords, Spinner } from '@/components';
import { useCountFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { usePoints, usePointsHistory } from '../api/get-points';
import { ConvertForm } from '../forms/convert-form';
import { formatDateTime } from '@/lib/dates';

export const HISTORY_PAGE_SIZE = 10;

/** My points: the balance, the conversion to money, and every change (current, changed, balance). */
export function PointsPanel() {
  const { t, i18n } = useTranslation('loyalty');
  const count = useCountFormat();
  const errorText = useErrorText('loyalty', 'errors.generic');
  const points = usePoints();
  const [pageNo, setPageNo] = useState(1);
  const history = usePointsHistory({ pageNo, pageSize: HISTORY_PAGE_SIZE });
  if (points.isError)
    return <ErrorState message={errorText(points.error)} onRetry={() => void points.refetch()} />;
  if (!points.data) return <Spinner label={t('points.loading')} />;
  return (
    <div className="loyalty-stack">
      <section className="loyalty-card loyalty-balance" aria-label={t('points.balanceLabel')}>
        <span className="loyalty-muted">{t('points.balance')}</span>
        <strong className="loyalty-balance__value" data-testid="points-balance">
          {count(points.data.balance)}
        </strong>
        <span className="loyalty-muted">{t('points.neverExpire')}</span>
      </section>
      <ConvertForm
        balance={points.data.balance}
        pointsPerUnit={points.data.pointsPerUnit}
        minConvert={points.data.minConvert}
      />
      <section className="loyalty-card" aria-labelledby="points-history-title">
        <h3 id="points-history-title" className="loyalty-card__title">
          {t('points.history')}
        </h3>
        <PagedRecords
          query={history}
          page={pageNo}
          onPageChange={setPageNo}
          loadingLabel={t('points.loading')}
          errorText={errorText}
          empty={{ title: t('points.empty'), hint: t('points.emptyHint') }}
        >
          {(list) => (
            <div className="loyalty-table-wrap">
              <table className="loyalty-table">
                <thead>
                  <tr>
                    <th scope="col">{t('points.when')}</th>
                    <th scope="col">{t('points.kind')}</th>
                    <th scope="col">{t('points.current')}</th>
                    <th scope="col">{t('points.changed')}</th>
                    <th scope="col">{t('points.after')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatDateTime(entry.at, i18n.language)}</td>
                      <td>{t(`points.kinds.${entry.kind}`)}</td>
                      <td>{count(entry.current)}</td>
                      <td className={entry.changed < 0 ? 'loyalty-minus' : 'loyalty-plus'}>
                        {entry.changed > 0 ? '+' : ''}
                        {count(entry.changed)}
                      </td>
                      <td>{count(entry.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedRecords>
      </section>
    </div>
  );
}
