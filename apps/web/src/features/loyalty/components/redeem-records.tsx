import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedRecords } from '@/components';
import { useCountFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { useRedeemRecords } from '../api/get-mall';
import { formatDateTime } from '@/lib/dates';

export const REDEEMS_PAGE_SIZE = 10;

/** Redeem records: reference number, apply time, type, name, quantity, status (and a rejection's reason). */
export function RedeemRecords() {
  const { t, i18n } = useTranslation('loyalty');
  const count = useCountFormat();
  const errorText = useErrorText('loyalty', 'errors.generic');
  const [pageNo, setPageNo] = useState(1);
  const records = useRedeemRecords({ pageNo, pageSize: REDEEMS_PAGE_SIZE });
  return (
    <PagedRecords
      query={records}
      page={pageNo}
      onPageChange={setPageNo}
      loadingLabel={t('records.loading')}
      errorText={errorText}
      empty={{ title: t('records.empty'), hint: t('records.emptyHint') }}
    >
      {(list) => (
        <ul className="redeem-list" aria-label={t('records.list')}>
          {list.map((record) => (
            <li key={record.referenceNo} className="loyalty-card redeem-record">
              <div className="redeem-record__head">
                <strong>{record.name}</strong>
                <span className={`redeem-status redeem-status--${record.status}`}>
                  {t(`records.status.${record.status}`)}
                </span>
              </div>
              <dl className="redeem-record__facts">
                <dt>{t('records.reference')}</dt>
                <dd>{record.referenceNo}</dd>
                <dt>{t('records.applyTime')}</dt>
                <dd>{formatDateTime(record.applyTime, i18n.language)}</dd>
                <dt>{t('records.type')}</dt>
                <dd>{t(`mall.kind.${record.type}`)}</dd>
                <dt>{t('records.quantity')}</dt>
                <dd>{count(record.quantity)}</dd>
                <dt>{t('records.points')}</dt>
                <dd>{count(record.points)}</dd>
                {record.reason ? (
                  <>
                    <dt>{t('records.reason')}</dt>
                    <dd>{record.reason}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </PagedRecords>
  );
}
