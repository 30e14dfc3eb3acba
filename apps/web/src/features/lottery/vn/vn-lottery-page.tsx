import {
  formatMoney,
  parseMoney,
  vnBetUnits,
  type VnGame,
  type VnOpenedGame,
  type VnResultRow,
} from '@platform/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, Empty, ErrorState, Spinner } from '@/components';
import { useRequireRealAccount, useSession } from '@/features/auth';
import { useMoneyFormat } from '@/features/system';
import { walletKeys } from '@/features/wallet';
import { useErrorText } from '@/lib/error-text';
import { subscribeRealtime } from '@/lib/realtime';
import { useMyVnBets } from './api/get-my-vn-bets';
import { useVnGameMenu } from './api/get-vn-game-menu';
import { useVnNumbers } from './api/get-vn-numbers';
import { useVnOpenedGame } from './api/get-vn-opened-game';
import { newSlipRequestId, placeVnSlip } from './api/place-vn-slip';
import { vnKeys } from './api/vn-keys';
import { VnBetEntry, type VnSlipBet } from './bet-entry';
import { clockText, useSecondsUntil } from './countdown';
import { VnHeadTailTable, VnResultTable } from './result-table';
import './vn-lottery.css';

/**
 * /vnlottery?gameCode=: the Vietnamese lottery. The side menu stays and the top bars are hidden (SPEC
 * section 2, the route's `fullscreen` view); the page lists the VN games by region, the open period
 * with its countdown, the last result with its đầu/đuôi table, bet entry for every bet type and the
 * latest results.
 */
