import {
  parse,
  usagePrinter,
  UsageError,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { HierarchyService } from './hierarchy.service.js';

const usage = {
  agents: [
    'agents move --member USERNAME --upline USERNAME|none',
    '            (the member and its whole team go below the agent; settled periods are not touched)',
  ],
} as const;
const usageOf = usagePrinter(usage);

/** agents: the operator's commands on the agent tree. */
export function agentOperatorCommands({ hierarchy }: { hierarchy: HierarchyService }): OperatorCommands {
  return {
    usage,
    commands: {
      agents: async (args, context): Promise<Outcome> => {
        const [sub, ...rest] = args;
        if (sub !== 'move') throw new UsageError(`unknown: agents ${sub ?? ''}`, usageOf('agents'));
        const { values } = parse(
          rest,
          { member: { type: 'string' }, upline: { type: 'string' } },
          usageOf('agents'),
          0,
        );
        if (typeof values.member !== 'string' || typeof values.upline !== 'string') {
          throw new UsageError('--member and --upline are both required', usageOf('agents'));
        }
        // Audited by the service, in the move's own transaction.
        const moved = await hierarchy.moveMember(context.actor, {
          member: values.member,
          upline: values.upline === 'none' ? null : values.upline,
        });
        return { output: `${moved.member}: upline ${moved.from ?? 'none'} -> ${moved.to ?? 'none'}` };
      },
    },
  };
}
