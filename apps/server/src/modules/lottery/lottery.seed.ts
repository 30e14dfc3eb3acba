import type { SeedContext } from '../../lib/module.js';
import { lotteryGame } from './lottery.schema.js';

/** The demo's rehearsal game of the daily draws (ADR 064): North results entered by operators. */
export const REHEARSAL_GAME = 'VN-MB-R';

/**
 * Demo only (never run in production): a disabled game with the North's result structure whose results
 * operators enter and confirm as for the daily draws, but every 2 minutes (betting closes 30 s before),
 * so the enter-and-confirm routine can be rehearsed, and a journey can play it, without waiting for
 * 18:15 in Hanoi. An operator turns it on with `lottery enable VN-MB-R`.
 */
export async function seedLotteryDemo(context: SeedContext): Promise<void> {
  await context.tx
    .insert(lotteryGame)
    .values({
      code: REHEARSAL_GAME,
      family: 'VN_NORTH',
      category: 'LOTT',
      name: 'Miền Bắc — diễn tập (rehearsal)',
      intervalSeconds: 120,
      cutoffSeconds: 30,
      enabled: false,
      sortOrder: 260,
      enteredResults: true,
    })
    .onConflictDoNothing();
}
