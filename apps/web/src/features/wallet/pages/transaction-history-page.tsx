import { transactionTypes } from '@platform/contract/client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, FilterField, PagedRecords } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useTransactions } from '../api/get-transactions';
import { useErrorText } from '@/lib/error-text';
import { SignedAmount } from '../components/signed-amount';
import { quickPickRange, type DayRange, type QuickPick } from '@/lib/site-days';
import { formatDateTime } from '@/lib/dates';
import type { TransactionType, WalletPageProps } from '../lib/types';
import '../components/wallet.css';

export const TRANSACTIONS_PAGE_SIZE = 20;

/** Account record (transactionHistory): every money movement, filtered by type and dates, paged. */
export function TransactionHistoryPage(_props: WalletPageProps) {
  const { t, i18n } = useTranslation('wallet');
  const money = useMoneyFormat();
  const errorText = useErrorText('wallet', 'errors.generic');
  const id = useId();
  const [type, setType] = useState<TransactionType | ''>('');
  const [range, setRange] = useState(() => quickPickRange('last7'));
  const [pick, setPick] = useState<QuickPick | null>('last7');
  const [pageNo, setPageNo] = useState(1);
  const rangeInvalid = !!range.from && !!range.to && range.from > range.to;
  const records = useTransactions({
    type: type || undefined,
    from: range.from || undefined,
    to: range.to || undefined,
    pageNo,
    pageSize: TRANSACTIONS_PAGE_SIZE,
  });

  const setDates = (next: DayRange, chosen: QuickPick | null) => {
    setRange(next);
    setPick(chosen);
    setPageNo(1);
  };

  let body;
  if (rangeInvalid) {
    body = (
      <p className="wallet-field__error" role="alert">
        {t('history.rangeInvalid')}
      </p>
    );
  } else {
    body = (
      <PagedRecords
        query={records}
        page={pageNo}
        onPageChange={setPageNo}
        loadingLabel={t('loading')}
        errorText={errorText}
        empty={{ title: t('history.empty'), hint: t('history.emptyHint') }}
      >
        {(list) => (
          <>
            <div className="wallet-table-wrap" aria-busy={records.isFetching || undefined}>
              <table className="wallet-table" aria-label={t('history.table')}>
                <thead>
                  <tr>
                    <th scope="col">{t('records.time')}</th>
                    <th scope="col">{t('history.type')}</th>
                    <th scope="col" className="wallet-table__num">
                      {t('records.amount')}
                    </th>
                    <th scope="col" className="wallet-table__num">
                      {t('history.balanceAfter')}
                    </th>
                    <th scope="col">{t('records.reference')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((row) => (
                    <tr key={row.id}>
                      <td>{formatDateTime(row.createdAt, i18n.language)}</td>
                      <td>{t(`types.${row.type}`)}</td>
                      <td className="wallet-table__num">
                        <SignedAmount amount={row.amount} />
                      </td>
                      <td className="wallet-table__num">
                        {row.balanceAfter === null ? '—' : money(row.balanceAfter)}
                      </td>
                      <td className="wallet-table__mono">
                        {row.reference ?? '—'}
                        {row.memo ? <span className="wallet-table__note">{row.memo}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </PagedRecords>
    );
  }

  return (
    <div className="wallet-page">
      <DateRangeFilter range={range} pick={pick} onChange={setDates}>
        <FilterField id={`${id}-type`} label={t('history.type')}>
          <select
            id={`${id}-type`}
            className="date-range__input"
            value={type}
            onChange={(event) => {
              setType(event.target.value as TransactionType | '');
              setPageNo(1);
            }}
          >
            <option value="">{t('history.allTypes')}</option>
            {transactionTypes.map((value) => (
              <option key={value} value={value}>
                {t(`types.${value}`)}
              </option>
            ))}
          </select>
        </FilterField>
      </DateRangeFilter>
      {body}
    </div>
  );
}
