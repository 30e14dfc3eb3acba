import {
  agentContractKinds,
  agentCycles,
  type AgentContractKind,
  type AgentCycle,
  type AgentTier,
} from '@platform/contract';
import { formatMoney, parseMoney } from '@platform/contract';
import {
  parse,
  usagePrinter,
  UsageError,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { ContractService } from './contract.service.js';
import type { HierarchyService } from './hierarchy.service.js';
import type { PeriodDifference, RepairFilter, SettlementRepairService } from './settlement-repair.service.js';
import type { SettlementService } from './settlement.service.js';
import { siteDayEnd, siteDayStart } from '../wallet/index.js';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** One line per settled row, then each agent's total of what is still due. */
function differenceReport(rows: readonly PeriodDifference[]): string {
  if (rows.length === 0) return 'every settled period agrees with the rules';
  const lines = rows.map(
    (row) =>
      `${row.username} ${row.kind} ${row.periodKey} settlement ${row.settlementId.toString()}: ` +
      `computed ${formatMoney(row.computed)}, now ${formatMoney(row.recomputed)}, ` +
      `difference ${formatMoney(row.difference)} (${row.state})`,
  );
  const due = new Map<string, bigint>();
  for (const row of rows)
    if (row.state === 'due') due.set(row.username, (due.get(row.username) ?? 0n) + row.difference);
  lines.push(
    due.size === 0
      ? 'nothing due'
      : `due per agent: ${[...due].map(([name, amount]) => `${name} ${formatMoney(amount)}`).join(', ')}`,
  );
  return lines.join('\n');
}

const usage = {
  agents: [
    'agents move --member USERNAME --upline USERNAME|none',
    '            (the member and its whole team go below the agent; settled periods are not touched)',
    'agents offer --to USERNAME --kind dividend|daily_wage|hourly_salary|realtime_salary',
    '            --tiers MIN:ACTIVE:RATE_BP[,MIN:ACTIVE:RATE_BP...] [--cycle daily|weekly|semimonthly|monthly]',
    '            (the operator offers an agent its contract; the agent accepts in the agent centre; below a',
    "            contracted agent it may not exceed that agent's rate, and a dividend keeps its cycle)",
    'agents terminate --contract ID',
    'agents approve --settlement ID [--amount AMOUNT]   (a dividend waiting for approval; AMOUNT adjusts it)',
    'agents reject --settlement ID',
    'agents settle   (settles every dividend and daily wage period that has ended, now)',
    'agents recompute [--kind KIND] [--from YYYY-MM-DD] [--to YYYY-MM-DD]',
    '            (settled periods recomputed under the differential rule of ADR 093; the differences per agent)',
    'agents correct --reason TEXT [--kind KIND] [--from YYYY-MM-DD] [--to YYYY-MM-DD]',
    '            (pays or claws back each difference recompute lists as due, once, through the ledger; audited)',
  ],
} as const;
const usageOf = usagePrinter(usage);

function tiersFrom(text: string): AgentTier[] {
  return text.split(',').map((part) => {
    const [min, active, rate] = part.split(':');
    if (
      min === undefined ||
      active === undefined ||
      rate === undefined ||
      !/^\d+$/.test(active) ||
      !/^\d+$/.test(rate)
    ) {
      throw new UsageError(`bad tier ${part}`, usageOf('agents'));
    }
    return { min: formatMoney(parseMoney(min)), minActive: Number(active), rateBp: Number(rate) };
  });
}

/** agents: the operator's commands on the agent tree and contracts. Each is audited by its service. */
export function agentOperatorCommands(services: {
  hierarchy: HierarchyService;
  contracts: ContractService;
  settlements: SettlementService;
  repair: SettlementRepairService;
  today: () => string;
}): OperatorCommands {
  const { hierarchy, contracts, settlements, repair } = services;
  return {
    usage,
    commands: {
      agents: async (args, context): Promise<Outcome> => {
        const [sub, ...rest] = args;
        const options = {
          member: { type: 'string' },
          upline: { type: 'string' },
          to: { type: 'string' },
          kind: { type: 'string' },
          tiers: { type: 'string' },
          cycle: { type: 'string' },
          contract: { type: 'string' },
          settlement: { type: 'string' },
          amount: { type: 'string' },
          from: { type: 'string' },
          reason: { type: 'string' },
        } as const;
        const { values } = parse(rest, options, usageOf('agents'), 0);
        const need = (name: keyof typeof options): string => {
          const value = values[name];
          if (typeof value !== 'string' || value === '')
            throw new UsageError(`--${name} is required`, usageOf('agents'));
          return value;
        };
        switch (sub) {
          case 'move': {
            const moved = await hierarchy.moveMember(context.actor, {
              member: need('member'),
              upline: need('upline') === 'none' ? null : need('upline'),
            });
            return {
              output:
                `${moved.member}: upline ${moved.from ?? 'none'} -> ${moved.to ?? 'none'}` +
                (moved.ended.length > 0
                  ? `; ended (rate above the contract now over them): ${moved.ended.join(', ')}`
                  : ''),
            };
          }
          case 'offer': {
            const kind = need('kind');
            if (!(agentContractKinds as readonly string[]).includes(kind))
              throw new UsageError(`bad kind ${kind}`, usageOf('agents'));
            const cycle = values.cycle;
            if (cycle !== undefined && !(agentCycles as readonly string[]).includes(cycle)) {
              throw new UsageError(`bad cycle ${cycle}`, usageOf('agents'));
            }
            const contract = await contracts.offerByOperator(context.actor, {
              downline: need('to'),
              kind: kind as AgentContractKind,
              cycle: cycle as AgentCycle | undefined,
              tiers: tiersFrom(need('tiers')),
            });
            const placement = await contracts.placement(contract.id);
            return {
              output: [
                `offered ${contract.id} (${contract.kind}, ${contract.cycle}) to ${contract.downline}`,
                ...(placement.under
                  ? [
                      `it sits under ${placement.under}'s contract, which is charged its gross (differential pay)`,
                    ]
                  : []),
                ...(placement.wouldTerminate.length > 0
                  ? [
                      `accepting it ends: ${placement.wouldTerminate.map((row) => `${row.id} (${row.downline})`).join(', ')}`,
                    ]
                  : []),
              ].join('\n'),
            };
          }
          case 'terminate': {
            const contract = await contracts.terminateByOperator(context.actor, need('contract'));
            return { output: `${contract.id}: ${contract.status}` };
          }
          case 'approve':
          case 'reject': {
            const id = need('settlement');
            if (!/^\d{1,18}$/.test(id)) throw new UsageError(`bad settlement id ${id}`, usageOf('agents'));
            const row =
              sub === 'approve'
                ? await settlements.approve(
                    context.actor,
                    BigInt(id),
                    values.amount === undefined ? undefined : parseMoney(values.amount),
                  )
                : await settlements.reject(context.actor, BigInt(id));
            return { output: `settlement ${id}: ${row.status} ${formatMoney(row.amount)}` };
          }
          case 'settle': {
            const outcome = await settlements.settleDayKinds();
            return { output: JSON.stringify(outcome) };
          }
          case 'recompute':
          case 'correct': {
            const day = (name: 'from' | 'to', fallback: string) => {
              const value = values[name] ?? fallback;
              if (!DAY_PATTERN.test(value) || Number.isNaN(Date.parse(value)))
                throw new UsageError(`bad --${name} ${value}: a site day YYYY-MM-DD`, usageOf('agents'));
              return value;
            };
            const kind = values.kind;
            if (kind !== undefined && !(agentContractKinds as readonly string[]).includes(kind))
              throw new UsageError(`bad kind ${kind}`, usageOf('agents'));
            const filter: RepairFilter = {
              kind: kind as AgentContractKind | undefined,
              from: siteDayStart(day('from', '2000-01-01')),
              until: siteDayEnd(day('to', services.today())),
            };
            if (sub === 'recompute') return { output: differenceReport(await repair.differences(filter)) };
            const done = await repair.correct(context.actor, filter, need('reason'));
            return {
              output: [
                `corrected ${done.corrected.length.toString()}`,
                ...done.corrected.map(
                  (row) =>
                    `${row.username} ${row.periodKey}: ${formatMoney(row.difference)} (settlement ${row.settlementId.toString()})`,
                ),
                ...done.short.map(
                  (row) =>
                    `short: ${row.username} ${row.periodKey}: the balance does not cover ${formatMoney(-row.difference)}`,
                ),
              ].join('\n'),
              exitCode: done.short.length > 0 ? 1 : 0,
            };
          }
          default:
            throw new UsageError(`unknown: agents ${sub ?? ''}`, usageOf('agents'));
        }
      },
    },
  };
}
