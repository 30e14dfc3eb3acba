import { teamTransactionKinds } from '@platform/contract/client';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedRecords } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/dates';
import { useTeamTransactions, type TeamTransactionsFilters } from '../api/get-team-transactions';
import { KindFilter, ReportFilters, UsernameFilter, useReportDates } from '../components/report-filters';

const PAGE_SIZE = 20;
type Kind = NonNullable<TeamTransactionsFilters['kind']>;

/** Downline transaction details: deposits, withdrawals and transfers of every member of the team. */
export function DownlineTransactionsPage() {
  const { t, i18n } = useTranslation('agent');
  const money = useMoneyFormat();
  const errorText = useErrorText('agent', 'errors.generic');
  const dates = useReportDates('last7');
  const { range, valid, pageNo, setPageNo } = dates;
  const [kind, setKind] = useState<Kind | ''>('');
  const [username, setUsername] = useState('');
  const typed = useDeferredValue(username.trim());
  const transactions = useTeamTransactions(
    {
      from: range.from,
      to: range.to,
      kind: kind || undefined,
      username: typed || undefined,
      pageNo,
      pageSize: PAGE_SIZE,
    },
    valid,
  );
  return (
    <div className="agent-page agent-page--wide">
      <ReportFilters dates={dates}>
        <KindFilter
          label={t('transactions.kind')}
          allLabel={t('transactions.allKinds')}
          kinds={teamTransactionKinds}
          kindLabel={(value) => t(`transactions.kinds.${value}`)}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPageNo(1);
          }}
        />
        <UsernameFilter
          label={t('team.username')}
          value={username}
          onChange={(value) => {
            setUsername(value);
            setPageNo(1);
          }}
        />
      </ReportFilters>
      {!valid ? null : (
        <PagedRecords
          query={transactions}
          page={pageNo}
          onPageChange={setPageNo}
          loadingLabel={t('centre.loading')}
          errorText={errorText}
          empty={{ title: t('transactions.empty'), hint: t('transactions.emptyHint') }}
        >
          {(list) => (
            <div className="agent-table-wrap" aria-busy={transactions.isFetching || undefined}>
              <table className="agent-table" aria-label={t('transactions.table')}>
                <thead>
                  <tr>
                    <th scope="col">{t('transactions.at')}</th>
                    <th scope="col">{t('team.username')}</th>
                    <th scope="col">{t('transactions.kind')}</th>
                    <th scope="col" className="agent-table__num">
                      {t('transactions.amount')}
                    </th>
                    <th scope="col">{t('transactions.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((row) => (
                    <tr key={`${row.kind}-${row.id}-${row.username}`}>
                      <td>{formatDateTime(row.at, i18n.language)}</td>
                      <td>{row.username}</td>
                      <td>{t(`transactions.kinds.${row.kind}`)}</td>
                      <td
                        className={`agent-table__num${row.amount.startsWith('-') ? ' agent-negative' : ''}`}
                      >
                        {money(row.amount)}
                      </td>
                      <td>
                        {t(`transactions.statuses.${row.status}`, { defaultValue: row.status })}
                        {row.detail ? ` · ${row.detail}` : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedRecords>
      )}
    </div>
  );
}
