import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/app/use-page-title';
import { DataGrid, gridColumns, type GridState } from '@/components/data-grid';
import { StatusTabs, formatTime, queueErrorText, useOnCountChange, useQueueCounts } from '@/features/queues';
import { useStaffSession } from '@/lib/session';
import { useWithdrawals, withdrawalTabs, type AdminWithdrawal } from '../api/withdrawals';
import { fourEyesLabel } from './four-eyes-state';
import { RiskFlags } from './risk-flags';

const column = gridColumns<AdminWithdrawal>();

/** The withdrawals' queue: pending first, with the server's risk flags on every row. */
export function WithdrawalQueue() {
  const { t, i18n } = useTranslation();
  const session = useStaffSession();
  const [search] = useSearchParams();
  const asked = search.get('status') ?? 'pending';
  const status = (withdrawalTabs as readonly string[]).includes(asked) ? asked : 'pending';
  const [grid, setGrid] = useState<GridState>({ page: 1, pageSize: 20, sort: null });
  const [shownStatus, setShownStatus] = useState(status);
  if (shownStatus !== status) {
    setShownStatus(status);
    setGrid({ ...grid, page: 1 });
  }
  const query = useWithdrawals(status, grid.page, grid.pageSize);
  const client = useQueryClient();
  const counts = useQueueCounts();
  const refresh = () => void client.invalidateQueries({ queryKey: ['adminWithdrawals'] });
  useOnCountChange(counts.data?.pendingWithdrawals, refresh);
  useOnCountChange(counts.data?.heldWithdrawals, refresh);
  useOnCountChange(counts.data?.awaitingSecondApproval, refresh);
  usePageTitle(t('withdrawals.title'));

  const columns = column.columns([
    column.accessor('createdAt', {
      header: t('withdrawals.columns.createdAt'),
      enableSorting: false,
      cell: (info) => formatTime(info.getValue(), i18n.language),
    }),
    column.accessor('memberUsername', {
      header: t('withdrawals.columns.member'),
      enableSorting: false,
      cell: (info) => (
        <>
          {info.getValue()}
          <span className="muted withdrawal-queue__line">{info.row.original.memberAccount}</span>
        </>
      ),
    }),
    column.accessor('amount', {
      header: t('withdrawals.columns.amount'),
      enableSorting: false,
      cell: (info) => <span className="queue-money">{info.getValue()}</span>,
    }),
    column.accessor('bankAccount', {
      header: t('withdrawals.columns.bankAccount'),
      enableSorting: false,
      cell: (info) => {
        const account = info.getValue();
        return (
          <>
            {account.bankName}
            <span className="withdrawal-queue__line">{account.accountName}</span>
            <span className="withdrawal-queue__line">{account.accountNumber}</span>
          </>
        );
      },
    }),
    column.accessor('riskFlags', {
      header: t('withdrawals.columns.riskFlags'),
      enableSorting: false,
      cell: (info) => <RiskFlags flags={info.getValue()} />,
    }),
    column.accessor('status', {
      header: t('withdrawals.columns.state'),
      enableSorting: false,
      cell: (info) => fourEyesLabel(t, info.row.original, session?.username),
    }),
    column.accessor('id', {
      header: t('withdrawals.columns.open'),
      enableSorting: false,
      cell: (info) => (
        <Link to={info.getValue()}>
          {t('withdrawals.openShort')}
          <span className="visually-hidden">
            {' '}
            {t('withdrawals.open', {
              amount: info.row.original.amount,
              member: info.row.original.memberUsername,
            })}
          </span>
        </Link>
      ),
    }),
  ]);

  return (
    <>
      <h1 tabIndex={-1}>{t('withdrawals.title')}</h1>
      <StatusTabs
        label={t('withdrawals.statusTabs')}
        statuses={withdrawalTabs}
        current={status}
        text={(value) => t(`withdrawals.status.${value}`)}
      />
      <DataGrid
        caption={t('withdrawals.caption', { status: t(`withdrawals.status.${status}`) })}
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
