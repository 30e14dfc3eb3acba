import type { LoginUser } from '@platform/contract';
import type { Executor } from '../../db/database.js';

/**
 * Club labels by rank level (0..6). labelName is a plain English key the web app translates
 * (e.g. `club.Gold`); color and color2 are the two ends of the badge gradient. Levels above 4 get VIP
 * customer service (SPEC section 6), which is why Diamond starts at 5.
 */
const clubLabels = [
  { labelName: 'Member', color: '#7d8590', color2: '#a5adb8' },
  { labelName: 'Bronze', color: '#8c5a2b', color2: '#cd7f32' },
  { labelName: 'Silver', color: '#8e9aa6', color2: '#d7dde3' },
  { labelName: 'Gold', color: '#b8860b', color2: '#ffd700' },
  { labelName: 'Platinum', color: '#5f7d8c', color2: '#b9d7e3' },
  { labelName: 'Diamond', color: '#2b7bb9', color2: '#8fd3fe' },
  { labelName: 'Crown', color: '#7b2cbf', color2: '#e0aaff' },
] as const;

export const MAX_RANK_LEVEL = clubLabels.length - 1;

export function clubLabelOf(rankLevel: number): LoginUser['clubLabel'] {
  // A level outside the table (an operator's typo, a future rank) shows the nearest label, not an error.
  const level = Math.min(Math.max(Math.trunc(rankLevel), 0), MAX_RANK_LEVEL);
  const label = clubLabels[level] ?? clubLabels[0];
  return { labelName: label.labelName, color: label.color, color2: label.color2, rankLevel: level };
}

export type ClubLabel = LoginUser['clubLabel'];
/** The operator's label of a rank level, or null when it has none (the built-in label is shown then). */
export type ClubLabelSource = (rankLevel: number, db: Executor) => Promise<ClubLabel | null>;

/**
 * The club label login and member info show. The loyalty module owns the operator's ranks and is built
 * after auth, so it hands its source in later (useClubLabels); until then, and for a level it does not
 * know, the built-in table above answers.
 */
export class ClubLabels {
  private source: ClubLabelSource | null = null;

  use(source: ClubLabelSource): void {
    this.source = source;
  }

  /** Through the caller's executor: a login reads it inside its transaction. */
  async of(rankLevel: number, db: Executor): Promise<ClubLabel> {
    return (await this.source?.(rankLevel, db)) ?? clubLabelOf(rankLevel);
  }
}
