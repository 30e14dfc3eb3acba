import type { Turnover } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/features/system';
import { percentOf } from '../lib/amount';

/** Wagering requirement: required, wagered and remaining, with a bar. */
export function TurnoverProgress({ turnover }: { turnover: Turnover }) {
  const { t } = useTranslation('wallet');
  const money = useMoneyFormat();
  const percent = percentOf(turnover.wagered, turnover.required);
  return (
    <div className="wallet-turnover">
      <div
        className="wallet-turnover__bar"
        role="progressbar"
        aria-label={t('turnover.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('turnover.valueText', { percent })}
      >
        <span className="wallet-turnover__fill" style={{ width: `${percent}%` }} />
      </div>
      <dl className="wallet-details">
        <div className="wallet-details__row">
          <dt>{t('turnover.required')}</dt>
          <dd>{money(turnover.required)}</dd>
        </div>
        <div className="wallet-details__row">
          <dt>{t('turnover.wagered')}</dt>
          <dd>{money(turnover.wagered)}</dd>
        </div>
        <div className="wallet-details__row">
          <dt>{t('turnover.remaining')}</dt>
          <dd>{money(turnover.remaining)}</dd>
        </div>
      </dl>
    </div>
  );
}
