import type { BetRecord } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { ErrorState, Modal, Spinner } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { useBetRecord } from '../api/get-bet-record';
import { formatDateTime } from '@/lib/dates';
import { NetAmount, StatusChip } from './money-text';
import { RoundDetailView } from './round-detail-view';

export interface RoundDetailDialogProps {
  /** the row that was opened (shown at once while its detail loads); null: closed */
  round: BetRecord | null;
  onClose(): void;
}

/** One round: its money, status and times, and what happened in it. */
export function RoundDetailDialog({ round, onClose }: RoundDetailDialogProps) {
  const { t, i18n } = useTranslation('records');
  const money = useMoneyFormat();
  const errorText = useErrorText('records', 'errors.generic');
  const detail = useBetRecord(round?.id ?? null);
  const shown = detail.data ?? round;
  return (
    <Modal open={round !== null} onClose={onClose} title={shown?.gameName ?? t('detail.title')}>
      {shown ? (
        <div className="records-detail">
          <dl className="records-pairs">
            <div>
              <dt>{t('columns.vendor')}</dt>
              <dd>
                {shown.vendorName}
                {shown.category ? ` · ${t(`categories.${shown.category}`)}` : ''}
              </dd>
            </div>
            <div>
              <dt>{t('columns.status')}</dt>
              <dd>
                <StatusChip status={shown.status} />
                {shown.demo ? <span className="records-chip records-chip--demo">{t('demo')}</span> : null}
              </dd>
            </div>
            <div>
              <dt>{t('columns.bet')}</dt>
              <dd className="records-num">{money(shown.bet)}</dd>
            </div>
            <div>
              <dt>{t('columns.win')}</dt>
              <dd className="records-num">{money(shown.win)}</dd>
            </div>
            {shown.refund !== '0.00' ? (
              <div>
                <dt>{t('columns.refund')}</dt>
                <dd className="records-num">{money(shown.refund)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('columns.net')}</dt>
              <dd className="records-num">
                <NetAmount amount={shown.net} />
              </dd>
            </div>
            <div>
              <dt>{t('columns.opened')}</dt>
              <dd>{formatDateTime(shown.openedAt, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('columns.closed')}</dt>
              <dd>
                {shown.closedAt ? formatDateTime(shown.closedAt, i18n.language) : t('detail.stillOpen')}
              </dd>
            </div>
            <div>
              <dt>{t('columns.round')}</dt>
              <dd className="records-mono">{shown.roundRef}</dd>
            </div>
          </dl>
          <h3 className="records-subtitle">{t('detail.whatHappened')}</h3>
          {detail.isError ? (
            <ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />
          ) : detail.data ? (
            <RoundDetailView detail={detail.data.detail} ownGame={detail.data.vendorCode === 'INHOUSE'} />
          ) : (
            <Spinner label={t('loading')} />
          )}
        </div>
      ) : null}
    </Modal>
  );
}
