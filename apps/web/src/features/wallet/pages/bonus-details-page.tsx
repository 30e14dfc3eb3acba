import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedRecords } from '@/components';
import { useBonuses } from '../api/get-bonuses';
import { useErrorText } from '@/lib/error-text';
import { BonusProgressList } from '../components/bonus-progress-list';
import { SignedAmount } from '../components/signed-amount';
import { formatDateTime } from '@/lib/dates';
import type { WalletPageProps } from '../lib/types';
import '../components/wallet.css';

export const BONUSES_PAGE_SIZE = 20;

/** Bonus details: each bonus with its turnover progress, then every bonus movement, newest first, paged. */
export function BonusDetailsPage(_props: WalletPageProps) {
  const { t, i18n } = useTranslation('wallet');
  const errorText = useErrorText('wallet', 'errors.generic');
  const [pageNo, setPageNo] = useState(1);
  const bonuses = useBonuses({ pageNo, pageSize: BONUSES_PAGE_SIZE });

  return (
    <div className="wallet-page">
      <BonusProgressList />
      <PagedRecords
        query={bonuses}
        page={pageNo}
        onPageChange={setPageNo}
        loadingLabel={t('loading')}
        errorText={errorText}
        empty={{ title: t('bonus.empty'), hint: t('bonus.emptyHint') }}
      >
        {(list) => (
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
                {list.map((row) => (
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
        )}
      </PagedRecords>
    </div>
  );
}
