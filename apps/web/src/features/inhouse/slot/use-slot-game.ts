import { parseMoney, type SlotRound, type SlotSpinView } from '@platform/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { nextAutoplay, type AutoplayPlan, type AutoplayStop } from './autoplay';
import type { PlayMode } from '../shared/inhouse-game-page';
import { freeSpinSlot, newSpinRequestId, spinSlot } from './api/spin-slot';

export type SlotPhase = 'idle' | 'asking' | 'landing' | 'feature';

/** Pause between a round's end and autoplay's next spin, and before free spins start. */
export const AUTOPLAY_PAUSE_MS = 700;
export const FEATURE_INTRO_MS = 1400;
const FREE_SPIN_PAUSE_MS = 450;

export interface SlotGame {
  phase: SlotPhase;
  spinId: number;
  /** the round being shown (null before the first, and while asking) */
  round: SlotRound | null;
  /** what the reels land on now: the paid spin, then each free spin */
  outcome: SlotSpinView | null;
  /** -1: the paid spin; 0..n-1: that free spin */
  step: number;
  /** the free spins' winnings shown so far, minor units */
  freeWinSoFar: bigint;
  /** the round is fully shown: its wins may be drawn and named */
  settled: boolean;
  autoplay: AutoplayPlan | null;
  autoplayStopped: AutoplayStop | null;
  error: unknown;
  spin(): void;
  onLanded(spinId: number): void;
  startAutoplay(plan: AutoplayPlan): void;
  stopAutoplay(): void;
}

export interface SlotGameOptions {
  mode: PlayMode;
  bet: string;
  /** the money the next bet is taken from (real balance or play money), minor units; null: unknown */
  available: bigint | null;
  /** a round's bet leaves the balance (shown at once), then its end brings the round's result */
  onBetPlaced(bet: bigint): void;
  onRoundShown(round: SlotRound): void;
  onFailed(): void;
}

/**
 * The slot's play: ask the server for a round (real money or free play), land the reels on its paid spin,
 * then play its free spins one after the other, then report the result; autoplay repeats that until its
 * count runs out or a stop condition holds. A lost answer is asked again once with the same request id,
 * which the server answers with the same round (money moves once).
 */
export function useSlotGame(options: SlotGameOptions): SlotGame {
  const [phase, setPhase] = useState<SlotPhase>('idle');
  const [spinId, setSpinId] = useState(0);
  const [round, setRound] = useState<SlotRound | null>(null);
  const [outcome, setOutcome] = useState<SlotSpinView | null>(null);
  const [step, setStep] = useState(-1);
  const [freeWinSoFar, setFreeWinSoFar] = useState(0n);
  const [settled, setSettled] = useState(false);
  const [autoplay, setAutoplay] = useState<AutoplayPlan | null>(null);
  const [autoplayStopped, setAutoplayStopped] = useState<AutoplayStop | null>(null);
  const [error, setError] = useState<unknown>(null);

  // What timers and answers scheduled by earlier renders must read: this render's values.
  const latest = useRef({ options, phase, round, step, spinId, autoplay, spin: () => {} });
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);
  const later = (work: () => void, ms: number) => {
    timers.current.push(window.setTimeout(work, ms));
  };

  const stop = useCallback((reason: AutoplayStop) => {
    if (latest.current.autoplay) setAutoplayStopped(reason);
    setAutoplay(null);
  }, []);

  const spin = useCallback(() => {
    const { options: current, phase: now, spinId: lastId } = latest.current;
    if (now !== 'idle') return;
    const bet = parseMoney(current.bet);
    if (current.available !== null && current.available < bet) {
      setError(new ApiError('INSUFFICIENT_FUNDS', 409));
      stop('balance');
      return;
    }
    const id = lastId + 1;
    setError(null);
    setSettled(false);
    setRound(null);
    setOutcome(null);
    setStep(-1);
    setFreeWinSoFar(0n);
    setSpinId(id);
    setPhase('asking');
    current.onBetPlaced(bet);
    const ask = async (): Promise<SlotRound> => {
      if (current.mode === 'free') return freeSpinSlot(current.bet);
      const requestId = newSpinRequestId();
      try {
        return await spinSlot(current.bet, requestId);
      } catch (failure) {
        // The answer was lost, not refused: the same request id gets the same round.
        if (failure instanceof ApiError && failure.code === 'NETWORK')
          return spinSlot(current.bet, requestId);
        throw failure;
      }
    };
    ask().then(
      (answer) => {
        setRound(answer);
        setOutcome(answer.spin);
        setPhase('landing');
      },
      (failure: unknown) => {
        setError(failure);
        setPhase('idle');
        stop('error');
        latest.current.options.onFailed();
      },
    );
  }, [stop]);

  const finish = useCallback(
    (shown: SlotRound) => {
      setSettled(true);
      setPhase('idle');
      const { options: current, autoplay: plan } = latest.current;
      current.onRoundShown(shown);
      if (!plan) return;
      const bet = parseMoney(current.bet);
      const balanceAfter =
        current.mode === 'real'
          ? shown.balance === null
            ? null
            : parseMoney(shown.balance)
          : current.available === null
            ? null
            : current.available - bet + parseMoney(shown.win);
      const next = nextAutoplay(plan, shown, balanceAfter, bet);
      if ('stop' in next) {
        stop(next.stop);
        return;
      }
      setAutoplay(next.plan);
      later(() => {
        if (latest.current.autoplay) latest.current.spin();
      }, AUTOPLAY_PAUSE_MS);
    },
    [stop],
  );

  const onLanded = useCallback(
    (landedId: number) => {
      const { round: shown, step: at, spinId: currentId } = latest.current;
      if (landedId !== currentId || !shown) return;
      const free = shown.freeSpins;
      if (at >= 0) setFreeWinSoFar((sum) => sum + parseMoney(free[at]?.win ?? '0'));
      const nextStep = at + 1;
      if (nextStep >= free.length) {
        finish(shown);
        return;
      }
      setSettled(true);
      if (at === -1) setPhase('feature');
      later(
        () => {
          setSettled(false);
          setPhase('landing');
          setStep(nextStep);
          setOutcome(free[nextStep] ?? null);
          setSpinId((id) => id + 1);
        },
        at === -1 ? FEATURE_INTRO_MS : FREE_SPIN_PAUSE_MS,
      );
    },
    [finish],
  );

  const startAutoplay = useCallback((plan: AutoplayPlan) => {
    setAutoplayStopped(null);
    setAutoplay(plan);
    latest.current.autoplay = plan;
    latest.current.spin();
  }, []);

  const stopAutoplay = useCallback(() => stop('player'), [stop]);

  useEffect(() => {
    latest.current = { options, phase, round, step, spinId, autoplay, spin };
  });

  return {
    phase,
    spinId,
    round,
    outcome,
    step,
    freeWinSoFar,
    settled,
    autoplay,
    autoplayStopped,
    error,
    spin,
    onLanded,
    startAutoplay,
    stopAutoplay,
  };
}
