import { depositStatuses } from '@platform/contract/client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedRecords } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useDeposits } from '../api/get-deposits';
import { channelNameIn } from '../lib/channel-name';
import { formatDateTime } from '@/lib/dates';
import type { DepositStatus } from '../lib/types';
import { useErrorText } from '@/lib/error-text';
import { StatusChip } from './status-chip';

export const RECORDS_PAGE_SIZE = 10;

/** The member's deposits with a status filter, paged. */
export function DepositRecords() {
  const { t, i18n } = useTranslation('wallet');
  const money = useMoneyFormat();
  const errorText = useErrorText('wallet', 'errors.generic');
  const filterId = useId();
  const [status, setStatus] = useState<DepositStatus | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const records = useDeposits({ status: status || undefined, pageNo, pageSize: RECORDS_PAGE_SIZE });

  const body = (
    <PagedRecords
      query={records}
      page={pageNo}
      onPageChange={setPageNo}
      loadingLabel={t('loading')}
      errorText={errorText}
      empty={{ title: t('records.empty'), hint: t('records.emptyHint') }}
    >
      {(list) => (
        <>
          <div className="wallet-table-wrap">
            <table className="wallet-table" aria-label={t('deposit.recordsTable')}>
              <thead>
                <tr>
                  <th scope="col">{t('records.time')}</th>
                  <th scope="col">{t('records.channel')}</th>
                  <th scope="col" className="wallet-table__num">
                    {t('records.amount')}
                  </th>
                  <th scope="col">{t('records.status')}</th>
                  <th scope="col">{t('records.reference')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((deposit) => (
                  <tr key={deposit.id}>
                    <td>{formatDateTime(deposit.createdAt, i18n.language)}</td>
                    <td>{channelNameIn(deposit.channelNames, deposit.channelName, i18n.language)}</td>
                    <td className="wallet-table__num">{money(deposit.amount)}</td>
                    <td>
                      <StatusChip kind="deposit" status={deposit.status} />
                      {deposit.reason ? <span className="wallet-table__note">{deposit.reason}</span> : null}
                    </td>
                    <td className="wallet-table__mono">{deposit.reference}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </PagedRecords>
  );

  return (
    <div className="wallet-records">
      <div className="wallet-filters">
        <div className="wallet-field">
          <label htmlFor={filterId} className="wallet-field__label">
            {t('records.statusFilter')}
          </label>
          <select
            id={filterId}
            className="wallet-field__input"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as DepositStatus | '');
              setPageNo(1);
            }}
          >
            <option value="">{t('records.allStatuses')}</option>
            {depositStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`status.deposit.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
    </div>
  );
}