export function VnLotteryPage() {
  const { t } = useTranslation('vnlottery');
  const errorText = useErrorText('vnlottery');
  const [params, setParams] = useSearchParams();
  const menu = useVnGameMenu();
  const games = menu.data?.regions.flatMap((region) => region.games) ?? [];
  const gameCode = params.get('gameCode') ?? games[0]?.gameCode;

  let body;
  if (menu.isPending) body = <Spinner label={t('loading')} />;
  else if (menu.isError)
    body = <ErrorState message={errorText(menu.error)} onRetry={() => void menu.refetch()} />;
  else if (!gameCode || games.length === 0) body = <Empty title={t('noGames')} />;
  else body = <VnGamePanel gameCode={gameCode} />;

  return (
    <div className="vn-page">
      <h1 className="vn-page__title">{t('title')}</h1>
      {menu.data ? (
        <nav className="vn-menu" aria-label={t('menu')}>
          {menu.data.regions.map((region) => (
            <section key={region.region} className="vn-menu__region">
              <h2>{t(`region.${region.region}`)}</h2>
              <ul>
                {region.games.map((game) => (
                  <li key={game.gameCode}>
                    <Link
                      to={`?gameCode=${encodeURIComponent(game.gameCode)}`}
                      aria-current={game.gameCode === gameCode ? 'page' : undefined}
                      onClick={(event) => {
                        event.preventDefault();
                        setParams({ gameCode: game.gameCode });
                      }}
                    >
                      <span>{game.gameName}</span> <small>{scheduleText(t, game)}</small>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      ) : null}
      {body}
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];
function scheduleText(t: T, game: VnGame): string {
  return game.kind === 'daily'
    ? t('schedule.daily', { time: game.drawTime ?? '' })
    : t('schedule.fast', { minutes: Math.round(game.intervalSeconds / 60) });
}

function VnGamePanel({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation('vnlottery');
  const errorText = useErrorText('vnlottery');
  const opened = useVnOpenedGame(gameCode);
  const numbers = useVnNumbers(gameCode);
  useVnLive(gameCode);
  if (opened.isPending) return <Spinner label={t('loading')} />;
  if (opened.isError)
    return <ErrorState message={errorText(opened.error)} onRetry={() => void opened.refetch()} />;
  const game = opened.data;
  return (
    <div className="vn-game">
      <PeriodBar
        key={game.period.cutoffAt}
        game={game}
        onDrawn={() => void Promise.all([opened.refetch(), numbers.refetch()])}
      />
      <div className="vn-game__columns">
        <div className="vn-game__result">
          {game.last?.tiers ? (
            <>
              <VnResultTable
                tiers={game.last.tiers}
                caption={t('result.caption', { period: game.last.periodNo })}
              />
              <VnHeadTailTable
                tiers={game.last.tiers}
                caption={t('headTail.caption', { period: game.last.periodNo })}
              />
            </>
          ) : (
            <Empty title={t('result.none')} />
          )}
        </div>
        {/* a new period starts an empty slip: bets are for the period the player saw */}
        <div className="vn-game__slip">
          <SlipArea key={game.period.periodNo} game={game} />
          <MyBets gameCode={gameCode} />
        </div>
      </div>
      <History
        rows={numbers.data}
        pending={numbers.isPending}
        failed={numbers.isError}
        retry={() => void numbers.refetch()}
      />
    </div>
  );
}

function PeriodBar({ game, onDrawn }: { game: VnOpenedGame; onDrawn(): void }) {
  const { t } = useTranslation('vnlottery');
  const open = game.period.state === 'open';
  // to the cut-off while open, then to the draw: at zero the page asks for the period again
  const seconds = useSecondsUntil(open ? game.period.cutoffAt : game.period.drawAt, game.serverTime, onDrawn);
  return (
    <div className="vn-period" role="group" aria-label={t('period.label')}>
      <strong>{game.game.gameName}</strong>
      <span>{t('period.number', { period: game.period.periodNo })}</span>
      <span>{t(`state.${game.period.state}`)}</span>
      <span
        className="vn-period__countdown"
        role="timer"
        aria-label={t(open ? 'period.cutoffIn' : 'period.drawIn')}
      >
        {clockText(seconds)}
      </span>
    </div>
  );
}

function SlipArea({ game }: { game: VnOpenedGame }) {
  const { t } = useTranslation('vnlottery');
  const money = useMoneyFormat();
  const [slip, setSlip] = useState<VnSlipBet[]>([]);
  const [requestId, setRequestId] = useState(newSlipRequestId);
  const [placedText, setPlacedText] = useState('');
  const errorText = useErrorText('vnlottery');
  const requireReal = useRequireRealAccount();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const place = useMutation({
    mutationFn: () => placeVnSlip(game.game.gameCode, game.period.periodNo, slip, requestId),
    onSuccess: (answer) => {
      setSlip([]);
      setRequestId(newSlipRequestId());
      setPlacedText(t('slip.placed', { count: answer.bets.length, balance: money(answer.balance) }));
      void queryClient.invalidateQueries({ queryKey: vnKeys.all });
      if (token) void queryClient.invalidateQueries({ queryKey: walletKeys.balance(token) });
    },
  });
  const total = slip.reduce(
    (sum, bet) => sum + parseMoney(bet.stake) * BigInt(vnBetUnits(game.game.region, bet.betType)),
    0n,
  );
  return (
    <>
      <VnBetEntry
        region={game.game.region}
        odds={game.odds}
        minBet={game.minBet}
        maxBet={game.maxBet}
        onAdd={(bet) => setSlip((current) => [...current, bet].slice(0, 20))}
      />
      <section className="vn-slip" aria-label={t('slip.title')}>
        <h2>{t('slip.title')}</h2>
        {slip.length === 0 ? (
          <p>{t('slip.empty')}</p>
        ) : (
          <ul>
            {slip.map((bet, index) => (
              <li key={index}>
                <span>
                  {t(`betType.${bet.betType}.name`)} · {bet.selection.join(', ')} · {money(bet.stake)}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('slip.remove', { index: index + 1 })}
                  onClick={() => setSlip((current) => current.filter((_, at) => at !== index))}
                >
                  ×
                </Button>
              </li>
            ))}
          </ul>
        )}
        {slip.length > 0 ? <p>{t('slip.total', { total: money(formatMoney(total)) })}</p> : null}
        <Button
          disabled={slip.length === 0 || place.isPending || game.period.state !== 'open'}
          onClick={() => requireReal(() => place.mutate())}
        >
          {t('slip.place')}
        </Button>
        <p role="status" className="vn-slip__status">
          {place.isError ? errorText(place.error) : placedText}
        </p>
      </section>
    </>
  );
}

/** The member's latest bets on the game, with what each won once settled. */
function MyBets({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation('vnlottery');
  const money = useMoneyFormat();
  const session = useSession();
  const bets = useMyVnBets(gameCode, session.isLoggedIn && !session.isTrial);
  if (!session.isLoggedIn || session.isTrial || !bets.data || bets.data.list.length === 0) return null;
  return (
    <section className="vn-my-bets" aria-label={t('myBets.title')}>
      <h2>{t('myBets.title')}</h2>
      <ul>
        {bets.data.list.map((bet) => (
          <li key={bet.betId} data-status={bet.status}>
            <span>
              {bet.periodNo} · {t(`betType.${bet.betType}.name`, { defaultValue: bet.betType })} ·{' '}
              {bet.selection.join(', ')} · {money(bet.amount)}
            </span>{' '}
            <strong>
              {bet.status === 'win'
                ? t('myBets.won', { win: money(bet.win), hits: bet.hits })
                : t(`myBets.status.${bet.status}`)}
            </strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Draws of this game pushed over the WebSocket: the page asks for what changed at once. */
function useVnLive(gameCode: string) {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    return subscribeRealtime(token, 'lottery', (message) => {
      if (message.gameCode === gameCode) void queryClient.invalidateQueries({ queryKey: vnKeys.all });
    });
  }, [gameCode, queryClient, token]);
}

function History({
  rows,
  pending,
  failed,
  retry,
}: {
  rows: VnResultRow[] | undefined;
  pending: boolean;
  failed: boolean;
  retry(): void;
}) {
  const { t } = useTranslation('vnlottery');
  let content;
  if (pending) content = <Spinner label={t('loading')} />;
  else if (failed || !rows) content = <ErrorState message={t('history.failed')} onRetry={retry} />;
  else if (rows.length === 0) content = <Empty title={t('history.empty')} />;
  else
    content = (
      <ol className="vn-history__list">
        {rows.map((row) => (
          <li key={row.periodNo}>
            <details>
              <summary>
                <span>{row.periodNo}</span>{' '}
                {row.tiers ? (
                  <span>{t('history.de', { de: row.tiers[0]?.[0]?.slice(-2) ?? '' })}</span>
                ) : (
                  <span>{t(`state.${row.state}`)}</span>
                )}
              </summary>
              {row.tiers ? (
                <VnResultTable tiers={row.tiers} caption={t('result.caption', { period: row.periodNo })} />
              ) : null}
            </details>
          </li>
        ))}
      </ol>
    );
  return (
    <section className="vn-history" aria-label={t('history.title')}>
      <h2>{t('history.title')}</h2>
      {content}
    </section>
  );
}
