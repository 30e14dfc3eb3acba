import {
  clip,
  optionalInteger,
  table,
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
import type { ChatService } from './chat.service.js';
import type { FeedbackService } from './feedback.service.js';
import type { MessageService } from './message.service.js';

const usage = {
  messages: [
    'messages send (--to ACCOUNT | --rank MIN[-MAX] | --team AGENT_ACCOUNT | --tag TAG | --everyone)',
    '              --title-bn T --title-en T --body-bn T --body-en T',
    "messages tag ACCOUNT [TAG ...]      (replaces the member's tags; none clears them)",
  ],
  feedback: ['feedback list [--page N]'],
  chat: [
    'chat mute ACCOUNT --minutes N --reason TEXT',
    'chat unmute ACCOUNT',
    'chat delete MESSAGE_ID',
    'chat words [WORD ...]               (no words: lists the filter; words: replaces it)',
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
export function messagingOperatorCommands(s: {
  messages: MessageService;
  chat: ChatService;
  feedback: FeedbackService;
}): OperatorCommands {
  return {
    usage,
    commands: {
      messages: (args, context) => messagesCommand(s, args, context),
      chat: (args, context) => chatCommand(s, args, context),
      feedback: (args) => feedbackCommand(s, args),
    },
  };
}

async function feedbackCommand(s: { feedback: FeedbackService }, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  if (sub !== 'list') throw unknownCommand('feedback', sub, usageOf('feedback'));
  const { values } = parse(rest, { page: { type: 'string' } }, usageOf('feedback'), 0);
  const pageNo = optionalInteger(values.page, 'page', usageOf('feedback')) ?? 1;
  if (pageNo < 1) throw new UsageError('--page must be 1 or more', usageOf('feedback'));
  const page = await s.feedback.list(pageNo, 20);
  return {
    output: `${table(
      ['ID', 'ACCOUNT', 'CATEGORY', 'IMAGES', 'AT', 'TEXT'],
      page.list.map((row) => [
        row.id,
        row.account,
        row.category,
        String(row.images),
        row.createdAt,
        clip(row.text, 60),
      ]),
    )}\npage ${page.pageNo} of ${page.totalPages}`,
  };
}

async function chatCommand(
  s: { chat: ChatService },
  args: string[],
  context: CommandContext,
): Promise<Outcome> {
  const [sub, ...rest] = args;
  const by = { actor: context.actor };
  switch (sub) {
    case 'mute': {
      const { values, positionals } = parse(
        rest,
        { minutes: { type: 'string' }, reason: { type: 'string' } },
        usageOf('chat'),
        1,
      );
      const minutes = optionalInteger(
        requireFlag(values.minutes, 'minutes', usageOf('chat')),
        'minutes',
        usageOf('chat'),
      );
      const done = await s.chat.mute(
        {
          account: positionals[0] ?? '',
          minutes: minutes ?? 0,
          reason: requireFlag(values.reason, 'reason', usageOf('chat')),
        },
        by,
      );
      return { output: `${done.account} muted until ${done.until}` };
    }
    case 'unmute': {
      const [account = ''] = parse(rest, {}, usageOf('chat'), 1).positionals;
      await s.chat.unmute(account, by);
      return { output: `${account} may chat again` };
    }
    case 'delete': {
      const [id = ''] = parse(rest, {}, usageOf('chat'), 1).positionals;
      if (!/^\d{1,18}$/.test(id)) throw new UsageError('MESSAGE_ID is a number', usageOf('chat'));
      await s.chat.deleteMessage(id, by);
      return { output: `message ${id} removed` };
    }
    case 'words': {
      if (rest.length === 0) return { output: (await s.chat.words()).words.join('\n') || '(none)' };
      const done = await s.chat.setWords(rest, by);
      return { output: `${done.words.length} word${done.words.length === 1 ? '' : 's'} in the filter` };
    }
    default:
      throw unknownCommand('chat', sub, usageOf('chat'));
  }
}

async function messagesCommand(
  s: { messages: MessageService; chat: ChatService },
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
