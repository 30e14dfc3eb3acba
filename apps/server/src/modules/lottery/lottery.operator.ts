import type { VnResultEntry } from '@platform/contract';
import {
  parse,
  usagePrinter,
  UsageError,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { Executor } from '../../db/database.js';
import { lotteryRepository } from './lottery.repository.js';
import type { LotteryService } from './lottery.service.js';
import type { VnResultsService } from './vn/vn-results.service.js';

const usage = {
  lottery: [
    'lottery exposure GAME PERIOD       what the house would pay per number of a period, largest first',
    'lottery void GAME PERIOD REASON    cancels a period not drawn yet and refunds each of its bets once',
    'lottery enable|disable GAME        takes a game on or off the menus (its periods stop being made)',
    "lottery vn enter GAME PERIOD TIERS  enters a daily VN draw's result (or a correction of a settled one):",
    '                                    tiers special first, separated by "/", numbers in a tier by ","',
    'lottery vn confirm GAME PERIOD     a second operator confirms it: the period settles (a correction re-settles)',
    'lottery vn show GAME PERIOD        the entered results and corrections of a period',
  ],
} as const;
const usageOf = usagePrinter(usage);

/** The operator tool's lottery commands. */
function entryLine(entry: VnResultEntry): string {
  const who = entry.confirmedBy
    ? `entered by ${entry.enteredBy}, confirmed by ${entry.confirmedBy}`
    : `entered by ${entry.enteredBy}, waiting for a second operator`;
  const moved = entry.correction
    ? `; credited ${entry.correction.credited}, debited ${entry.correction.debited}, shortfall ${entry.correction.shortfall}`
    : '';
  return `${entry.gameCode} ${entry.periodNo} revision ${entry.revision}: ${entry.tiers.map((tier) => tier.join(',')).join(' / ')}\n  ${who}${moved}`;
}

async function vnCommand(
  results: VnResultsService,
  positionals: string[],
  actor: string,
): Promise<Outcome | null> {
  const [, verb = '', game = '', period = '', tiers = ''] = positionals;
  if (!game || !/^\d{8}-\d{4}$/.test(period)) return null;
  if (verb === 'enter' && tiers) {
    const entry = await results.enter(actor, {
      gameCode: game,
      periodNo: period,
      tiers: tiers.split('/').map((tier) => tier.split(',').map((value) => value.trim())),
    });
    return {
      output: entryLine(entry),
      audit: { command: 'lottery-vn-enter', detail: { game, period, revision: entry.revision } },
    };
  }
  if (verb === 'confirm' && !tiers) {
    const entry = await results.confirm(actor, { gameCode: game, periodNo: period });
    return {
      output: entryLine(entry),
      audit: { command: 'lottery-vn-confirm', detail: { game, period, revision: entry.revision } },
    };
  }
  if (verb === 'show' && !tiers) {
    const entries = await results.entries(game, period);
    return { output: entries.length > 0 ? entries.map(entryLine).join('\n') : 'no result entered' };
  }
  return null;
}

export function lotteryOperatorCommands(s: {
  lottery: LotteryService;
  vnResults: VnResultsService;
  db: Executor;
}): OperatorCommands {
  return {
    usage,
    commands: {
      lottery: async (args, context) => {
        if (args[0] === 'vn') {
          const { positionals } = parse(args, {}, usageOf('lottery'), args[1] === 'enter' ? 5 : 4);
          const outcome = await vnCommand(s.vnResults, positionals, context.actor);
          if (outcome) return outcome;
          throw new UsageError(`unknown lottery vn command ${positionals[1] ?? ''}`, usageOf('lottery'));
        }
        // exposure GAME PERIOD, void GAME PERIOD REASON, enable|disable GAME: each verb its own count.
        const counts: Record<string, number> = { exposure: 3, void: 4, enable: 2, disable: 2 };
        const { positionals } = parse(args, {}, usageOf('lottery'), counts[args[0] ?? ''] ?? 4);
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
