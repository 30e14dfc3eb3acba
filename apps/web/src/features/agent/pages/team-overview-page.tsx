import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, ErrorState, Spinner } from '@/components';
import { useMemberInfo } from '@/features/auth';

/** Team overview: the agent's affiliate code (their own referral code) now; team figures come later. */
export function TeamOverviewPage() {
  const { t } = useTranslation('agent');
  const info = useMemberInfo();
  return (
    <div className="agent-page">
      <section className="agent-affiliate" aria-label={t('overview.affiliateCode')}>
        {info.data ? (
          <AffiliateCode code={info.data.referralCode} />
        ) : info.isError ? (
          <ErrorState message={t('overview.codeFailed')} onRetry={() => void info.refetch()} />
        ) : (
          <Spinner label={t('centre.loading')} />
        )}
      </section>
      <Empty title={t('overview.comingSoon')} hint={t('centre.comingSoonHint')} />
    </div>
  );
}

function AffiliateCode({ code }: { code: string }) {
  const { t } = useTranslation('agent');
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = window.setTimeout(() => setCopied(null), 3000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="agent-affiliate__body">
      <p id={id} className="agent-affiliate__label">
        {t('overview.affiliateCode')}
      </p>
      <div className="agent-affiliate__row">
        <strong className="agent-affiliate__code" aria-describedby={id}>
          {code}
        </strong>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {t('overview.copy')}
        </Button>
      </div>
      <p className="agent-affiliate__hint">{t('overview.affiliateHint')}</p>
      <p className="agent-affiliate__status" role="status">
        {copied === true ? t('overview.copied') : copied === false ? t('overview.copyFailed') : ''}
      </p>
    </div>
  );
}
