import type { GameCategory } from '@platform/contract/client';
// A file of its own, never inlined: the drawings cost the first screen's JavaScript nothing, and the
// browser keeps the hashed file for a year (ADR 023).
import sprite from './category-icons.svg?no-inline';

/**
 * A category's icon, drawn for this project (category-icons.svg): e-lottery a draw on a screen, lottery
 * a ticket, live casino a roulette wheel, sports a football, fishing a fish, slots a slot machine, card
 * games two cards, e-sports a game pad. Lines in the current colour, so a tile or a heading sets it.
 * Decoration: the category's name is always written beside it.
 */
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
      <use href={`${sprite}#${category}`} />
    </svg>
  );
}
