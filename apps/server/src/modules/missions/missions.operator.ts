import {
  createLeaderboardBodySchema,
  createMissionBodySchema,
  createRaffleBodySchema,
  leaderboardParamsSchema,
  missionIdSchema,
  raffleParamsSchema,
} from '@platform/contract';
import type { z } from 'zod';
import {
  contractInput,
  parse,
  usagePrinter,
  UsageError,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { LeaderboardService } from './leaderboard.service.js';
import type { MissionService } from './mission.service.js';
import type { RaffleService } from './raffle.service.js';

const usage = {
  missions: [
    'missions add --kind daily|weekly|once --metric valid_bet|bets|deposits|deposit_amount --target N',
    '             --reward AMOUNT --title-en TEXT --title-bn TEXT [--category SLOT|LIVE|LOTTERY|...]',
    '             (a mission members reach by play or deposits and claim once per period)',
    'missions list',
    'missions disable|enable --mission ID',
    'leaderboards add --metric valid_bet|win_multiplier --period daily|weekly --prizes AMOUNT[,AMOUNT...]',
    '             --title-en TEXT --title-bn TEXT   (prizes by rank, paid once when each period ends)',
    'leaderboards list',
    'leaderboards settle   (pays every ended period now)',
    'leaderboards disable --leaderboard ID   (its current period is never paid; ended ones still are)',
    'raffles add --from yyyy-MM-dd --to yyyy-MM-dd --ticket-per AMOUNT --prizes AMOUNT[,AMOUNT...]',
    '             --title-en TEXT --title-bn TEXT   (the seed hash is published at once, the seed after the draw)',
    'raffles list',
    'raffles draw   (draws every raffle that ended, now)',
    'raffles cancel --raffle ID   (before its draw: never drawn; tickets cost nothing, so no refund)',
  ],
} as const;
const usageOf = usagePrinter(usage);

const options = {
  kind: { type: 'string' },
  metric: { type: 'string' },
  target: { type: 'string' },
  reward: { type: 'string' },
  category: { type: 'string' },
  mission: { type: 'string' },
  leaderboard: { type: 'string' },
  raffle: { type: 'string' },
  period: { type: 'string' },
  prizes: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  'ticket-per': { type: 'string' },
  'title-en': { type: 'string' },
  'title-bn': { type: 'string' },
} as const;

/** The contract's schema decides, as for the admin calls; its first problem is the usage error. */
const valid = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> =>
  contractInput(schema, input, {}, usageOf('missions'));

/** missions, leaderboards and raffles: each change is audited by its service. */
export function missionsOperatorCommands(services: {
  missions: MissionService;
  leaderboards: LeaderboardService;
  raffles: RaffleService;
}): OperatorCommands {
  const { missions, leaderboards, raffles } = services;
  const read = (args: string[]) => {
    const { values } = parse(args, options, usageOf('missions'), 0);
    const title = { en: values['title-en'] ?? '', bn: values['title-bn'] ?? '' };
    const list = (text: string | undefined) => (text === undefined ? [] : text.split(','));
    return { values, title, list };
  };
  return {
    usage,
    commands: {
      missions: async (args, context): Promise<Outcome> => {
        const [sub, ...rest] = args;
        const by = { actor: context.actor };
        const { values, title } = read(rest);
        switch (sub) {
          case 'add': {
            const body = valid(createMissionBodySchema, {
              title,
              kind: values.kind,
              metric: values.metric,
              target: values.target,
              reward: values.reward,
              category: values.category ?? null,
            });
            const row = await missions.create(by, body);
            return { output: `${row.id}: ${row.kind} ${row.metric} ${row.target} -> ${row.reward}` };
          }
          case 'list': {
            const rows = await missions.adminList();
            return {
              output: rows
                .map(
                  (row) =>
                    `${row.id} ${row.active ? 'active' : 'disabled'} ${row.kind} ${row.metric} ${row.category ?? '*'} ${row.target} -> ${row.reward} (${row.claims} claims) ${row.title.en ?? ''}`,
                )
                .join('\n'),
            };
          }
          case 'disable':
          case 'enable': {
            const id = valid(missionIdSchema, values.mission);
            const row = await missions.setActive(by, id, sub === 'enable');
            return { output: `${row.id}: ${row.active ? 'active' : 'disabled'}` };
          }
          default:
            throw new UsageError(`unknown: missions ${sub ?? ''}`, usageOf('missions'));
        }
      },
      leaderboards: async (args, context): Promise<Outcome> => {
        const [sub, ...rest] = args;
        const { values, title, list } = read(rest);
        switch (sub) {
          case 'add': {
            const body = valid(createLeaderboardBodySchema, {
              title,
              metric: values.metric,
              period: values.period,
              prizes: list(values.prizes),
            });
            const row = await leaderboards.create({ actor: context.actor }, body);
            return { output: `${row.id}: ${row.metric} ${row.period} prizes ${row.prizes.join(', ')}` };
          }
          case 'list':
            return {
              output: (await leaderboards.adminList())
                .map(
                  (row) =>
                    `${row.id} ${row.active ? 'active' : 'disabled'} ${row.metric} ${row.period} prizes ${row.prizes.join(', ')} ${row.title.en ?? ''}`,
                )
                .join('\n'),
            };
          case 'settle':
            return { output: JSON.stringify(await leaderboards.settleDue()) };
          case 'disable': {
            const { id } = valid(leaderboardParamsSchema, { id: values.leaderboard });
            const row = await leaderboards.disable({ actor: context.actor }, id);
            return { output: `${row.id}: disabled (its current period is not paid)` };
          }
          default:
            throw new UsageError(`unknown: leaderboards ${sub ?? ''}`, usageOf('missions'));
        }
      },
      raffles: async (args, context): Promise<Outcome> => {
        const [sub, ...rest] = args;
        const { values, title, list } = read(rest);
        switch (sub) {
          case 'add': {
            const body = valid(createRaffleBodySchema, {
              title,
              fromDay: values.from,
              toDay: values.to,
              ticketPer: values['ticket-per'],
              prizes: list(values.prizes),
            });
            const row = await raffles.create({ actor: context.actor }, body);
            return { output: `${row.id}: seed hash ${row.seedHash}` };
          }
          case 'list':
            return {
              output: (await raffles.adminList())
                .map(
                  (row) =>
                    `${row.id} ${row.status} ${row.startsAt} - ${row.endsAt} ticket per ${row.ticketPer} seed hash ${row.seedHash} winners ${row.winners.length}`,
                )
                .join('\n'),
            };
          case 'draw':
            return { output: JSON.stringify(await raffles.drawDue()) };
          case 'cancel': {
            const { id } = valid(raffleParamsSchema, { id: values.raffle });
            const row = await raffles.cancel({ actor: context.actor }, id);
            return { output: `${row.id}: cancelled, never drawn (tickets cost nothing: nothing to refund)` };
          }
          default:
            throw new UsageError(`unknown: raffles ${sub ?? ''}`, usageOf('missions'));
        }
      },
    },
  };
}
