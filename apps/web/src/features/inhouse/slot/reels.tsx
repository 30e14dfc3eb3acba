import type { SlotSpinView, SlotSymbolName } from '@platform/contract/client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountFormat } from '@/features/system';
import { SymbolArt } from './symbol-art';
import { useReducedMotion } from '../shared/use-reduced-motion';

const REELS = 5;
const ROWS = 3;
/** The first reel stops this long after the outcome arrives, each next one this much later. */
const FIRST_STOP_MS = 350;
const STAGGER_MS = 220;
/** the landing's own transition (slot.css) */
const LAND_MS = 380;
const FILLER: SlotSymbolName[] = ['peacock', 'lotus', 'mango', 'drum', 'fish', 'boat', 'kite', 'elephant'];

export interface ReelsProps {
  /** changes for every spin (a new request, a free spin) */
  spinId: number;
  /** what the reels land on; null while the server is asked (the reels spin meanwhile) */
  outcome: SlotSpinView | null;
  /** quicker landing (free spins) */
  fast?: boolean;
  /** after the last reel has landed (at once without motion) */
  onLanded(spinId: number): void;
  /** the landed outcome's winning lines and scatters are drawn */
  showWins: boolean;
}

/**
 * Five reels of three symbols. While the answer is on its way each reel spins (a CSS transform on a strip
 * of symbols); once it arrives they stop one after the other on the server's outcome, and the winning
 * lines are drawn over them. With reduced motion the outcome simply appears.
 */
export function Reels({ spinId, outcome, fast = false, onLanded, showWins }: ReelsProps) {
  const { t } = useTranslation('slot');
  const count = useCountFormat();
  const reduced = useReducedMotion();
  const [landed, setLanded] = useState<{ id: number; reels: number }>({ id: spinId, reels: REELS });
  const landedCallback = useRef(onLanded);
  useEffect(() => {
    landedCallback.current = onLanded;
  });

  useEffect(() => {
    if (!outcome) return;
    if (reduced) {
      // Every reel shows the outcome at once (landedReels below); only the callback waits a tick.
      const done = window.setTimeout(() => landedCallback.current(spinId), 0);
      return () => window.clearTimeout(done);
    }
    const scale = fast ? 0.5 : 1;
    const timers: number[] = [];
    for (let reel = 0; reel < REELS; reel += 1) {
      timers.push(
        window.setTimeout(
          () => setLanded({ id: spinId, reels: reel + 1 }),
          (FIRST_STOP_MS + STAGGER_MS * reel) * scale,
        ),
      );
    }
    timers.push(
      window.setTimeout(
        () => landedCallback.current(spinId),
        (FIRST_STOP_MS + STAGGER_MS * (REELS - 1)) * scale + LAND_MS,
      ),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [spinId, outcome, reduced, fast]);

  const landedReels = landed.id === spinId ? landed.reels : outcome && reduced ? REELS : 0;
  const winning = useMemo(() => winningCells(outcome), [outcome]);
  const complete = outcome !== null && landedReels === REELS;

  return (
    <div className="slot-reels" data-spinning={!complete || undefined}>
      <ul className="slot-reels__grid" aria-label={t('reels.label')} aria-busy={!complete || undefined}>
        {Array.from({ length: REELS }, (_, reel) => {
          const stopped = outcome !== null && reel < landedReels;
          const symbols = stopped ? (outcome.reels[reel] ?? []) : null;
          return (
            <li key={reel} className="slot-reel" data-state={stopped ? 'stopped' : 'spinning'}>
              <span className="visually-hidden">{t('reels.reel', { number: count(reel + 1) })}</span>
              {symbols ? (
                <ul className="slot-reel__column slot-reel__column--land" key={`${spinId}-${reel}`}>
                  {symbols.map((symbol, row) => (
                    <li
                      key={row}
                      className={`slot-cell${showWins && complete && winning.has(`${reel}:${row}`) ? ' slot-cell--win' : ''}`}
                    >
                      <SymbolArt symbol={symbol} />
                      <span className="visually-hidden">{t(`symbols.${symbol}`)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="slot-reel__column slot-reel__column--spin" aria-hidden="true">
                  {[
                    ...FILLER.slice(reel),
                    ...FILLER.slice(0, reel),
                    ...FILLER.slice(reel),
                    ...FILLER.slice(0, reel),
                  ].map((symbol, index) => (
                    <div key={index} className="slot-cell">
                      <SymbolArt symbol={symbol} />
                    </div>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {showWins && complete && outcome && outcome.lines.length > 0 ? (
        <svg
          className="slot-reels__lines"
          viewBox={`0 0 ${REELS * 100} ${ROWS * 100}`}
          aria-hidden="true"
          preserveAspectRatio="none"
        >
          {outcome.lines.map((line, index) => (
            <polyline
              key={line.line}
              className={`slot-line slot-line--${index % 5}`}
              points={line.rows.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ')}
            />
          ))}
        </svg>
      ) : null}
    </div>
  );
}

/** "reel:row" of every cell on a paying line (its counted symbols) or holding a paying scatter. */
function winningCells(outcome: SlotSpinView | null): Set<string> {
  const cells = new Set<string>();
  if (!outcome) return cells;
  for (const line of outcome.lines) {
    line.rows.slice(0, line.count).forEach((row, reel) => cells.add(`${reel}:${row}`));
  }
  if (outcome.scatter.count >= 3) {
    outcome.reels.forEach((reel, index) =>
      reel.forEach((symbol, row) => {
        if (symbol === 'lantern') cells.add(`${index}:${row}`);
      }),
    );
  }
  return cells;
}
