import { teamTransactionKinds } from '@platform/contract/client';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, FilterField, PagedRecords } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { quickPickRange, type DayRange, type QuickPick } from '@/lib/site-days';
import { useTeamTransactions, type TeamTransactionsFilters } from '../api/get-team-transactions';

const PAGE_SIZE = 20;
type Kind = NonNullable<TeamTransactionsFilters['kind']>;

/** Downline transaction details: deposits, withdrawals and transfers of every member of the team. */
export function DownlineTransactionsPage() {
  const { t, i18n } = useTranslation('agent');
  const money = useMoneyFormat();
  const errorText = useErrorText('agent', 'errors.generic');
  const id = useId();
  const [range, setRange] = useState<DayRange>(() => quickPickRange('last7'));
  const [pick, setPick] = useState<QuickPick | null>('last7');
  const [kind, setKind] = useState<Kind | ''>('');
  const [username, setUsername] = useState('');
  const typed = useDeferredValue(username.trim());
  const [pageNo, setPageNo] = useState(1);
  const valid = !!range.from && !!range.to && range.from <= range.to;
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
  const setDates = (next: DayRange, chosen: QuickPick | null) => {
    setRange(next);
    setPick(chosen);
    setPageNo(1);
  };
  return (
    <div className="agent-page agent-page--wide">
      <DateRangeFilter range={range} pick={pick} onChange={setDates}>
        <FilterField id={`${id}-kind`} label={t('transactions.kind')}>
          <select
            id={`${id}-kind`}
            className="date-range__input"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as Kind | '');
              setPageNo(1);
            }}
          >
            <option value="">{t('transactions.allKinds')}</option>
            {teamTransactionKinds.map((value) => (
              <option key={value} value={value}>
                {t(`transactions.kinds.${value}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id={`${id}-user`} label={t('team.username')}>
          <input
            id={`${id}-user`}
            className="date-range__input"
            type="search"
            maxLength={40}
            value={username}
            onChange={(event) => {
              setUsername(event.target.value);
              setPageNo(1);
            }}
          />
        </FilterField>
      </DateRangeFilter>
      {!valid ? (
        <p className="agent-error" role="alert">
          {t('filters.rangeInvalid')}
        </p>
      ) : (
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
                      <td>{new Date(row.at).toLocaleString(i18n.language)}</td>
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
