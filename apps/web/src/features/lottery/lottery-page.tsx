import {
  LOTTERY_FOLLOW_MAX_PERIODS,
  parseMoney,
  formatMoney,
  type LotteryFollowBody,
  type LotteryGameInfo,
  type LotteryPeriod,
  type LotterySlipBody,
} from '@platform/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, Empty, ErrorState, Pagination, Spinner } from '@/components';
import { useAuthModals, useSession } from '@/features/auth';
import { useMoneyFormat } from '@/features/system';
import { walletKeys } from '@/features/wallet';
import { useErrorText } from '@/lib/error-text';
import { subscribeRealtime } from '@/lib/realtime';
import {
  lotteryKeys,
  placeLotteryBets,
  placeLotteryFollow,
  useLotteryGame,
  useLotteryMenus,
  useLotteryResults,
} from './api/lottery-api';
import { oddsKeyOf, pickersOf } from './pickers';
import { TrendChart } from './trend-chart';
import './lottery.css';

interface SlipLine {
  betType: string;
  selection: string[];
  stake: string;
  odds: string;
}

/** What one unit wins at decimal odds: floor(stake * odds), as the server pays it. */
function potentialOf(stake: string, odds: string): bigint {
  const [whole = '0', fraction = ''] = odds.split('.');
  const milli = BigInt(whole) * 1000n + BigInt((fraction + '000').slice(0, 3));
  return (parseMoney(stake) * milli) / 1000n;
}

/** The page's clock, kept on the server's: answers "now" in server time, re-rendering every second. */
function useServerNow(serverTime: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // The server's clock decides the cut-off: the page counts with the offset its last answer showed.
    const offset = serverTime ? Date.parse(serverTime) - Date.now() : 0;
    const tick = () => setNow(Date.now() + offset);
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [serverTime]);
  return now;
}

/**
 * /lottery?gameCode=&playType=: the electronic lottery. The open period with a countdown to its cut-off,
 * the last results, a bet slip of several bets with their total and possible win, the results history,
 * and a trend chart of recent draws. Results and the next period arrive over the WebSocket (members) or
 * when the countdown runs out (everyone).
 */
export function LotteryPage() {
  const { t } = useTranslation('lottery');
  const errorText = useErrorText('lottery');
  const [search, setSearch] = useSearchParams();
  const menus = useLotteryMenus();
  // the Vietnamese games (families VN_*) are played on their own page, /vnlottery
  const games =
    menus.data?.menus.flatMap((menu) => menu.games).filter((game) => !game.family.startsWith('VN_')) ?? [];
  const gameCode = search.get('gameCode') ?? games[0]?.gameCode ?? null;
  const info = useLotteryGame(gameCode);
  const queryClient = useQueryClient();
  const { token } = useSession();

  useEffect(() => {
    if (!token || !gameCode) return;
    return subscribeRealtime(token, 'lottery', (message) => {
      if (message.gameCode !== gameCode) return;
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.game(gameCode) });
      if (message.status !== 'closed')
        void queryClient.invalidateQueries({ queryKey: ['lottery', 'results', gameCode] });
    });
  }, [token, gameCode, queryClient]);

  if (menus.isPending) return <Spinner label={t('loading')} />;
  if (menus.isError)
    return <ErrorState message={errorText(menus.error)} onRetry={() => void menus.refetch()} />;
  if (games.length === 0) return <Empty title={t('noGames')} />;

  const choose = (code: string) => setSearch({ gameCode: code });
  return (
    <section className="lottery-page" aria-labelledby="lottery-title">
      <h1 id="lottery-title" className="visually-hidden">
        {t('title')}
      </h1>
      <nav className="lottery-games" aria-label={t('games')}>
        {games.map((game) => (
          <button
            key={game.gameCode}
            type="button"
            className={game.gameCode === gameCode ? 'lottery-chip is-active' : 'lottery-chip'}
            aria-current={game.gameCode === gameCode ? 'page' : undefined}
            onClick={() => choose(game.gameCode)}
          >
            {game.gameName}
          </button>
        ))}
      </nav>
      {info.isPending ? (
        <Spinner label={t('loading')} />
      ) : info.isError ? (
        <ErrorState message={errorText(info.error)} onRetry={() => void info.refetch()} />
      ) : (
        <LotteryGameView key={info.data.game.gameCode} info={info.data} />
      )}
    </section>
  );
}

