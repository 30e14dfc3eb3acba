import type { MemberBonus } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { ErrorState, Spinner } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { useMemberBonuses } from '../api/get-member-bonuses';
import { formatDateTime } from '@/lib/dates';
import { TurnoverProgress } from './turnover-progress';

const tone: Record<MemberBonus['status'], 'pending' | 'good' | 'muted'> = {
  open: 'pending',
  met: 'good',
  forfeited: 'muted',
};

/**
 * Each bonus with its turnover requirement and the valid bets made since, and what a withdrawal does
 * while one is open (the operator's rule: refused, or the bonus forfeited).
 */
export function BonusProgressList() {
  const { t, i18n } = useTranslation('wallet');
  const money = useMoneyFormat();
  const errorText = useErrorText('wallet', 'errors.generic');
  const query = useMemberBonuses();
  if (query.isPending) return <Spinner label={t('loading')} />;
  if (query.isError)
    return <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  const { bonuses, withdrawRule } = query.data;
  if (bonuses.length === 0) return null;
  const open = bonuses.some((bonus) => bonus.status === 'open');
  return (
    <section className="wallet-stack" aria-labelledby="wallet-bonus-progress">
      <h3 id="wallet-bonus-progress" className="wallet-card__title">
        {t('bonus.progressTitle')}
      </h3>
      {open ? <p className="ui-field__hint">{t(`bonus.rule.${withdrawRule}`)}</p> : null}
      <ul className="wallet-bonus-list">
        {bonuses.map((bonus) => (
          <li key={bonus.id} className="wallet-card">
            <h4 className="wallet-card__title">
              {t(`bonus.kinds.${bonus.kind}`)}
              <span className={`wallet-chip wallet-chip--${tone[bonus.status]}`}>
                {t(`bonus.statuses.${bonus.status}`)}
              </span>
            </h4>
            <p className="wallet-card__amount">{money(bonus.amount)}</p>
            <p className="ui-field__hint">{formatDateTime(bonus.grantedAt, i18n.language)}</p>
            {bonus.turnoverRequired !== '0.00' && bonus.status !== 'forfeited' ? (
              <TurnoverProgress
                turnover={{
                  required: bonus.turnoverRequired,
                  wagered: bonus.wagered,
                  remaining: bonus.remaining,
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
