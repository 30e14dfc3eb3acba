import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, Modal, Spinner } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { useLotteryBet } from '../api/get-lottery-bets';
import { useBetTypeName, useSelectionText } from '../lib/bet-type-name';
import { formatDateTime } from '@/lib/dates';

export interface LotteryBetDialogProps {
  /** the bet opened (its public id); null: closed */
  betId: string | null;
  /** the game's name while the detail loads */
  title?: string;
  onClose(): void;
}

/**
 * One lottery bet: what was bet, how it ended, and the draw with its proof: the seed's hash published
 * at cut-off, the seed revealed with the result, and the verification page that recomputes the draw.
 */
export function LotteryBetDialog({ betId, title, onClose }: LotteryBetDialogProps) {
  const { t, i18n } = useTranslation('records');
  const money = useMoneyFormat();
  const errorText = useErrorText('records', 'errors.generic');
  const betTypeName = useBetTypeName();
  const selectionText = useSelectionText();
  const detail = useLotteryBet(betId);
  const bet = detail.data?.bet;
  const period = detail.data?.period;
  return (
    <Modal open={betId !== null} onClose={onClose} title={title ?? t('lottery.title')}>
      {detail.isError ? (
        <ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />
      ) : !bet || !period ? (
        <Spinner label={t('loading')} />
      ) : (
        <div className="records-detail">
          <dl className="records-pairs">
            <div>
              <dt>{t('lottery.period')}</dt>
              <dd className="records-mono">{bet.periodNo}</dd>
            </div>
            <div>
              <dt>{t('lottery.betType')}</dt>
              <dd data-bet-type={bet.betType}>{betTypeName(bet.gameCode, bet.betType)}</dd>
            </div>
            <div>
              <dt>{t('lottery.numbers')}</dt>
              <dd>{selectionText(bet.gameCode, bet.selection)}</dd>
            </div>
            <div>
              <dt>{t('lottery.odds')}</dt>
              <dd className="records-num">{bet.odds}</dd>
            </div>
            <div>
              <dt>{t('lottery.stake')}</dt>
              <dd className="records-num">
                {bet.units > 1
                  ? t('lottery.stakeUnits', {
                      stake: money(bet.stake),
                      units: bet.units,
                      amount: money(bet.amount),
                    })
                  : money(bet.amount)}
              </dd>
            </div>
            <div>
              <dt>{t('columns.status')}</dt>
              <dd>
                <span className={`records-chip records-chip--${bet.status}`}>
                  {t(`lottery.status.${bet.status}`)}
                </span>
                {bet.hits > 1 ? ` ${t('lottery.hits', { count: bet.hits })}` : ''}
              </dd>
            </div>
            <div>
              <dt>{t('columns.win')}</dt>
              <dd className="records-num">{money(bet.win)}</dd>
            </div>
            <div>
              <dt>{t('columns.opened')}</dt>
              <dd>{formatDateTime(bet.placedAt, i18n.language)}</dd>
            </div>
          </dl>
          <h3 className="records-subtitle">{t('lottery.draw')}</h3>
          {period.groups ? (
            <dl className="records-pairs records-lottery-draw">
              {period.groups.map((group) => (
                <div key={group.name}>
                  <dt>
                    {group.name === 'numbers'
                      ? t('lottery.numbers')
                      : t('lottery.group', { name: group.name })}
                  </dt>
                  <dd className="records-mono">{group.numbers.join(' ')}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>{period.status === 'cancelled' ? t('lottery.cancelled') : t('lottery.notDrawn')}</p>
          )}
          <h3 className="records-subtitle">{t('lottery.proof')}</h3>
          {period.seedHash ? (
            <dl className="records-pairs">
              <div>
                <dt>{t('lottery.seedHash')}</dt>
                <dd className="records-mono records-break">{period.seedHash}</dd>
              </div>
              <div>
                <dt>{t('lottery.seed')}</dt>
                <dd className="records-mono records-break">{period.seed ?? t('lottery.notRevealed')}</dd>
              </div>
            </dl>
          ) : (
            <p>{period.status === 'settled' ? t('lottery.entered') : t('lottery.noProofYet')}</p>
          )}
          {period.seed ? (
            <Link
              className="records-link"
              to={`/lottery/verify?gameCode=${encodeURIComponent(bet.gameCode)}&periodNo=${encodeURIComponent(bet.periodNo)}`}
            >
              {t('lottery.verify')}
            </Link>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
