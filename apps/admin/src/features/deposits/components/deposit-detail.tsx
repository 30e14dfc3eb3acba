import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '@/app/use-page-title';
import { Button } from '@/components/button';
import { ErrorState, Loading } from '@/components/states';
import { ConfirmDialog, ReasonDialog, formatTime, queueErrorText } from '@/features/queues';
import { mayCall } from '@/lib/access';
import { useStaffSession } from '@/lib/session';
import { useDecideDeposit, useDeposit, useProofImage, type AdminDepositDetail } from '../api/deposits';
import './deposits.css';

/** One deposit: its facts, the proof image large, the member's recent deposits, confirm or reject. */
export function DepositDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useDeposit(id);
  usePageTitle(t('deposits.detailTitle'));
  return (
    <>
      <p>
        <Link to="..">{t('deposits.back')}</Link>
      </p>
      <h1 tabIndex={-1}>
        {query.data
          ? t('deposits.detailHeading', { reference: query.data.reference })
          : t('deposits.detailTitle')}
      </h1>
      {query.status === 'pending' ? <Loading /> : null}
      {query.status === 'error' ? (
        <ErrorState message={queueErrorText(t, query.error)} onRetry={() => void query.refetch()} />
      ) : null}
      {query.data ? <DepositReview deposit={query.data} /> : null}
    </>
  );
}

function DepositReview({ deposit }: { deposit: AdminDepositDetail }) {
  const { t, i18n } = useTranslation();
  const session = useStaffSession();
  const roles = session?.roles ?? [];
  const proof = useProofImage(deposit.id, deposit.hasProof);
  const { confirm, reject } = useDecideDeposit(deposit.id);
  const [open, setOpen] = useState<'confirm' | 'reject' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const summary = t('deposits.summary', {
    amount: deposit.amount,
    member: deposit.memberUsername,
    account: deposit.memberAccount,
    reference: deposit.reference,
  });
  const canConfirm = deposit.status === 'pending' && mayCall(roles, 'adminConfirmDeposit');
  const canReject = deposit.status === 'pending' && mayCall(roles, 'adminRejectDeposit');

  return (
    <div className="deposit-review">
      <section className="page-card deposit-review__facts" aria-labelledby="deposit-facts">
        <h2 id="deposit-facts">{t('deposits.facts')}</h2>
        <dl className="queue-facts">
          <dt>{t('deposits.columns.amount')}</dt>
          <dd className="queue-money" data-testid="deposit-amount">
            {deposit.amount}
          </dd>
          <dt>{t('deposits.columns.status')}</dt>
          <dd>{t(`deposits.status.${deposit.status}`)}</dd>
          <dt>{t('deposits.columns.member')}</dt>
          <dd>
            {deposit.memberUsername} ({deposit.memberAccount})
          </dd>
          <dt>{t('deposits.columns.channel')}</dt>
          <dd>{deposit.channelName}</dd>
          <dt>{t('deposits.columns.reference')}</dt>
          <dd>{deposit.reference}</dd>
          <dt>{t('deposits.columns.createdAt')}</dt>
          <dd>{formatTime(deposit.createdAt, i18n.language)}</dd>
          {deposit.decidedAt ? (
            <>
              <dt>{t('deposits.decidedAt')}</dt>
              <dd>{formatTime(deposit.decidedAt, i18n.language)}</dd>
            </>
          ) : null}
          {deposit.reason ? (
            <>
              <dt>{t('deposits.reason')}</dt>
              <dd>{deposit.reason}</dd>
            </>
          ) : null}
        </dl>
        {done ? (
          <p role="status" className="queue-notice">
            {done}
          </p>
        ) : null}
        {canConfirm || canReject ? (
          <div className="queue-actions">
            {canConfirm ? (
              <Button
                onClick={() => {
                  confirm.reset();
                  setOpen('confirm');
                }}
              >
                {t('deposits.confirm')}
              </Button>
            ) : null}
            {canReject ? (
              <Button
                variant="secondary"
                onClick={() => {
                  reject.reset();
                  setOpen('reject');
                }}
              >
                {t('deposits.reject')}
              </Button>
            ) : null}
          </div>
        ) : null}

        <h2 id="recent-deposits">{t('deposits.recent')}</h2>
        {deposit.recentDeposits.length === 0 ? (
          <p className="muted">{t('deposits.recentNone')}</p>
        ) : (
          <table className="deposit-review__recent" aria-labelledby="recent-deposits">
            <thead>
              <tr>
                <th scope="col">{t('deposits.columns.createdAt')}</th>
                <th scope="col">{t('deposits.columns.channel')}</th>
                <th scope="col">{t('deposits.columns.amount')}</th>
                <th scope="col">{t('deposits.columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {deposit.recentDeposits.map((recent) => (
                <tr key={recent.id}>
                  <td>{formatTime(recent.createdAt, i18n.language)}</td>
                  <td>{recent.channelName}</td>
                  <td className="queue-money">{recent.amount}</td>
                  <td>{t(`deposits.status.${recent.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="page-card deposit-review__proof" aria-labelledby="deposit-proof">
        <h2 id="deposit-proof">{t('deposits.proof')}</h2>
        {!deposit.hasProof ? <p className="muted">{t('deposits.proofMissing')}</p> : null}
        {deposit.hasProof && proof.status === 'pending' ? (
          <Loading label={t('deposits.proofLoading')} />
        ) : null}
        {deposit.hasProof && proof.status === 'error' ? (
          <ErrorState message={queueErrorText(t, proof.error)} onRetry={() => void proof.refetch()} />
        ) : null}
        {proof.url ? (
          <a href={proof.url} target="_blank" rel="noreferrer" className="deposit-review__proof-link">
            <img
              src={proof.url}
              alt={t('deposits.proofAlt', { reference: deposit.reference, member: deposit.memberUsername })}
              className="deposit-review__image"
            />
            <span className="visually-hidden">{t('deposits.proofNewTab')}</span>
          </a>
        ) : null}
      </section>

      {open === 'confirm' ? (
        <ConfirmDialog
          title={t('deposits.confirmTitle')}
          summary={summary}
          confirmLabel={t('deposits.confirmAction', { amount: deposit.amount })}
          busy={confirm.isPending}
          error={confirm.error ? queueErrorText(t, confirm.error) : null}
          onClose={() => setOpen(null)}
          onConfirm={() =>
            confirm.mutate(undefined, {
              onSuccess: () => {
                setOpen(null);
                setDone(t('deposits.confirmed', { amount: deposit.amount }));
              },
            })
          }
        />
      ) : null}
      {open === 'reject' ? (
        <ReasonDialog
          title={t('deposits.rejectTitle')}
          summary={summary}
          label={t('deposits.rejectReason')}
          submitLabel={t('deposits.rejectAction')}
          busy={reject.isPending}
          error={reject.error ? queueErrorText(t, reject.error) : null}
          onClose={() => setOpen(null)}
          onSubmit={(reason) =>
            reject.mutate(reason, {
              onSuccess: () => {
                setOpen(null);
                setDone(t('deposits.rejected'));
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
