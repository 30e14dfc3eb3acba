import type { PromotionDetail } from '@platform/contract/client';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ErrorState, Spinner } from '@/components';
import { useAuthModals } from '@/lib/auth-modals';
import { useSession } from '@/lib/session';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { lazyNamed } from '@/lib/lazy';
import { useClaimApplication, useMyApplications } from '../api/promotion-applications';
import { activityStatus, latestApplication, type ActivityStatus } from '../lib/activity-status';
import './promotion-activity.css';

// The form brings zod and the contract's schema: its own chunk, fetched when a member may apply.
const ApplicationForm = lazyNamed(() => import('../forms/application-form'), 'ApplicationForm');

function StatusChip({ status }: { status: ActivityStatus }) {
  const { t } = useTranslation('content');
  return (
    <span className={`content-activity__chip content-activity__chip--${status}`}>
      {t(`applications.status.${status}`)}
    </span>
  );
}

/**
 * A promotion's activity for the member (SPEC section 4): the state of their application and what
 * they can do next: apply, wait, read the operator's reason and apply again, or claim the bonus.
 */
export function PromotionActivity({ promotion }: { promotion: PromotionDetail }) {
  const { t } = useTranslation('content');
  const { isLoggedIn } = useSession();
  const { openLogin } = useAuthModals();
  const money = useMoneyFormat();
  const errorText = useErrorText('content', 'applications.errors.generic');
  const mine = useMyApplications();
  const claim = useClaimApplication();
  const headingId = `content-activity-${promotion.id}`;

  if (!isLoggedIn) {
    const status = activityStatus(promotion, undefined, new Date());
    return (
      <section className="content-activity" aria-labelledby={headingId}>
        <h2 id={headingId} className="content-activity__title">
          {t('applications.title')} <StatusChip status={status} />
        </h2>
        {status === 'join' ? <Button onClick={openLogin}>{t('applications.loginToApply')}</Button> : null}
      </section>
    );
  }
  if (mine.isPending) return <Spinner label={t('states.loading')} />;
  if (mine.isError) return <ErrorState message={errorText(mine.error)} onRetry={() => void mine.refetch()} />;

  const latest = latestApplication(mine.data, promotion.id);
  const status = activityStatus(promotion, latest, new Date());
  return (
    <section className="content-activity" aria-labelledby={headingId}>
      <h2 id={headingId} className="content-activity__title">
        {t('applications.title')} <StatusChip status={status} />
      </h2>
      {status === 'applying' ? <p>{t('applications.applyingHint')}</p> : null}
      {status === 'rejected' && latest?.reason ? (
        <p className="content-activity__reason">{t('applications.reason', { reason: latest.reason })}</p>
      ) : null}
      {status === 'issued' && latest?.bonus ? (
        <div className="content-activity__claim">
          <p>
            {t('applications.issued', { amount: money(latest.bonus) })}
            {latest.turnoverRequired && latest.turnoverRequired !== '0.00'
              ? ` ${t('applications.turnover', { amount: money(latest.turnoverRequired) })}`
              : ''}
          </p>
          <Button loading={claim.isPending} onClick={() => claim.mutate(latest.id)}>
            {t('applications.claim')}
          </Button>
          {claim.isError ? (
            <p className="ui-field__error" role="alert">
              {errorText(claim.error)}
            </p>
          ) : null}
        </div>
      ) : null}
      {status === 'claimed' && latest?.bonus ? (
        <p role="status">
          {t('applications.claimed', { amount: money(latest.bonus) })}{' '}
          <Link to="?mc=bonusDetails">{t('applications.bonusDetails')}</Link>
        </p>
      ) : null}
      {status === 'join' || status === 'rejected' ? (
        <Suspense fallback={<Spinner label={t('states.loading')} />}>
          <ApplicationForm promotionId={promotion.id} />
        </Suspense>
      ) : null}
    </section>
  );
}
