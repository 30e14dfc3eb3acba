import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, ErrorState, Pagination, Spinner } from '@/components';
import { useBonuses } from '../api/get-bonuses';
import { useErrorText } from '@/lib/error-text';
import { SignedAmount } from '../components/signed-amount';
import { formatDateTime } from '../lib/dates';
import type { WalletPageProps } from '../lib/types';
import '../components/wallet.css';

export const BONUSES_PAGE_SIZE = 20;

/** Bonus details: every bonus credited, newest first, paged. */
export function BonusDetailsPage(_props: WalletPageProps) {
  const { t, i18n } = useTranslation('wallet');
  const errorText = useErrorText('wallet', 'errors.generic');
  const [pageNo, setPageNo] = useState(1);
  const bonuses = useBonuses({ pageNo, pageSize: BONUSES_PAGE_SIZE });

  if (bonuses.isError)
    return <ErrorState message={errorText(bonuses.error)} onRetry={() => void bonuses.refetch()} />;
  if (!bonuses.data) return <Spinner label={t('loading')} />;
  if (bonuses.data.list.length === 0) return <Empty title={t('bonus.empty')} hint={t('bonus.emptyHint')} />;
  return (
    <div className="wallet-page">
      <div className="wallet-table-wrap">
        <table className="wallet-table" aria-label={t('bonus.table')}>
          <thead>
            <tr>
              <th scope="col">{t('records.time')}</th>
              <th scope="col">{t('bonus.description')}</th>
              <th scope="col" className="wallet-table__num">
                {t('records.amount')}
              </th>
              <th scope="col">{t('records.reference')}</th>
            </tr>
          </thead>
          <tbody>
            {bonuses.data.list.map((row) => (
              <tr key={row.id}>
                <td>{formatDateTime(row.createdAt, i18n.language)}</td>
                <td>{row.memo ?? t(`types.${row.type}`)}</td>
                <td className="wallet-table__num">
                  <SignedAmount amount={row.amount} />
                </td>
                <td className="wallet-table__mono">{row.reference ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={pageNo}
        pageCount={bonuses.data.totalPages}
        onChange={setPageNo}
        range={3}
        margin={1}
      />
    </div>
  );
}
