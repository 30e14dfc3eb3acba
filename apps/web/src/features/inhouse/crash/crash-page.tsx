import { formatMoney, parseMoney, type CrashState } from '@platform/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Field } from '@/components';
import { useSession } from '@/features/auth';
import { useMoneyFormat } from '@/features/system';
import { balanceQueryOptions, useBalance } from '@/features/wallet';
import { ApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { subscribeRealtime } from '@/lib/realtime';
import { InhouseGameBody, InhouseGamePage, type PlayMode } from '../shared/inhouse-game-page';
import { usePlayMoney } from '../shared/play-money';
import { useReducedMotion } from '../shared/use-reduced-motion';
import {
  betCrash,
  cashOutCrash,
  crashKeys,
  crashStateQueryOptions,
  crashVerifyHref,
  freeBetCrash,
  freeCashOutCrash,
  multiplierAfter,
  type CrashBetInput,
} from './crash-api';
import './crash.css';

type LiveState = CrashState & { receivedAt: number };
const MONEY_TEXT = /^\d{1,9}(\.\d{1,2})?$/;
const MULTIPLIER_TEXT = /^[1-9]\d{0,6}\.\d{2}$/;

/**
 * /inhouse/crash: one round for everyone every few seconds. Bets are taken while betting is open; then the
 * multiplier rises (animated here from the server's clock) until the crash; a cash-out is the server's
 * decision by its clock. Every player's bets and cash-outs show as they happen (the WebSocket's pushes
 * for members, the state polled for everyone). Visitors and trial accounts play with play money.
 */
export function CrashPage() {
  const session = useSession();
  const state = useQuery(crashStateQueryOptions(session.token));
  const queryClient = useQueryClient();

  // A push from the round refreshes what the page shows at once, not at the next poll.
  useEffect(() => {
    if (!session.token) return;
    return subscribeRealtime(session.token, 'crash', (message) => {
      if (message.kind !== 'tick')
        void queryClient.invalidateQueries({ queryKey: crashKeys.state(session.token) });
    });
  }, [session.token, queryClient]);

  return (
    <InhouseGamePage game="crash" info={state} freePlay={(data) => data.freePlay} verifiable>
      {(data, mode) => <CrashTable key={mode} state={data} mode={mode} />}
    </InhouseGamePage>
  );
}

/** The server's clock now, from the state's time and when it arrived. */
const serverNow = (state: LiveState) => Date.parse(state.serverTime) + (Date.now() - state.receivedAt);

function useLiveMultiplier(state: LiveState): { multiplier: number; secondsToStart: number } {
  const reduced = useReducedMotion();
  const [now, setNow] = useState(() => serverNow(state));
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setInterval> | null = null;
    const step = () => setNow(serverNow(stateRef.current));
    // With reduced motion the figure moves once a second, and a new state (a cash-out's answer, a push)
    // is drawn at once rather than at the next second.
    const kick = reduced ? setTimeout(step, 0) : null;
    if (reduced) timer = setInterval(step, 1_000);
    else {
      const loop = () => {
        step();
        frame = requestAnimationFrame(loop);
      };
      frame = requestAnimationFrame(loop);
    }
    return () => {
      if (kick) clearTimeout(kick);
      if (timer) clearInterval(timer);
      cancelAnimationFrame(frame);
    };
  }, [reduced, state]);
  const round = state.round;
  if (!round) return { multiplier: 1, secondsToStart: 0 };
  const starts = Date.parse(round.bettingEndsAt);
  if (round.phase === 'crashed') return { multiplier: Number(round.multiplier), secondsToStart: 0 };
  return {
    multiplier: multiplierAfter(now - starts, state.growthPerMs),
    secondsToStart: Math.max(0, Math.ceil((starts - now) / 1000)),
  };
}

interface FreeBet {
  roundId: string;
  stake: string;
  autoCashOut: string | null;
  cashedOutAt: string | null;
}

