import type { GameCategory } from '@platform/contract/client';
import type { ReactNode } from 'react';

/**
 * Each category's icon, drawn for this project on a 24-unit grid: lines in the current colour, so a
 * tile or a heading sets its colour. E-lottery a draw on a screen, lottery a ticket, live casino a
 * roulette wheel, sports a football, fishing a fish, slots a slot machine, card games two cards,
 * e-sports a game pad.
 */
const drawings: Record<GameCategory, ReactNode> = {
  ELOTT: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
      <circle cx="9" cy="10" r="2" />
      <circle cx="15" cy="10" r="2" />
    </>
  ),
  LOTT: (
    <>
      <path d="M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-2a2 2 0 0 0 0-4z" />
      <path d="M15 5.5v2M15 10v1.5M15 14v2.5" />
      <path
        d="M9.5 8.5l.9 1.8 2 .3-1.5 1.4.4 2-1.8-1-1.8 1 .4-2L6.6 10.6l2-.3z"
        fill="currentColor"
        strokeWidth="1"
      />
    </>
  ),
  LIVE: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4" />
      <path d="M12 3v5M12 16v5M3 12h5M16 12h5" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    </>
  ),
  SPORTS: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8.2l3.4 2.5-1.3 4h-4.2l-1.3-4z" fill="currentColor" strokeWidth="1" />
      <path d="M12 8.2V3.5M15.4 10.7l4.3-1.5M14.1 14.7l2.6 3.6M9.9 14.7l-2.6 3.6M8.6 10.7l-4.3-1.5" />
    </>
  ),
  FISH: (
    <>
      <path d="M2.5 12c3-5 9.5-6.5 13.5-2l4.5-3.5v11L16 14c-4 4.5-10.5 3-13.5-2z" />
      <circle cx="8" cy="11" r="1.2" fill="currentColor" />
      <path d="M12 9.5c.8 1.6.8 3.4 0 5" />
    </>
  ),
  RNG: (
    <>
      <rect x="3" y="4" width="15" height="16" rx="2" />
      <rect x="5.5" y="8" width="10" height="7" rx="1" />
      <path d="M8.8 8v7M12.2 8v7M7 18h7M18 12h2.5V6.5" />
      <circle cx="20.5" cy="5" r="1.5" fill="currentColor" />
    </>
  ),
  PVP: (
    <>
      <rect x="3.5" y="5" width="10" height="14" rx="1.5" transform="rotate(-12 8.5 12)" />
      <rect
        x="10"
        y="4.5"
        width="10"
        height="14"
        rx="1.5"
        transform="rotate(10 15 11.5)"
        fill="var(--category-icon-fill, #1b2540)"
      />
      <path
        d="M15 8.8c-1.4 1.2-2.4 2.1-2.4 3.1a1.3 1.3 0 0 0 2.2.9l-.5 1.6h1.4l-.5-1.6a1.3 1.3 0 0 0 2.2-.9c0-1-1-1.9-2.4-3.1z"
        fill="currentColor"
        strokeWidth="0.8"
        transform="rotate(10 15 11.5)"
      />
    </>
  ),
  ESPORTS: (
    <>
      <path d="M7 8h10a4 4 0 0 1 4 4.4l-.6 3.8a2 2 0 0 1-3.4 1l-2-2.2H9l-2 2.2a2 2 0 0 1-3.4-1L3 12.4A4 4 0 0 1 7 8z" />
      <path d="M8 10.5v3.5M6.25 12.25h3.5" />
      <circle cx="15.5" cy="11.2" r="1.1" fill="currentColor" />
      <circle cx="17.6" cy="13.4" r="1.1" fill="currentColor" />
    </>
  ),
};

/** A category's icon; decoration (the category's name is always written beside it). */
export function CategoryIcon({ category, size = 26 }: { category: GameCategory; size?: number }) {
  return (
    <svg
      className="category-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-category={category}
    >
      {drawings[category]}
    </svg>
  );
}
