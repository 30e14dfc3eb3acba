import {
  parse,
  table,
  unknownCommand,
  usagePrinter,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { ApplicationService } from './application.service.js';
import type { AutoRewardService } from './auto-reward.service.js';

const usage = {
  rewards: [
    'rewards applications [--status applying|issued|rejected|claimed]   promotion applications',
    'rewards rebate DAY                 pays the rebate of a site day that ended (yyyy-MM-dd); once per member',
  ],
} as const;
const usageOf = usagePrinter(usage);

/** rewards: the operator's view of applications and the daily rebate, by hand. */
export function rewardsOperatorCommands(s: {
  applications: ApplicationService;
  autoRewards: AutoRewardService;
}): OperatorCommands {
  return {
    usage,
    commands: {
      rewards: async (args): Promise<Outcome> => {
        const [sub, ...rest] = args;
        switch (sub) {
          case 'applications': {
            const { values } = parse(rest, { status: { type: 'string' } }, usageOf('rewards'), 0);
            const rows = (await s.applications.list(values.status)).map((row) => [
              row.id,
              row.account,
              row.promotionId,
              row.status,
              row.bonus ?? '-',
              row.appliedAt,
            ]);
            return { output: table(['ID', 'ACCOUNT', 'PROMOTION', 'STATUS', 'BONUS', 'APPLIED'], rows) };
          }
          case 'rebate': {
            const [day = ''] = parse(rest, {}, usageOf('rewards'), 1).positionals;
            const result = await s.autoRewards.payRebate(day);
            return {
              output: `rebate of ${result.day}: ${result.paid} member(s) paid, ${result.total} in all`,
              audit: { command: 'rewards rebate', detail: result },
            };
          }
          default:
            throw unknownCommand('rewards', sub, usageOf('rewards'));
        }
      },
    },
  };
}
