import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '@/app/use-page-title';
import { ErrorState, Loading } from '@/components/states';
import { formatTime, queueErrorText, staffName } from '@/features/queues';
import { useStaffSession } from '@/lib/session';
import { useWithdrawal, type AdminWithdrawal } from '../api/withdrawals';
import { FourEyesNote } from './four-eyes-state';
import { RiskFlags } from './risk-flags';
import { WithdrawalActions } from './withdrawal-actions';

/** One withdrawal: the facts, the risk flags, where four-eyes stands, and the decisions. */
export function WithdrawalDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useWithdrawal(id);
  usePageTitle(t('withdrawals.detailTitle'));
  return (
    <>
      <p>
        <Link to="..">{t('withdrawals.back')}</Link>
      </p>
      <h1 tabIndex={-1}>
        {query.data
          ? t('withdrawals.detailHeading', { amount: query.data.amount, member: query.data.memberUsername })
          : t('withdrawals.detailTitle')}
      </h1>
      {query.status === 'pending' ? <Loading /> : null}
      {query.status === 'error' ? (
        <ErrorState message={queueErrorText(t, query.error)} onRetry={() => void query.refetch()} />
      ) : null}
      {query.data ? <WithdrawalReview withdrawal={query.data} /> : null}
    </>
  );
}

export function WithdrawalReview({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t, i18n } = useTranslation();
  const session = useStaffSession();
  const me = session?.username;
  return (
    <div className="withdrawal-review">
      <section className="page-card" aria-labelledby="withdrawal-facts">
        <h2 id="withdrawal-facts">{t('withdrawals.facts')}</h2>
        <FourEyesNote withdrawal={withdrawal} me={me} />
        <dl className="queue-facts">
          <dt>{t('withdrawals.columns.amount')}</dt>
          <dd className="queue-money" data-testid="withdrawal-amount">
            {withdrawal.amount}
          </dd>
          <dt>{t('withdrawals.columns.status')}</dt>
          <dd>{t(`withdrawals.status.${withdrawal.status}`)}</dd>
          <dt>{t('withdrawals.columns.member')}</dt>
          <dd>
            {withdrawal.memberUsername} ({withdrawal.memberAccount})
          </dd>
          <dt>{t('withdrawals.realName')}</dt>
          <dd>{withdrawal.memberRealName ?? t('withdrawals.noRealName')}</dd>
          <dt>{t('withdrawals.bankName')}</dt>
          <dd>{withdrawal.bankAccount.bankName}</dd>
          <dt>{t('withdrawals.accountName')}</dt>
          <dd>{withdrawal.bankAccount.accountName}</dd>
          <dt>{t('withdrawals.accountNumber')}</dt>
          <dd>{withdrawal.bankAccount.accountNumber}</dd>
          <dt>{t('withdrawals.columns.createdAt')}</dt>
          <dd>{formatTime(withdrawal.createdAt, i18n.language)}</dd>
          {withdrawal.firstApproval ? (
            <>
              <dt>{t('withdrawals.firstApprover')}</dt>
              <dd data-testid="first-approver">
                {staffName(withdrawal.firstApproval.by)} ·{' '}
                {formatTime(withdrawal.firstApproval.at, i18n.language)}
                {withdrawal.firstApproval.payoutReference
                  ? ` · ${withdrawal.firstApproval.payoutReference}`
                  : ''}
              </dd>
            </>
          ) : null}
          {withdrawal.decidedBy ? (
            <>
              <dt>{t('withdrawals.decidedBy')}</dt>
              <dd>
                {staffName(withdrawal.decidedBy)}
                {withdrawal.decidedAt ? ` · ${formatTime(withdrawal.decidedAt, i18n.language)}` : ''}
              </dd>
            </>
          ) : null}
          {withdrawal.payoutReference ? (
            <>
              <dt>{t('withdrawals.payoutReference')}</dt>
              <dd>{withdrawal.payoutReference}</dd>
            </>
          ) : null}
          {withdrawal.reason ? (
            <>
              <dt>{t('withdrawals.reason')}</dt>
              <dd>{withdrawal.reason}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="page-card" aria-labelledby="withdrawal-flags">
        <h2 id="withdrawal-flags">{t('withdrawals.columns.riskFlags')}</h2>
        <RiskFlags flags={withdrawal.riskFlags} />
      </section>
      <WithdrawalActions withdrawal={withdrawal} me={me} roles={session?.roles ?? []} />
    </div>
  );
}