function LotteryGameView({ info }: { info: LotteryGameInfo }) {
  const { t } = useTranslation('lottery');
  const money = useMoneyFormat();
  const errorText = useErrorText('lottery');
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const session = useSession();
  const { openLogin } = useAuthModals();
  const family = info.game.family;
  const betTypes = info.betTypes.filter((type) => pickersOf[family]?.[type.betType]);
  const playType = betTypes.some((type) => type.betType === search.get('playType'))
    ? (search.get('playType') as string)
    : (betTypes[0]?.betType ?? '');
  const pickers = pickersOf[family]?.[playType] ?? [];
  const [picked, setPicked] = useState<string[][]>(() => pickers.map(() => []));
  const [stake, setStake] = useState(info.minBet);
  const [slip, setSlip] = useState<SlipLine[]>([]);
  const [placed, setPlaced] = useState<string | null>(null);
  // Follow: the same slip on this draw and the next ones (ADR 062).
  const [following, setFollowing] = useState(false);
  const [followPeriods, setFollowPeriods] = useState('5');
  const [stopOnWin, setStopOnWin] = useState(true);
  const now = useServerNow(info.serverTime);
  const current = info.current;
  const cutoff = Date.parse(current.cutoffAt);
  const drawAt = Date.parse(current.drawAt);
  const open = now < cutoff;
  const gameKey = lotteryKeys.game(info.game.gameCode);

  // When the period draws, ask for the next one (members are told sooner over the WebSocket).
  useEffect(() => {
    const wait = drawAt - now + 1500;
    const timer = setTimeout(
      () => {
        void queryClient.invalidateQueries({ queryKey: gameKey });
        void queryClient.invalidateQueries({ queryKey: ['lottery', 'results', info.game.gameCode] });
      },
      Math.max(1000, wait),
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per period, not per second
  }, [drawAt, queryClient]);

  const place = useMutation({
    mutationFn: async (
      body: LotterySlipBody | LotteryFollowBody,
    ): Promise<{ balance: string; placed: string }> => {
      if ('periods' in body) {
        const answer = await placeLotteryFollow(body);
        return {
          balance: answer.balance,
          placed: t('follow.placed', {
            count: answer.follow.periods,
            total: money(answer.follow.totalAmount),
          }),
        };
      }
      const answer = await placeLotteryBets(body);
      return {
        balance: answer.balance,
        placed: t('slip.placed', { count: answer.bets.length, total: money(answer.totalStake) }),
      };
    },
    onSuccess: (answer) => {
      setSlip([]);
      setPlaced(answer.placed);
      queryClient.setQueryData(walletKeys.balance(session.token), {
        sumBalance: answer.balance,
        demo: false,
      });
    },
  });

  const selectPlayType = (betType: string) => {
    setSearch({ gameCode: info.game.gameCode, playType: betType });
    setPicked((pickersOf[family]?.[betType] ?? []).map(() => []));
  };
  const toggle = (row: number, option: string) =>
    setPicked((rows) =>
      rows.map((values, index) => {
        if (index !== row) return values;
        const picker = pickers[row];
        if (!picker?.multi) return [option];
        if (values.includes(option)) return values.filter((value) => value !== option);
        return values.length < picker.multi.max ? [...values, option] : values;
      }),
    );
  const complete = pickers.every((picker, index) => {
    const count = picked[index]?.length ?? 0;
    return picker.multi ? count >= picker.multi.min && count <= picker.multi.max : count === 1;
  });
  const stakeValid = /^\d{1,10}(\.\d{1,2})?$/.test(stake) && parseMoney(stake) >= parseMoney(info.minBet);
  const odds = (betType: string, selection: string[]) =>
    info.betTypes.find((type) => type.betType === betType)?.odds[oddsKeyOf(family, betType, selection)] ??
    '0';
  const add = () => {
    const selection = picked.flat();
    setSlip((lines) => [...lines, { betType: playType, selection, stake, odds: odds(playType, selection) }]);
    setPicked(pickers.map(() => []));
    setPlaced(null);
  };
  const total = slip.reduce((sum, line) => sum + parseMoney(line.stake), 0n);
  const potential = slip.reduce((sum, line) => sum + potentialOf(line.stake, line.odds), 0n);
  const periods = /^\d{1,2}$/.test(followPeriods) ? Number(followPeriods) : 0;
  const periodsValid = periods >= 2 && periods <= LOTTERY_FOLLOW_MAX_PERIODS;
  const confirm = () => {
    if (!session.isLoggedIn) {
      openLogin();
      return;
    }
    const body: LotterySlipBody = {
      gameCode: info.game.gameCode,
      periodNo: current.periodNo,
      bets: slip.map(({ betType, selection, stake: lineStake }) => ({
        betType,
        selection,
        stake: lineStake,
      })),
      requestId: crypto.randomUUID().replace(/-/g, ''),
    };
    place.mutate(following ? { ...body, periods, stopOnWin } : body);
  };
  const seconds = Math.max(0, Math.ceil(((open ? cutoff : drawAt) - now) / 1000));
  const clock = `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

  return (
    <div className="lottery-game">
      <header className="lottery-period" aria-live="polite">
        <div>
          <h2>{info.game.gameName}</h2>
          <p>
            {t('period')} <strong data-testid="lottery-period">{current.periodNo}</strong>
          </p>
        </div>
        <div className="lottery-countdown" data-testid="lottery-countdown">
          {open ? (
            <>
              <span>{t('closesIn')}</span> <strong>{clock}</strong>
            </>
          ) : (
            <span>
              {t(`state.${now >= drawAt + 15_000 ? 'delayed' : now >= drawAt ? 'drawing' : 'closed'}`)}
            </span>
          )}
        </div>
        {info.previous ? <LastResult period={info.previous} /> : null}
      </header>

      <div className="lottery-columns">
        <section className="lottery-builder" aria-labelledby="lottery-builder-title">
          <h2 id="lottery-builder-title">{t('builder')}</h2>
          <div className="lottery-types" role="group" aria-label={t('playType')}>
            {betTypes.map((type) => (
              <button
                key={type.betType}
                type="button"
                className={type.betType === playType ? 'lottery-chip is-active' : 'lottery-chip'}
                aria-pressed={type.betType === playType}
                onClick={() => selectPlayType(type.betType)}
              >
                {t(`betType.${family}.${type.betType}`, { defaultValue: type.betType })}
              </button>
            ))}
          </div>
          {pickers.map((picker, row) => (
            <div
              key={`${playType}-${row}`}
              className="lottery-picker"
              role="group"
              aria-label={t(`picker.${picker.label}`)}
            >
              <span className="lottery-picker__label">{t(`picker.${picker.label}`)}</span>
              {picker.options.map((option) => {
                const on = picked[row]?.includes(option) ?? false;
                return (
                  <button
                    key={option}
                    type="button"
                    className={on ? 'lottery-ball is-on' : 'lottery-ball'}
                    aria-pressed={on}
                    data-testid={`pick-${row}-${option}`}
                    onClick={() => toggle(row, option)}
                  >
                    {t(`token.${option}`, { defaultValue: option })}
                  </button>
                );
              })}
            </div>
          ))}
          <label className="lottery-stake">
            <span>{t('stake')}</span>
            <input
              inputMode="decimal"
              value={stake}
              onChange={(event) => setStake(event.target.value)}
              aria-invalid={!stakeValid}
            />
          </label>
          <Button onClick={add} disabled={!complete || !stakeValid || !open}>
            {t('addToSlip')}
          </Button>
        </section>

        <section className="lottery-slip" aria-labelledby="lottery-slip-title">
          <h2 id="lottery-slip-title">{t('slip.title')}</h2>
          {slip.length === 0 ? (
            <p className="lottery-empty">{placed ?? t('slip.empty')}</p>
          ) : (
            <ul>
              {slip.map((line, index) => (
                <li key={`${line.betType}-${line.selection.join(',')}-${index}`}>
                  <span>
                    {t(`betType.${family}.${line.betType}`, { defaultValue: line.betType })}{' '}
                    {line.selection.map((token) => t(`token.${token}`, { defaultValue: token })).join(' ')}
                  </span>
                  <span>
                    {money(line.stake)} × {line.odds}
                  </span>
                  <button
                    type="button"
                    className="lottery-remove"
                    aria-label={t('slip.remove')}
                    onClick={() => setSlip((lines) => lines.filter((_, at) => at !== index))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <fieldset className="lottery-follow">
            <legend className="visually-hidden">{t('follow.title')}</legend>
            <label className="lottery-check">
              <input
                type="checkbox"
                checked={following}
                onChange={(event) => setFollowing(event.target.checked)}
              />
              <span>{t('follow.toggle')}</span>
            </label>
            {following ? (
              <>
                <label className="lottery-stake">
                  <span>{t('follow.periods', { max: LOTTERY_FOLLOW_MAX_PERIODS })}</span>
                  <input
                    inputMode="numeric"
                    value={followPeriods}
                    onChange={(event) => setFollowPeriods(event.target.value)}
                    aria-invalid={!periodsValid}
                    aria-describedby={periodsValid ? undefined : 'lottery-follow-problem'}
                  />
                </label>
                {periodsValid ? null : (
                  <p id="lottery-follow-problem" className="lottery-error">
                    {t('follow.periodsInvalid', { max: LOTTERY_FOLLOW_MAX_PERIODS })}
                  </p>
                )}
                <label className="lottery-check">
                  <input
                    type="checkbox"
                    checked={stopOnWin}
                    onChange={(event) => setStopOnWin(event.target.checked)}
                  />
                  <span>{t('follow.stopOnWin')}</span>
                </label>
                <p className="lottery-hint">{t('follow.hint')}</p>
              </>
            ) : null}
          </fieldset>
          <dl className="lottery-slip__totals">
            <dt>{t('slip.total')}</dt>
            <dd data-testid="slip-total">{money(formatMoney(total))}</dd>
            {following && periodsValid ? (
              <>
                <dt>{t('follow.total', { count: periods })}</dt>
                <dd data-testid="follow-total">{money(formatMoney(total * BigInt(periods)))}</dd>
              </>
            ) : null}
            <dt>{t('slip.potential')}</dt>
            <dd>{money(formatMoney(potential))}</dd>
          </dl>
          {place.isError ? (
            <p role="alert" className="lottery-error">
              {errorText(place.error)}
            </p>
          ) : null}
          <Button
            onClick={confirm}
            disabled={slip.length === 0 || !open || (following && !periodsValid)}
            loading={place.isPending}
            block
          >
            {following ? t('follow.confirm', { count: periods }) : t('slip.confirm')}
          </Button>
        </section>
      </div>

      <ResultsAndTrend info={info} />
    </div>
  );
}

function LastResult({ period }: { period: LotteryPeriod }) {
  const { t } = useTranslation('lottery');
  return (
    <div className="lottery-last" data-testid="lottery-last">
      <span>
        {t('lastResult')} {period.periodNo}
      </span>
      {period.status === 'settled' && period.draw ? (
        <span className="lottery-balls">
          {(period.groups?.flatMap((group) => group.numbers) ?? period.draw.map(String)).map(
            (number, index) => (
              <span key={index} className="lottery-ball is-result">
                {number}
              </span>
            ),
          )}
        </span>
      ) : (
        <span>{t(`state.${period.state}`)}</span>
      )}
    </div>
  );
}

function ResultsAndTrend({ info }: { info: LotteryGameInfo }) {
  const { t } = useTranslation('lottery');
  const errorText = useErrorText('lottery');
  const [page, setPage] = useState(1);
  const history = useLotteryResults(info.game.gameCode, page, 10);
  const trend = useLotteryResults(info.game.gameCode, 1, 50);
  const spec = info.drawSpec;
  return (
    <div className="lottery-columns">
      <section aria-labelledby="lottery-history-title" className="lottery-history">
        <h2 id="lottery-history-title">{t('history')}</h2>
        {history.isPending ? (
          <Spinner label={t('loading')} />
        ) : history.isError ? (
          <ErrorState message={errorText(history.error)} onRetry={() => void history.refetch()} />
        ) : history.data.list.length === 0 ? (
          <p className="lottery-empty">{t('noResults')}</p>
        ) : (
          <>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('period')}</th>
                  <th scope="col">{t('result')}</th>
                  <th scope="col">{t('proof')}</th>
                </tr>
              </thead>
              <tbody>
                {history.data.list.map((period) => (
                  <tr key={period.periodNo}>
                    <td>{period.periodNo}</td>
                    <td>
                      {period.status === 'settled'
                        ? (period.groups?.flatMap((group) => group.numbers) ?? []).join(' ')
                        : t(`state.${period.state}`)}
                      {period.late ? ` (${t('late')})` : ''}
                    </td>
                    <td>
                      {period.status === 'settled' ? (
                        <Link
                          to={`/lottery/verify?gameCode=${encodeURIComponent(period.gameCode)}&periodNo=${period.periodNo}`}
                        >
                          {t('verify.link')}
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination pageCount={history.data.totalPages} page={page} onChange={setPage} />
          </>
        )}
      </section>
      <section aria-labelledby="lottery-trend-title" className="lottery-trend-box">
        <h2 id="lottery-trend-title">{t('trend.title')}</h2>
        {trend.isPending ? (
          <Spinner label={t('loading')} />
        ) : trend.isError ? (
          <ErrorState message={errorText(trend.error)} onRetry={() => void trend.refetch()} />
        ) : (
          <TrendChart draws={trend.data.list} min={spec.min} max={spec.max} positions={spec.count} />
        )}
      </section>
    </div>
  );
}