function CrashTable({ state, mode }: { state: LiveState; mode: PlayMode }) {
  const { t } = useTranslation('crash');
  const money = useMoneyFormat();
  const errorText = useErrorText('crash');
  const queryClient = useQueryClient();
  const { token } = useSession();
  const realBalance = useBalance().data?.sumBalance;
  const play = usePlayMoney(mode === 'free' ? state.freePlayBalance : undefined);
  const [stake, setStake] = useState(state.minBet);
  const [auto, setAuto] = useState('');
  const [freeBet, setFreeBet] = useState<FreeBet | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { multiplier, secondsToStart } = useLiveMultiplier(state);
  const round = state.round;
  const phase = round?.phase ?? 'crashed';
  const mine = mode === 'real' ? round?.bets.find((bet) => bet.mine) : undefined;
  const myFree = freeBet && round && freeBet.roundId === round.roundId ? freeBet : null;
  const inRound = mode === 'real' ? !!mine : !!myFree;
  const cashedOut = mode === 'real' ? mine?.cashedOutAt : myFree?.cashedOutAt;
  const stakeValid = MONEY_TEXT.test(stake);
  const autoValid = auto === '' || MULTIPLIER_TEXT.test(auto);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: crashKeys.state(token) });
  const crashedText = (error: unknown) =>
    error instanceof ApiError && typeof error.details.crashPoint === 'string'
      ? t('tooLate', { point: error.details.crashPoint })
      : errorText(error);

  const placeBet = useMutation({
    mutationFn: async (input: CrashBetInput) => {
      if (mode === 'free') {
        await freeBetCrash(input);
        return null;
      }
      return betCrash(input, crypto.randomUUID().replace(/-/g, ''));
    },
    onSuccess: (answer, input) => {
      setNotice(null);
      if (mode === 'free') {
        play.change(-parseMoney(input.stake));
        setFreeBet({
          roundId: input.roundId,
          stake: input.stake,
          autoCashOut: input.autoCashOut ?? null,
          cashedOutAt: null,
        });
      } else if (answer) {
        queryClient.setQueryData(balanceQueryOptions(token).queryKey, {
          sumBalance: answer.balance,
          demo: false,
        });
      }
      refresh();
    },
    onError: (error) => setNotice(errorText(error)),
  });

  const cashOut = useMutation({
    mutationFn: async (roundId: string) => {
      if (mode === 'free') return { ...(await freeCashOutCrash(roundId)), win: null, balance: null };
      return cashOutCrash(roundId);
    },
    onSuccess: (answer) => {
      if (mode === 'free' && myFree) {
        const win = (parseMoney(myFree.stake) * BigInt(Math.round(Number(answer.multiplier) * 100))) / 100n;
        play.change(win);
        setFreeBet({ ...myFree, cashedOutAt: answer.multiplier });
        setNotice(t('cashedOut', { multiplier: answer.multiplier, win: money(formatMoney(win)) }));
      } else {
        if (answer.balance) {
          queryClient.setQueryData(balanceQueryOptions(token).queryKey, {
            sumBalance: answer.balance,
            demo: false,
          });
        }
        setNotice(t('cashedOut', { multiplier: answer.multiplier, win: money(answer.win ?? '0') }));
      }
      refresh();
    },
    onError: (error) => setNotice(crashedText(error)),
  });

  // Free play's automatic cash-out: asked of the server when the rise passes it (the server decides).
  const autoAsked = useRef<string | null>(null);
  useEffect(() => {
    if (mode !== 'free' || !myFree?.autoCashOut || myFree.cashedOutAt || phase !== 'running') return;
    if (multiplier >= Number(myFree.autoCashOut) && autoAsked.current !== myFree.roundId) {
      autoAsked.current = myFree.roundId;
      cashOut.mutate(myFree.roundId);
    }
  }, [mode, myFree, multiplier, phase, cashOut]);

  const balance =
    mode === 'real' ? realBalance : play.balance === null ? undefined : formatMoney(play.balance);
  const canBet = phase === 'betting' && !inRound && stakeValid && autoValid && !placeBet.isPending;
  const canCashOut = phase === 'running' && inRound && !cashedOut && !cashOut.isPending;

  const side = (
    <aside className="inhouse-game__panel crash-side">
      <h2>{t('players')}</h2>
      {round && (round.bets.length > 0 || myFree) ? (
        <table className="crash-players">
          <thead>
            <tr>
              <th scope="col">{t('player')}</th>
              <th scope="col">{t('stake')}</th>
              <th scope="col">{t('cashedOutAt')}</th>
              <th scope="col">{t('win')}</th>
            </tr>
          </thead>
          <tbody>
            {myFree ? (
              <tr className="crash-players__mine">
                <td>{t('you')}</td>
                <td>{money(myFree.stake)}</td>
                <td>{myFree.cashedOutAt ? `${myFree.cashedOutAt}×` : '—'}</td>
                <td>—</td>
              </tr>
            ) : null}
            {round.bets.map((bet) => (
              <tr key={bet.betId} className={bet.mine ? 'crash-players__mine' : undefined}>
                <td>{bet.mine ? t('you') : bet.player}</td>
                <td>{money(bet.stake)}</td>
                <td>{bet.cashedOutAt ? `${bet.cashedOutAt}×` : '—'}</td>
                <td>{bet.win === null ? '—' : money(bet.win)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('noPlayers')}</p>
      )}
      <h2>{t('history')}</h2>
      <ol className="crash-history">
        {state.history.map((item) => (
          <li key={item.roundId}>
            <Link
              to={crashVerifyHref(item.seed, item.salt)}
              aria-label={t('verifyRound', { point: item.crashPoint })}
            >
              {item.crashPoint}×
            </Link>
          </li>
        ))}
      </ol>
      {state.commitment ? (
        <p className="crash-chain">{t('chain', { commitment: state.commitment, salt: state.salt ?? '' })}</p>
      ) : null}
    </aside>
  );

  return (
    <InhouseGameBody mode={mode} freeBadge={t('free.badge')} tableClassName="crash-table" side={side}>
      <p className="crash-balance">
        {mode === 'free' ? t('free.balance') : t('balance')}:{' '}
        <strong data-testid="crash-balance">{balance === undefined ? '…' : money(balance)}</strong>
        {mode === 'free' && play.balance !== null && play.balance < parseMoney(state.minBet) ? (
          <Button variant="ghost" size="sm" onClick={play.reset}>
            {t('free.reset')}
          </Button>
        ) : null}
      </p>
      <div className={`crash-screen crash-screen--${phase}`} data-testid="crash-screen" data-phase={phase}>
        {phase === 'betting' ? (
          <p className="crash-screen__status">{t('startsIn', { seconds: secondsToStart })}</p>
        ) : null}
        <p className="crash-screen__multiplier" aria-hidden={phase === 'running'}>
          {phase === 'crashed' && round?.crashPoint
            ? t('crashedAt', { point: round.crashPoint })
            : `${multiplier.toFixed(2)}×`}
        </p>
        {/* Screen readers hear the phase changes and the cash-outs, not sixty numbers a second. */}
        <p className="visually-hidden" aria-live="polite">
          {phase === 'crashed' && round?.crashPoint
            ? t('crashedAt', { point: round.crashPoint })
            : t(`phase.${phase}`)}
        </p>
      </div>
      {notice ? (
        <p className="crash-notice" role="status" data-testid="crash-notice">
          {notice}
        </p>
      ) : null}
      <div className="crash-controls">
        <Field
          label={t('stake')}
          inputMode="decimal"
          value={stake}
          onChange={(event) => setStake(event.target.value.trim())}
          error={stakeValid ? null : t('stakeInvalid')}
          hint={t('limits', { min: money(state.minBet), max: money(state.maxBet) })}
        />
        <Field
          label={t('auto')}
          inputMode="decimal"
          placeholder="2.00"
          value={auto}
          onChange={(event) => setAuto(event.target.value.trim())}
          error={autoValid ? null : t('autoInvalid')}
          hint={t('autoHint', { max: state.maxMultiplier })}
        />
        {inRound && !cashedOut && phase !== 'crashed' ? (
          <Button disabled={!canCashOut} onClick={() => round && cashOut.mutate(round.roundId)}>
            {phase === 'betting' ? t('waiting') : t('cashOut', { multiplier: multiplier.toFixed(2) })}
          </Button>
        ) : (
          <Button
            disabled={!canBet || !round}
            onClick={() =>
              round &&
              placeBet.mutate({ roundId: round.roundId, stake, ...(auto ? { autoCashOut: auto } : {}) })
            }
          >
            {mode === 'free' ? t('betFree') : t('bet')}
          </Button>
        )}
      </div>
    </InhouseGameBody>
  );
}
