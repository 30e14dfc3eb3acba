import { parse, usagePrinter, UsageError, type OperatorCommands } from '../../lib/operator-cli.js';
import type { Executor } from '../../db/database.js';
import { lotteryRepository } from './lottery.repository.js';
import type { LotteryService } from './lottery.service.js';

const usage = {
  lottery: [
    'lottery exposure GAME PERIOD       what the house would pay per number of a period, largest first',
    'lottery void GAME PERIOD REASON    cancels a period not drawn yet and refunds each of its bets once',
    'lottery enable|disable GAME        takes a game on or off the menus (its periods stop being made)',
  ],
} as const;
const usageOf = usagePrinter(usage);

/** The operator tool's lottery commands. */
export function lotteryOperatorCommands(s: { lottery: LotteryService; db: Executor }): OperatorCommands {
  return {
    usage,
    commands: {
      lottery: async (args) => {
        const { positionals } = parse(args, {}, usageOf('lottery'), 4);
        const [verb = '', game = '', period = '', ...rest] = positionals;
        if (verb === 'exposure' && game && /^\d{8}-\d{4}$/.test(period)) {
          const view = await s.lottery.exposure(game, period);
          const lines = [
            `${view.gameCode} ${view.periodNo}: stakes ${view.stakeTotal}, possible payout ${view.potentialPayout}`,
            ...view.numbers.map(
              (row) =>
                `  ${row.key.padEnd(28)} ${String(row.bets).padStart(6)} bets  ${row.stake.padStart(14)}  ${row.potentialPayout.padStart(16)}`,
            ),
          ];
          return { output: lines.join('\n') };
        }
        if (verb === 'void' && game && /^\d{8}-\d{4}$/.test(period) && rest.length > 0) {
          const reason = rest.join(' ');
          const voided = await s.lottery.voidPeriod(game, period, reason);
          return {
            output: `${voided.gameCode} ${voided.periodNo} cancelled; every bet refunded`,
            audit: { command: 'lottery-void', detail: { game, period, reason } },
          };
        }
        if ((verb === 'enable' || verb === 'disable') && game && !period) {
          if (!(await lotteryRepository.setGameEnabled(s.db, game, verb === 'enable')))
            return { output: `no lottery game ${game}`, exitCode: 1 };
          return { output: `${game} ${verb}d`, audit: { command: `lottery-${verb}`, detail: { game } } };
        }
        throw new UsageError(`unknown lottery command ${verb}`, usageOf('lottery'));
      },
    },
  };
}
