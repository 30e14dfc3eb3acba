import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterField, PagedRecords } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { useLotteryBets, useLotteryGameList } from '../api/get-lottery-bets';
import { LotteryBetDialog } from '../components/lottery-bet-dialog';
import { LotteryBetLine } from '../components/lottery-bet-line';
import { LotteryFollowList } from '../components/lottery-follow-list';
import { formatDateTime } from '@/lib/dates';

export const LOTTERY_RECORDS_PAGE_SIZE = 20;
const PERIOD = /^\d{8}-\d{4}$/;

/** The lottery-only record: the member's lottery bets by game and period, paged; a bet opens its draw and proof. */
export function LotteryRecordView() {
  const { t, i18n } = useTranslation('records');
  const money = useMoneyFormat();
  const errorText = useErrorText('records', 'errors.generic');
  const id = useId();
  const [gameCode, setGameCode] = useState('');
  const [period, setPeriod] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [opened, setOpened] = useState<{ betId: string; title: string } | null>(null);
  const games = useLotteryGameList();
  const names = new Map((games.data ?? []).map((game) => [game.gameCode, game.gameName]));
  const periodNo = period.trim();
  const periodProblem = periodNo !== '' && !PERIOD.test(periodNo);
  const bets = useLotteryBets({
    ...(gameCode ? { gameCode } : {}),
    ...(periodNo && !periodProblem ? { periodNo } : {}),
    pageNo,
    pageSize: LOTTERY_RECORDS_PAGE_SIZE,
  });

  return (
    <div className="records-lottery">
      <div className="date-range">
        <FilterField id={`${id}-game`} label={t('lottery.game')}>
          <select
            id={`${id}-game`}
            className="date-range__input"
            value={gameCode}
            onChange={(event) => {
              setGameCode(event.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('lottery.allGames')}</option>
            {(games.data ?? []).map((game) => (
              <option key={game.gameCode} value={game.gameCode}>
                {game.gameName}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id={`${id}-period`} label={t('lottery.period')}>
          <input
            id={`${id}-period`}
            className="date-range__input"
            inputMode="numeric"
            placeholder="20261121-0481"
            value={period}
            aria-invalid={periodProblem || undefined}
            aria-describedby={periodProblem ? `${id}-period-problem` : undefined}
            onChange={(event) => {
              setPeriod(event.target.value);
              setPageNo(1);
            }}
          />
        </FilterField>
      </div>
      {periodProblem ? (
        <p id={`${id}-period-problem`} className="records-problem" role="alert">
          {t('lottery.periodInvalid')}
        </p>
      ) : null}
      <LotteryFollowList gameCode={gameCode} names={names} />
      <PagedRecords
        query={bets}
        page={pageNo}
        onPageChange={setPageNo}
        loadingLabel={t('loading')}
        errorText={errorText}
        empty={{ title: t('lottery.empty'), hint: t('lottery.emptyHint') }}
      >
        {(list) => (
          <ul
            className="records-rounds"
            aria-label={t('lottery.list')}
            aria-busy={bets.isFetching || undefined}
          >
            {list.map((bet) => {
              const name = names.get(bet.gameCode) ?? bet.gameCode;
              return (
                <li key={bet.betId}>
                  <button
                    type="button"
                    className="records-round"
                    onClick={() => setOpened({ betId: bet.betId, title: name })}
                    aria-haspopup="dialog"
                  >
                    <span className="records-round__head">
                      <span className="records-round__game">{name}</span>
                    </span>
                    <LotteryBetLine bet={bet} gameCode={bet.gameCode} />
                    <span className="records-round__money">
                      <span>
                        {t('columns.bet')} <strong>{money(bet.amount)}</strong>
                      </span>
                      <span>
                        {t('columns.win')} <strong>{money(bet.win)}</strong>
                      </span>
                      <span>{formatDateTime(bet.placedAt, i18n.language)}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </PagedRecords>
      <LotteryBetDialog betId={opened?.betId ?? null} title={opened?.title} onClose={() => setOpened(null)} />
    </div>
  );
}
