import { useTranslation } from 'react-i18next';
import { useMoneyFormat, usePercentFormat, useSiteInfo } from '@/features/system';

/** The welcome promotion's offer as the operator set it (settings), or nothing while it is off. */
export function WelcomeBonus({ className }: { className?: string }) {
  const { t } = useTranslation('auth');
  const { welcomeBonus } = useSiteInfo();
  const money = useMoneyFormat();
  const percent = usePercentFormat();
  if (!welcomeBonus) return null;
  return (
    <p className={className}>
      {t('register.bonus', { percent: percent(welcomeBonus.percent), amount: money(welcomeBonus.upTo) })}
    </p>
  );
}
