import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/app/use-page-title';
import { DataGrid, gridColumns, type GridState } from '@/components/data-grid';
import { StatusTabs, formatTime, queueErrorText, useOnCountChange, useQueueCounts } from '@/features/queues';
import { depositStatuses, useDeposits, type AdminDeposit } from '../api/deposits';

const column = gridColumns<AdminDeposit>();

/** The deposits' queue: pending first, with tabs for the other statuses. */
export function DepositQueue() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const asked = search.get('status') ?? 'pending';
  const status = (depositStatuses as readonly string[]).includes(asked) ? asked : 'pending';
  const [grid, setGrid] = useState<GridState>({ page: 1, pageSize: 20, sort: null });
  const [shownStatus, setShownStatus] = useState(status);
  if (shownStatus !== status) {
    setShownStatus(status);
    setGrid({ ...grid, page: 1 });
  }
  const query = useDeposits(status, grid.page, grid.pageSize);
  const client = useQueryClient();
  const counts = useQueueCounts();
  useOnCountChange(counts.data?.pendingDeposits, () => {
    void client.invalidateQueries({ queryKey: ['adminDeposits'] });
  });
  usePageTitle(t('deposits.title'));

  const columns = column.columns([
    column.accessor('createdAt', {
      header: t('deposits.columns.createdAt'),
      enableSorting: false,
      cell: (info) => formatTime(info.getValue(), i18n.language),
    }),
    column.accessor('channelName', { header: t('deposits.columns.channel'), enableSorting: false }),
    column.accessor('amount', {
      header: t('deposits.columns.amount'),
      enableSorting: false,
      cell: (info) => <span className="queue-money">{info.getValue()}</span>,
    }),
    column.accessor('memberUsername', {
      header: t('deposits.columns.member'),
      enableSorting: false,
      cell: (info) => (
        <>
          {info.getValue()} <span className="muted">({info.row.original.memberAccount})</span>
        </>
      ),
    }),
    column.accessor('reference', { header: t('deposits.columns.reference'), enableSorting: false }),
    column.accessor('hasProof', {
      header: t('deposits.columns.proof'),
      enableSorting: false,
      cell: (info) => (info.getValue() ? t('deposits.proofYes') : t('deposits.proofNo')),
    }),
    column.accessor('id', {
      header: t('deposits.columns.open'),
      enableSorting: false,
      cell: (info) => (
        <Link to={info.getValue()}>{t('deposits.open', { reference: info.row.original.reference })}</Link>
      ),
    }),
  ]);

  return (
    <>
      <h1 tabIndex={-1}>{t('deposits.title')}</h1>
      <StatusTabs
        label={t('deposits.statusTabs')}
        statuses={depositStatuses}
        current={status}
        text={(value) => t(`deposits.status.${value}`)}
      />
      <DataGrid
        caption={t('deposits.caption', { status: t(`deposits.status.${status}`) })}
        columns={columns}
        rows={query.data?.list}
        rowCount={query.data?.totalCount}
        state={grid}
        onStateChange={setGrid}
        status={query.status}
        error={query.error ? queueErrorText(t, query.error) : undefined}
        onRetry={() => void query.refetch()}
        rowId={(row) => row.id}
      />
    </>
  );
}
