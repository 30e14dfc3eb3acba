import type { BetRecordLottery } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/features/system';
import { useBetTypeName, useSelectionText } from '../lib/bet-type-name';

/** A lottery bet's line in a record list: period, bet type, numbers, odds, stake and its own status. */
export function LotteryBetLine({ bet, gameCode }: { bet: BetRecordLottery; gameCode: string }) {
  const { t } = useTranslation('records');
  const betTypeName = useBetTypeName();
  const selectionText = useSelectionText();
  const money = useMoneyFormat();
  return (
    <span className="records-round__lottery">
      <span className={`records-chip records-chip--${bet.status}`}>{t(`lottery.status.${bet.status}`)}</span>{' '}
      {t('lottery.periodLine', { period: bet.periodNo })} ·{' '}
      <span data-bet-type={bet.betType}>{betTypeName(gameCode, bet.betType)}</span>{' '}
      <strong>{selectionText(gameCode, bet.selection)}</strong> · {t('lottery.odds')} {bet.odds} ·{' '}
      {t('lottery.stake')} {bet.units > 1 ? `${money(bet.stake)} × ${bet.units}` : money(bet.stake)}
    </span>
  );
}
