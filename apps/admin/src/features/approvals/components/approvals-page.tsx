import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/app/use-page-title';
import { Button } from '@/components/button';
import { DataGrid, gridColumns, type GridState } from '@/components/data-grid';
import {
  ConfirmDialog,
  ReasonDialog,
  StatusTabs,
  formatTime,
  isStaffMember,
  queueErrorText,
  staffName,
} from '@/features/queues';
import { callExists, mayCall } from '@/lib/access';
import { useStaffSession } from '@/lib/session';
import { approvalStates, useApprovals, useDecideApproval, type StaffApproval } from '../api/approvals';

const column = gridColumns<StaffApproval>();

/**
 * Four-eyes approvals: decisions above the settings' amounts that wait for a second member of staff.
 * Someone else's request may be confirmed or rejected; one's own says that someone else must.
 */
export function ApprovalsPage() {
  const { t, i18n } = useTranslation();
  const session = useStaffSession();
  const me = session?.username;
  const roles = session?.roles ?? [];
  const [search] = useSearchParams();
  const asked = search.get('status') ?? 'pending';
  const state = (approvalStates as readonly string[]).includes(asked) ? asked : 'pending';
  const [grid, setGrid] = useState<GridState>({ page: 1, pageSize: 50, sort: null });
  const [shownState, setShownState] = useState(state);
  if (shownState !== state) {
    setShownState(state);
    setGrid({ ...grid, page: 1 });
  }
  const query = useApprovals(state, grid.page, grid.pageSize);
  const { confirm, reject } = useDecideApproval();
  const [open, setOpen] = useState<{ kind: 'confirm' | 'reject'; approval: StaffApproval } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  usePageTitle(t('approvals.title'));
  const canConfirm = callExists('adminApprovalConfirm') && mayCall(roles, 'adminApprovalConfirm');
  const canReject = callExists('adminApprovalReject') && mayCall(roles, 'adminApprovalReject');

  const show = (kind: 'confirm' | 'reject', approval: StaffApproval) => {
    confirm.reset();
    reject.reset();
    setDone(null);
    setOpen({ kind, approval });
  };

  const columns = column.columns([
    column.accessor('requestedAt', {
      header: t('approvals.columns.requestedAt'),
      enableSorting: false,
      cell: (info) => formatTime(info.getValue(), i18n.language),
    }),
    column.accessor('kind', {
      header: t('approvals.columns.kind'),
      enableSorting: false,
      cell: (info) => t(`approvals.kind.${info.getValue()}`),
    }),
    column.accessor('memberAccount', { header: t('approvals.columns.member'), enableSorting: false }),
    column.accessor('amount', {
      header: t('approvals.columns.amount'),
      enableSorting: false,
      cell: (info) => (
        <span className="queue-money">
          {info.getValue()}
          {info.row.original.turnoverMultiple !== null
            ? ` ${t('approvals.turnover', { multiple: info.row.original.turnoverMultiple })}`
            : ''}
        </span>
      ),
    }),
    column.accessor('reason', { header: t('approvals.columns.reason'), enableSorting: false }),
    column.accessor('requestedBy', {
      header: t('approvals.columns.requestedBy'),
      enableSorting: false,
      cell: (info) => staffName(info.getValue()),
    }),
    column.accessor('id', {
      header: t('approvals.columns.decision'),
      enableSorting: false,
      cell: (info) => {
        const approval = info.row.original;
        if (approval.state !== 'pending') {
          return t(`approvals.decided.${approval.state}`, {
            by: staffName(approval.decidedBy),
            at: formatTime(approval.decidedAt, i18n.language),
            reason: approval.decisionReason ?? '',
          });
        }
        if (isStaffMember(approval.requestedBy, me))
          return <span className="muted">{t('approvals.ownRequest')}</span>;
        return (
          <span className="queue-actions approvals__actions">
            {canConfirm ? (
              <Button
                aria-label={`${t('approvals.confirm')} ${t('approvals.forRow', { amount: approval.amount, member: approval.memberAccount })}`}
                onClick={() => show('confirm', approval)}
              >
                {t('approvals.confirm')}
              </Button>
            ) : null}
            {canReject ? (
              <Button
                variant="secondary"
                aria-label={`${t('approvals.reject')} ${t('approvals.forRow', { amount: approval.amount, member: approval.memberAccount })}`}
                onClick={() => show('reject', approval)}
              >
                {t('approvals.reject')}
              </Button>
            ) : null}
          </span>
        );
      },
    }),
  ]);

  const summary = open
    ? t('approvals.summary', {
        kind: t(`approvals.kind.${open.approval.kind}`),
        amount: open.approval.amount,
        member: open.approval.memberAccount,
        by: staffName(open.approval.requestedBy),
        reason: open.approval.reason,
      })
    : '';

  return (
    <>
      <h1 tabIndex={-1}>{t('approvals.title')}</h1>
      <p className="muted">{t('approvals.intro')}</p>
      <StatusTabs
        label={t('approvals.stateTabs')}
        statuses={approvalStates}
        current={state}
        text={(value) => t(`approvals.state.${value}`)}
      />
      {done ? (
        <p role="status" className="queue-notice">
          {done}
        </p>
      ) : null}
      <DataGrid
        caption={t('approvals.caption', { state: t(`approvals.state.${state}`) })}
        columns={columns}
        rows={query.data?.items}
        rowCount={query.data?.totalCount}
        state={grid}
        onStateChange={setGrid}
        status={query.status}
        error={query.error ? queueErrorText(t, query.error) : undefined}
        onRetry={() => void query.refetch()}
        rowId={(row) => row.id}
      />
      {open?.kind === 'confirm' ? (
        <ConfirmDialog
          title={t('approvals.confirmTitle')}
          summary={summary}
          confirmLabel={t('approvals.confirmAction', { amount: open.approval.amount })}
          busy={confirm.isPending}
          error={confirm.error ? queueErrorText(t, confirm.error) : null}
          onClose={() => setOpen(null)}
          onConfirm={() =>
            confirm.mutate(open.approval.id, {
              onSuccess: () => {
                setOpen(null);
                setDone(t('approvals.confirmed'));
              },
            })
          }
        />
      ) : null}
      {open?.kind === 'reject' ? (
        <ReasonDialog
          title={t('approvals.rejectTitle')}
          summary={summary}
          label={t('approvals.rejectReason')}
          submitLabel={t('approvals.rejectAction')}
          busy={reject.isPending}
          error={reject.error ? queueErrorText(t, reject.error) : null}
          onClose={() => setOpen(null)}
          onSubmit={(reason) =>
            reject.mutate(
              { id: open.approval.id, reason },
              {
                onSuccess: () => {
                  setOpen(null);
                  setDone(t('approvals.rejected'));
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}
