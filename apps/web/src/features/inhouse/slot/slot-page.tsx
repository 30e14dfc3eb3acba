import { parseMoney, type SlotInfo, type SlotRound } from '@platform/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Spinner } from '@/components';
import { useSession } from '@/features/auth';
import { useCountFormat, useMoneyFormat } from '@/features/system';
import { balanceQueryOptions, useBalance } from '@/features/wallet';
import { useErrorText } from '@/lib/error-text';
import { formatInstant } from '@/lib/dates';
import { useSlotInfo } from './api/get-slot-info';
import { useSlotRounds } from './api/get-slot-rounds';
import { slotKeys } from './api/slot-keys';
import { AUTOPLAY_COUNTS, STOP_WIN_MULTIPLES, type AutoplayPlan } from './autoplay';
import { PaytableDialog } from './paytable-dialog';
import { InhouseGameBody, InhouseGamePage, type PlayMode } from '../shared/inhouse-game-page';
import { usePlayMoney } from '../shared/play-money';
import { Reels } from './reels';
import { useSlotGame } from './use-slot-game';
import './slot.css';

/**
 * /inhouse/slot: Royal Bengal Reels. A member plays for real money (the server's round: a bet and its
 * win on the wallet); a visitor or a trial account plays for free with play money the page keeps, when
 * the operator allows free play (FREEPLAY3), marked as such everywhere.
 */
export function SlotPage() {
  const info = useSlotInfo();
  return (
    <InhouseGamePage game="slot" info={info} freePlay={(data) => data.freePlay}>
      {(data, mode) => <SlotMachine key={mode} info={data} mode={mode} />}
    </InhouseGamePage>
  );
}

