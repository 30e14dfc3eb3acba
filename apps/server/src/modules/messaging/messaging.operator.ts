import {
  parse,
  requireFlag,
  textFlags,
  textOptions,
  unknownCommand,
  usagePrinter,
  UsageError,
  withFlags,
  type CommandContext,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import { messageAudienceSchema, type MessageAudience } from '@platform/contract';
import type { MessageService } from './message.service.js';

const usage = {
  messages: [
    'messages send (--to ACCOUNT | --rank MIN[-MAX] | --team AGENT_ACCOUNT | --tag TAG | --everyone)',
    '              --title-bn T --title-en T --body-bn T --body-en T',
    "messages tag ACCOUNT [TAG ...]      (replaces the member's tags; none clears them)",
  ],
} as const;
const usageOf = usagePrinter(usage);

function audienceOf(values: Record<string, string | boolean | undefined>): MessageAudience {
  const given = ['to', 'rank', 'team', 'tag', 'everyone'].filter((flag) => values[flag] !== undefined);
  if (given.length !== 1) {
    throw new UsageError('give exactly one of --to, --rank, --team, --tag, --everyone', usageOf('messages'));
  }
  let audience: unknown;
  if (typeof values.to === 'string') audience = { kind: 'member', account: values.to };
  else if (typeof values.team === 'string') audience = { kind: 'team', agentAccount: values.team };
  else if (typeof values.tag === 'string') audience = { kind: 'tag', tag: values.tag };
  else if (values.everyone === true) audience = { kind: 'everyone' };
  else {
    const match = /^(\d{1,2})(?:-(\d{1,2}))?$/.exec(String(values.rank));
    if (!match) throw new UsageError('--rank is MIN or MIN-MAX, e.g. 3 or 2-4', usageOf('messages'));
    audience = {
      kind: 'rank',
      minLevel: Number(match[1]),
      ...(match[2] ? { maxLevel: Number(match[2]) } : {}),
    };
  }
  const parsed = messageAudienceSchema.safeParse(audience);
  if (!parsed.success)
    throw new UsageError(`bad audience: ${parsed.error.issues[0]?.message ?? ''}`, usageOf('messages'));
  return parsed.data;
}

/** messages send|tag: platform messages from the operator tool (the same service as the admin call). */
export function messagingOperatorCommands(s: { messages: MessageService }): OperatorCommands {
  return { usage, commands: { messages: (args, context) => messagesCommand(s, args, context) } };
}

async function messagesCommand(
  s: { messages: MessageService },
  args: string[],
  context: CommandContext,
): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'send': {
      const { values } = parse(
        rest,
        {
          to: { type: 'string' },
          rank: { type: 'string' },
          team: { type: 'string' },
          tag: { type: 'string' },
          everyone: { type: 'boolean' },
          ...textOptions('title', 'body'),
        },
        usageOf('messages'),
        0,
      );
      const audience = audienceOf(values);
      const title = textFlags(values, 'title', usageOf('messages'));
      const body = textFlags(values, 'body', usageOf('messages'));
      const sent = await withFlags(
        { title: '--title-bn/--title-en', body: '--body-bn/--body-en' },
        s.messages.send({ audience, title, body }, { actor: context.actor }),
      );
      return { output: `message sent to ${sent.recipients} member${sent.recipients === 1 ? '' : 's'}` };
    }
    case 'tag': {
      const { positionals } = parse(rest, {}, usageOf('messages'), rest.length);
      const [account, ...tags] = positionals;
      const done = await s.messages.setTags(requireFlag(account, 'account', usageOf('messages')), tags, {
        actor: context.actor,
      });
      return { output: `tags of ${account}: ${done.tags.join(', ') || '(none)'}` };
    }
    default:
      throw unknownCommand('messages', sub, usageOf('messages'));
  }
}
