import type { AdminRole } from '@platform/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { ReasonDialog, queueErrorText } from '@/features/queues';
import { callExists, mayCall } from '@/lib/access';
import { useDecideWithdrawal, type AdminWithdrawal } from '../api/withdrawals';
import { fourEyesState } from './four-eyes-state';

type Open = 'approve' | 'reject' | 'hold' | 'release' | null;

/**
 * The decisions this staff member may take on a pending withdrawal, each behind a dialog: approve
 * with a payout reference (not a second time by the first approver), reject with a reason, and
 * hold or release for review (risk), each only when the contract has the call and the roles allow it.
 */
export function WithdrawalActions({
  withdrawal,
  me,
  roles,
}: {
  withdrawal: AdminWithdrawal;
  me: string | undefined;
  roles: readonly AdminRole[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  const decide = useDecideWithdrawal(withdrawal.id);
  const state = fourEyesState(withdrawal, me);
  const may = (call: Parameters<typeof mayCall>[1]) => callExists(call) && mayCall(roles, call);
  const canApprove = (state === 'open' || state === 'awaitingSecond') && may('adminApproveWithdrawal');
  const canReject = state !== 'decided' && state !== 'held' && may('adminRejectWithdrawal');
  const canHold = state !== 'decided' && state !== 'held' && may('adminHoldWithdrawal');
  const canRelease = state === 'held' && may('adminReleaseWithdrawal');
  const summary = t('withdrawals.summary', {
    amount: withdrawal.amount,
    member: withdrawal.memberUsername,
    account: withdrawal.memberAccount,
    bank: `${withdrawal.bankAccount.bankName} ${withdrawal.bankAccount.accountNumber}`,
  });
  const show = (which: Open) => {
    Object.values(decide).forEach((mutation) => mutation.reset());
    setDone(null);
    setOpen(which);
  };
  if (!canApprove && !canReject && !canHold && !canRelease && !done) return null;
  const approveIsSecond = state === 'awaitingSecond';
  return (
    <section className="page-card" aria-labelledby="withdrawal-decide">
      <h2 id="withdrawal-decide">{t('withdrawals.decide')}</h2>
      {done ? (
        <p role="status" className="queue-notice">
          {done}
        </p>
      ) : null}
      <div className="queue-actions">
        {canApprove ? (
          <Button onClick={() => show('approve')}>
            {approveIsSecond ? t('withdrawals.approveSecond') : t('withdrawals.approve')}
          </Button>
        ) : null}
        {canReject ? (
          <Button variant="secondary" onClick={() => show('reject')}>
            {t('withdrawals.reject')}
          </Button>
        ) : null}
        {canHold ? (
          <Button variant="secondary" onClick={() => show('hold')}>
            {t('withdrawals.hold')}
          </Button>
        ) : null}
        {canRelease ? (
          <Button variant="secondary" onClick={() => show('release')}>
            {t('withdrawals.release')}
          </Button>
        ) : null}
      </div>
      {open === 'approve' ? (
        <ReasonDialog
          title={approveIsSecond ? t('withdrawals.approveSecondTitle') : t('withdrawals.approveTitle')}
          summary={summary}
          label={t('withdrawals.payoutReference')}
          hint={t('withdrawals.payoutReferenceHint')}
          submitLabel={t('withdrawals.approveAction', { amount: withdrawal.amount })}
          singleLine
          maxLength={100}
          busy={decide.approve.isPending}
          error={decide.approve.error ? queueErrorText(t, decide.approve.error) : null}
          onClose={() => setOpen(null)}
          onSubmit={(reference) =>
            decide.approve.mutate(reference, {
              onSuccess: (answer) => {
                setOpen(null);
                setDone(
                  answer.status === 'pending'
                    ? t('withdrawals.doneFirst')
                    : t('withdrawals.doneApproved', { amount: answer.amount }),
                );
              },
            })
          }
        />
      ) : null}
      {open === 'reject' || open === 'hold' || open === 'release' ? (
        <ReasonDialog
          title={t(`withdrawals.${open}Title`)}
          summary={summary}
          label={t('withdrawals.reasonLabel')}
          submitLabel={t(`withdrawals.${open}Action`)}
          busy={decide[open].isPending}
          error={decide[open].error ? queueErrorText(t, decide[open].error) : null}
          onClose={() => setOpen(null)}
          onSubmit={(reason) => {
            const which = open;
            decide[which].mutate(reason, {
              onSuccess: () => {
                setOpen(null);
                setDone(t(`withdrawals.done.${which}`));
              },
            });
          }}
        />
      ) : null}
    </section>
  );
}