function SlotMachine({ info, mode }: { info: SlotInfo; mode: PlayMode }) {
  const { t } = useTranslation('slot');
  const money = useMoneyFormat();
  const count = useCountFormat();
  const errorText = useErrorText('slot');
  const queryClient = useQueryClient();
  const { token } = useSession();
  const [bet, setBet] = useState(
    () => info.betSteps.find((step) => step === '1.00') ?? info.betSteps[0] ?? '0',
  );
  const [paytableOpen, setPaytableOpen] = useState(false);
  const [autoplayOpen, setAutoplayOpen] = useState(false);
  const [autoCount, setAutoCount] = useState<number>(AUTOPLAY_COUNTS[0]);
  const [stopMultiple, setStopMultiple] = useState<number | null>(STOP_WIN_MULTIPLES[1]);
  const [localRounds, setLocalRounds] = useState<SlotRound[]>([]);

  // Real money: the wallet's balance, shown less the bet while a round runs and with its result after.
  const wallet = useBalance();
  const [shownBalance, setShownBalance] = useState<bigint | null>(null);
  const play = usePlayMoney(mode === 'free' ? info.freePlayBalance : undefined);
  const realBalance = wallet.data ? parseMoney(wallet.data.sumBalance) : null;
  const available = mode === 'real' ? realBalance : play.balance;

  const game = useSlotGame({
    mode,
    bet,
    available,
    onBetPlaced: (amount) => {
      if (mode === 'free') play.change(-amount);
      else if (realBalance !== null) setShownBalance(realBalance - amount);
    },
    onRoundShown: (round) => {
      if (mode === 'free') {
        play.change(parseMoney(round.win));
        setLocalRounds((rounds) => [round, ...rounds].slice(0, 10));
        return;
      }
      // The round's answer carries the balance after it: the header and this page show it at once.
      if (round.balance !== null) {
        queryClient.setQueryData(balanceQueryOptions(token).queryKey, {
          sumBalance: round.balance,
          demo: false,
        });
      }
      setShownBalance(null);
      void queryClient.invalidateQueries({ queryKey: slotKeys.rounds(token) });
    },
    onFailed: () => {
      setShownBalance(null);
      if (mode === 'free') play.reset();
      void queryClient.invalidateQueries({ queryKey: slotKeys.info() });
    },
  });
  const busy = game.phase !== 'idle';
  const balance = mode === 'real' ? (shownBalance ?? realBalance) : play.balance;
  const betMinor = parseMoney(bet);
  const stepIndex = info.betSteps.indexOf(bet);
  const roundWin = game.round ? parseMoney(game.round.win) : 0n;
  const freeTotal = game.round?.freeSpins.length ?? 0;

  let status: string;
  if (game.phase === 'asking') status = t('status.spinning');
  else if (game.phase === 'feature')
    status = t('status.feature', { count: count(freeTotal), multiplier: count(info.freeSpinMultiplier) });
  else if (game.step >= 0 && game.round)
    status = t('status.freeSpin', {
      number: count(game.step + 1),
      total: count(freeTotal),
      win: money(game.freeWinSoFar),
    });
  else if (game.settled && game.round)
    status = roundWin > 0n ? t('status.won', { win: money(roundWin) }) : t('status.noWin');
  else status = t('status.ready');

  const startAutoplay = () => {
    setAutoplayOpen(false);
    const plan: AutoplayPlan = {
      remaining: autoCount,
      stopAbove: stopMultiple === null ? null : betMinor * BigInt(stopMultiple),
    };
    game.startAutoplay(plan);
  };

  const spinLabel = mode === 'free' ? t('spinFree') : t('spin');
  const playMoneyGone =
    mode === 'free' && play.balance !== null && play.balance < parseMoney(info.betSteps[0] ?? '0');

  const side = (
    <aside className="inhouse-game__panel slot-side" aria-labelledby="slot-rounds-title">
      <h2 id="slot-rounds-title">{mode === 'free' ? t('rounds.titleFree') : t('rounds.title')}</h2>
      <RecentRounds mode={mode} localRounds={localRounds} />
    </aside>
  );

  return (
    <>
      <InhouseGameBody mode={mode} freeBadge={t('free.badge')} tableClassName="slot-machine" side={side}>
        <Reels
          spinId={game.spinId}
          outcome={game.outcome}
          fast={game.step >= 0}
          onLanded={game.onLanded}
          showWins={game.settled}
        />
        <p className="slot-status" aria-live="polite">
          {status}
        </p>
        {game.settled &&
        game.outcome &&
        game.outcome.lines.length + (game.outcome.scatter.count >= 3 ? 1 : 0) > 0 ? (
          <ul className="slot-wins" aria-label={t('wins.label')}>
            {game.outcome.lines.map((line) => (
              <li key={line.line}>
                {t('wins.line', {
                  line: count(line.line),
                  count: count(line.count),
                  symbol: t(`symbols.${line.symbol}`),
                  win: money(line.win),
                })}
              </li>
            ))}
            {game.outcome.scatter.count >= 3 ? (
              <li>
                {t('wins.scatter', {
                  count: count(game.outcome.scatter.count),
                  win: money(game.outcome.scatter.win),
                  spins: count(game.outcome.scatter.freeSpins),
                })}
              </li>
            ) : null}
          </ul>
        ) : null}
        {game.error ? (
          <p className="slot-error" role="alert">
            {errorText(game.error)}
          </p>
        ) : null}
        {game.autoplayStopped && game.autoplayStopped !== 'player' ? (
          <p className="slot-autoplay-stopped" role="status">
            {t(`autoplay.stopped.${game.autoplayStopped}`)}
          </p>
        ) : null}

        <div className="slot-controls">
          <div className="slot-balance">
            <span className="slot-balance__label">{mode === 'free' ? t('free.balance') : t('balance')}</span>
            <span className="slot-balance__amount" data-testid="slot-balance">
              {balance === null ? '…' : money(balance)}
            </span>
          </div>
          <div className="slot-bet" role="group" aria-label={t('bet.label')}>
            <button
              type="button"
              className="slot-bet__step"
              aria-label={t('bet.less')}
              disabled={busy || game.autoplay !== null || stepIndex <= 0}
              onClick={() => setBet(info.betSteps[stepIndex - 1] ?? bet)}
            >
              −
            </button>
            <label className="slot-bet__select">
              <span className="visually-hidden">{t('bet.label')}</span>
              <select
                value={bet}
                disabled={busy || game.autoplay !== null}
                onChange={(event) => setBet(event.target.value)}
              >
                {info.betSteps.map((step) => (
                  <option key={step} value={step}>
                    {money(step)}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="slot-bet__step"
              aria-label={t('bet.more')}
              disabled={busy || game.autoplay !== null || stepIndex >= info.betSteps.length - 1}
              onClick={() => setBet(info.betSteps[stepIndex + 1] ?? bet)}
            >
              +
            </button>
          </div>
          <Button
            size="lg"
            className="slot-spin"
            onClick={game.spin}
            disabled={busy || game.autoplay !== null || playMoneyGone}
          >
            {spinLabel}
          </Button>
          {game.autoplay ? (
            <Button variant="secondary" onClick={game.stopAutoplay}>
              {t('autoplay.stop', { left: count(game.autoplay.remaining) })}
            </Button>
          ) : (
            <Button
              variant="secondary"
              disabled={busy || playMoneyGone}
              onClick={() => setAutoplayOpen(true)}
            >
              {t('autoplay.open')}
            </Button>
          )}
          <Button variant="ghost" onClick={() => setPaytableOpen(true)}>
            {t('paytable.open')}
          </Button>
          {playMoneyGone ? (
            <Button variant="secondary" onClick={play.reset}>
              {t('free.reset')}
            </Button>
          ) : null}
        </div>
        <p className="slot-rtp">{t('rtpLine', { rtp: info.statedRtp })}</p>
      </InhouseGameBody>

      <PaytableDialog open={paytableOpen} onClose={() => setPaytableOpen(false)} info={info} bet={bet} />
      <Modal
        open={autoplayOpen}
        onClose={() => setAutoplayOpen(false)}
        title={t('autoplay.title')}
        variant="dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setAutoplayOpen(false)}>
              {t('autoplay.cancel')}
            </Button>
            <Button onClick={startAutoplay}>{t('autoplay.start')}</Button>
          </>
        }
      >
        <div className="slot-autoplay">
          <label>
            {t('autoplay.count')}
            <select value={autoCount} onChange={(event) => setAutoCount(Number(event.target.value))}>
              {AUTOPLAY_COUNTS.map((value) => (
                <option key={value} value={value}>
                  {count(value)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('autoplay.stopAbove')}
            <select
              value={stopMultiple ?? 'never'}
              onChange={(event) =>
                setStopMultiple(event.target.value === 'never' ? null : Number(event.target.value))
              }
            >
              {STOP_WIN_MULTIPLES.map((multiple) => (
                <option key={multiple} value={multiple}>
                  {money(betMinor * BigInt(multiple))}
                </option>
              ))}
              <option value="never">{t('autoplay.never')}</option>
            </select>
          </label>
          <p>
            {mode === 'free'
              ? t('autoplay.summaryFree', { count: count(autoCount), bet: money(bet) })
              : t('autoplay.summary', {
                  count: count(autoCount),
                  bet: money(bet),
                  total: money(betMinor * BigInt(autoCount)),
                })}
          </p>
          <p className="slot-autoplay__note">{t('autoplay.stops')}</p>
        </div>
      </Modal>
    </>
  );
}

function RecentRounds({ mode, localRounds }: { mode: PlayMode; localRounds: SlotRound[] }) {
  const { t, i18n } = useTranslation('slot');
  const money = useMoneyFormat();
  const count = useCountFormat();
  const rounds = useSlotRounds(mode === 'real');
  const errorText = useErrorText('slot');
  const time = (iso: string) => formatInstant(iso, i18n.language, 'clockSeconds');

  const rows =
    mode === 'free'
      ? localRounds.map((round, index) => ({
          key: String(index),
          at: null,
          bet: round.bet,
          win: round.win,
          freeSpins: round.freeSpins.length,
        }))
      : (rounds.data ?? []).map((round) => ({
          key: round.roundId,
          at: round.playedAt,
          bet: round.bet,
          win: round.win,
          freeSpins: round.freeSpins,
        }));
  if (mode === 'real' && rounds.isPending) return <Spinner label={t('loading')} />;
  if (mode === 'real' && rounds.isError) return <p className="slot-error">{errorText(rounds.error)}</p>;
  if (rows.length === 0) return <p className="slot-side__empty">{t('rounds.empty')}</p>;
  return (
    <ol className="slot-rounds">
      {rows.map((row) => (
        <li key={row.key} className={parseMoney(row.win) > 0n ? 'slot-rounds__won' : undefined}>
          {row.at ? <time dateTime={row.at}>{time(row.at)}</time> : null}
          <span>{t('rounds.bet', { bet: money(row.bet) })}</span>
          <span className="slot-rounds__win">{t('rounds.win', { win: money(row.win) })}</span>
          {row.freeSpins > 0 ? <span>{t('rounds.freeSpins', { count: count(row.freeSpins) })}</span> : null}
        </li>
      ))}
    </ol>
  );
}
