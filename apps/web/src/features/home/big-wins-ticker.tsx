import type { BigWin } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/features/system';
import { useBigWins } from './api/get-big-wins';

function WinItems({ wins }: { wins: BigWin[] }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  return wins.map((win) => (
    <li key={`${win.at}-${win.player}-${win.amount}`} className="ticker__item">
      <span className="ticker__player">{win.player}</span>{' '}
      {t('home.ticker.won', { amount: money(win.amount), game: win.gameName })}
      {win.multiplier !== null ? (
        <span className="ticker__multiplier"> {t('home.ticker.multiplier', { value: win.multiplier })}</span>
      ) : null}
    </li>
  ));
}

/**
 * The latest big wins of real rounds (players masked by the server), scrolling slowly past. Nothing at
 * all when there are none. Not a live region: a screen reader reads it when it gets there, not on
 * every refresh. The movement stops on hover and on focus, and is never there for a visitor who asks
 * for reduced motion (the strip then scrolls by hand).
 */
export function BigWinsTicker() {
  const { t } = useTranslation();
  const wins = useBigWins();
  const list = wins.data ?? [];
  if (list.length === 0) return null;
  // About 4 s per win: slow enough to read on a phone.
  const seconds = Math.max(20, list.length * 4);
  return (
    <section className="ticker" aria-labelledby="home-ticker">
      <h2 id="home-ticker" className="ticker__label">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M7 4h10v3a5 5 0 0 1-10 0zM7 5H4v1a3 3 0 0 0 3 3M17 5h3v1a3 3 0 0 1-3 3M12 12v4M8 20h8l-1-4H9z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {t('home.ticker.title')}
      </h2>
      {/* Focusable, so a keyboard can stop the strip and scroll it when it does not move. */}
      <div className="ticker__viewport" tabIndex={0} role="group" aria-labelledby="home-ticker">
        <div className="ticker__track" style={{ animationDuration: `${seconds}s` }}>
          <ul className="ticker__list">
            <WinItems wins={list} />
          </ul>
          {/* The second copy makes the loop seamless; it is the same news, so it is hidden from readers. */}
          <ul className="ticker__list ticker__list--copy" aria-hidden="true">
            <WinItems wins={list} />
          </ul>
        </div>
      </div>
    </section>
  );
}
