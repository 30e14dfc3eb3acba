import { useTranslation } from 'react-i18next';
import { Button } from '@/components';
import { useRequireRealAccount } from '@/features/auth';

/** Shown instead of deposit and withdraw to a trial account: demo money never mixes with real money. */
export function RealAccountNotice() {
  const { t } = useTranslation('wallet');
  const requireRealAccount = useRequireRealAccount();
  return (
    <div className="wallet-notice" role="note">
      <p>{t('trial.blocked')}</p>
      <Button variant="secondary" onClick={() => requireRealAccount(() => {})}>
        {t('trial.why')}
      </Button>
    </div>
  );
}
