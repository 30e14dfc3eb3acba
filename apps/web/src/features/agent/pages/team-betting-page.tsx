import { useTranslation } from 'react-i18next';
import { PagedRecords } from '@/components';
import { useCountFormat, useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { useTeamBets } from '../api/get-team-bets';
import { ReportFilters, useReportDates } from '../components/report-filters';

const PAGE_SIZE = 20;

/**
 * Team betting (valid bets by category and by member) and user profit and loss (each member's result):
 * the same figures, told two ways.
 */
export function TeamBettingPage({ view }: { view: 'betting' | 'profit' }) {
  const { t } = useTranslation('agent');
  const money = useMoneyFormat();
  const count = useCountFormat();
  const errorText = useErrorText('agent', 'errors.generic');
  const dates = useReportDates('last7');
  const { range, valid, pageNo, setPageNo } = dates;
  const bets = useTeamBets({ from: range.from, to: range.to, pageNo, pageSize: PAGE_SIZE }, valid);
  const total = bets.data?.total;
  return (
    <div className="agent-page agent-page--wide">
      <ReportFilters dates={dates} />
      {total ? (
        <dl className="agent-stats" aria-label={t('bets.total')}>
          <div>
            <dt>{t('figures.validBet')}</dt>
            <dd>{money(total.validBet)}</dd>
          </div>
          <div>
            <dt>{t('figures.payout')}</dt>
            <dd>{money(total.payout)}</dd>
          </div>
          <div>
            <dt>{t('figures.profit')}</dt>
            <dd className={total.profit.startsWith('-') ? 'agent-negative' : undefined}>
              {money(total.profit)}
            </dd>
          </div>
          <div>
            <dt>{t('figures.bets')}</dt>
            <dd>{count(total.bets)}</dd>
          </div>
        </dl>
      ) : null}
      {view === 'betting' && bets.data && bets.data.byCategory.length > 0 ? (
        <div className="agent-table-wrap">
          <table className="agent-table" aria-label={t('bets.byCategory')}>
            <thead>
              <tr>
                <th scope="col">{t('bets.category')}</th>
                <th scope="col" className="agent-table__num">
                  {t('figures.validBet')}
                </th>
                <th scope="col" className="agent-table__num">
                  {t('figures.profit')}
                </th>
              </tr>
            </thead>
            <tbody>
              {bets.data.byCategory.map((row) => (
                <tr key={row.category}>
                  <td>{row.category}</td>
                  <td className="agent-table__num">{money(row.validBet)}</td>
                  <td className="agent-table__num">{money(row.profit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {valid ? (
        <PagedRecords
          query={bets}
          page={pageNo}
          onPageChange={setPageNo}
          loadingLabel={t('centre.loading')}
          errorText={errorText}
          empty={{ title: t('bets.empty'), hint: t('bets.emptyHint') }}
        >
          {(list) => (
            <div className="agent-table-wrap" aria-busy={bets.isFetching || undefined}>
              <table
                className="agent-table"
                aria-label={t(view === 'betting' ? 'bets.table' : 'bets.profitTable')}
              >
                <thead>
                  <tr>
                    <th scope="col">{t('team.username')}</th>
                    <th scope="col" className="agent-table__num">
                      {t('figures.validBet')}
                    </th>
                    {view === 'profit' ? (
                      <th scope="col" className="agent-table__num">
                        {t('figures.payout')}
                      </th>
                    ) : (
                      <th scope="col" className="agent-table__num">
                        {t('figures.bets')}
                      </th>
                    )}
                    <th scope="col" className="agent-table__num">
                      {t('figures.profit')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((row) => (
                    <tr key={row.publicId}>
                      <td>{row.username}</td>
                      <td className="agent-table__num">{money(row.validBet)}</td>
                      <td className="agent-table__num">
                        {view === 'profit' ? money(row.payout) : count(row.bets)}
                      </td>
                      <td
                        className={`agent-table__num${row.profit.startsWith('-') ? ' agent-negative' : ''}`}
                      >
                        {money(row.profit)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedRecords>
      ) : null}
    </div>
  );
}
