import { withdrawalStatuses, type Withdrawal } from '@platform/contract/client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, PagedRecords } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useConfirmReceipt } from '../api/confirm-receipt';
import { useWithdrawals } from '../api/get-withdrawals';
import { useReportNotReceived } from '../api/report-not-received';
import { formatDateTime } from '@/lib/dates';
import type { WithdrawalStatus } from '../lib/types';
import { useErrorText } from '@/lib/error-text';
import { ConfirmDialog } from './confirm-dialog';
import { ProofPicker } from './proof-picker';
import { RECORDS_PAGE_SIZE } from './deposit-records';
import { StatusChip } from './status-chip';

type Action = { kind: 'received' | 'notReceived'; withdrawal: Withdrawal };

/** The member's withdrawals; a paid one asks whether the money arrived (SPEC section 4). */
export function WithdrawalRecords() {
  const { t, i18n } = useTranslation('wallet');
  const money = useMoneyFormat();
  const errorText = useErrorText('wallet', 'errors.generic');
  const filterId = useId();
  const [status, setStatus] = useState<WithdrawalStatus | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const [action, setAction] = useState<Action | null>(null);
  const records = useWithdrawals({ status: status || undefined, pageNo, pageSize: RECORDS_PAGE_SIZE });

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
            <table className="wallet-table" aria-label={t('withdraw.recordsTable')}>
              <thead>
                <tr>
                  <th scope="col">{t('records.time')}</th>
                  <th scope="col">{t('records.bankAccount')}</th>
                  <th scope="col" className="wallet-table__num">
                    {t('records.amount')}
                  </th>
                  <th scope="col">{t('records.status')}</th>
                  <th scope="col">{t('records.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((withdrawal) => {
                  const amount = money(withdrawal.amount);
                  return (
                    <tr key={withdrawal.id}>
                      <td>{formatDateTime(withdrawal.createdAt, i18n.language)}</td>
                      <td>
                        {withdrawal.bankAccount.bankName} · {withdrawal.bankAccount.accountNumber}
                      </td>
                      <td className="wallet-table__num">{amount}</td>
                      <td>
                        <StatusChip kind="withdrawal" status={withdrawal.status} />
                        {withdrawal.status === 'auto_received' || withdrawal.forcedReceipt ? (
                          <span className="wallet-chip wallet-chip--muted">{t('receipt.forced')}</span>
                        ) : null}
                        {withdrawal.reason ? (
                          <span className="wallet-table__note">{withdrawal.reason}</span>
                        ) : null}
                        {withdrawal.payoutReference ? (
                          <span className="wallet-table__note">
                            {t('receipt.payoutReference', { reference: withdrawal.payoutReference })}
                          </span>
                        ) : null}
                      </td>
                      <td>
                        {withdrawal.status === 'paid' ? (
                          <div className="wallet-actions">
                            <Button
                              size="sm"
                              aria-label={t('receipt.receivedLabel', { amount })}
                              onClick={() => setAction({ kind: 'received', withdrawal })}
                            >
                              {t('receipt.received')}
                            </Button>
                            <Button
                              size="sm"
                              variant="secondary"
                              aria-label={t('receipt.notReceivedLabel', { amount })}
                              onClick={() => setAction({ kind: 'notReceived', withdrawal })}
                            >
                              {t('receipt.notReceived')}
                            </Button>
                            {withdrawal.autoReceiptAt ? (
                              <span className="wallet-table__note">
                                {t('receipt.autoAt', {
                                  time: formatDateTime(withdrawal.autoReceiptAt, i18n.language),
                                })}
                              </span>
                            ) : null}
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
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
              setStatus(event.target.value as WithdrawalStatus | '');
              setPageNo(1);
            }}
          >
            <option value="">{t('records.allStatuses')}</option>
            {withdrawalStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`status.withdrawal.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
      {action?.kind === 'received' ? (
        <ReceivedDialog withdrawal={action.withdrawal} onClose={() => setAction(null)} />
      ) : null}
      {action?.kind === 'notReceived' ? (
        <NotReceivedDialog withdrawal={action.withdrawal} onClose={() => setAction(null)} />
      ) : null}
    </div>
  );
}

function ReceivedDialog({ withdrawal, onClose }: { withdrawal: Withdrawal; onClose(): void }) {
  const { t } = useTranslation('wallet');
  const money = useMoneyFormat();
  const errorText = useErrorText('wallet', 'errors.generic');
  const confirm = useConfirmReceipt();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      title={t('receipt.receivedTitle')}
      confirmLabel={t('receipt.receivedConfirm')}
      busy={confirm.isPending}
      error={error}
      onCancel={onClose}
      onConfirm={() => {
        if (confirm.isPending) return;
        setError(null);
        confirm.mutate(withdrawal.id, {
          onSuccess: onClose,
          onError: (failure) => setError(errorText(failure)),
        });
      }}
    >
      <p>
        {t('receipt.receivedText', {
          amount: money(withdrawal.amount),
          bank: withdrawal.bankAccount.bankName,
        })}
      </p>
    </ConfirmDialog>
  );
}

function NotReceivedDialog({ withdrawal, onClose }: { withdrawal: Withdrawal; onClose(): void }) {
  const { t } = useTranslation('wallet');
  const money = useMoneyFormat();
  const errorText = useErrorText('wallet', 'errors.generic');
  const report = useReportNotReceived();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      title={t('receipt.notReceivedTitle')}
      confirmLabel={t('receipt.notReceivedConfirm')}
      busy={report.isPending}
      error={error}
      onCancel={onClose}
      onConfirm={() => {
        if (report.isPending) return;
        if (!file) {
          setFileError(t('proof.errors.required'));
          return;
        }
        setError(null);
        report.mutate(
          { id: withdrawal.id, file },
          { onSuccess: onClose, onError: (failure) => setError(errorText(failure)) },
        );
      }}
    >
      <p>{t('receipt.notReceivedText', { amount: money(withdrawal.amount) })}</p>
      <ProofPicker
        label={t('receipt.proofLabel')}
        file={file}
        onChange={(picked) => {
          setFile(picked);
          setFileError(null);
        }}
        error={fileError}
      />
    </ConfirmDialog>
  );
}
