import { randomBytes } from 'node:crypto';
import { MONEY_PATTERN, parseMoney, formatMoney } from '@platform/contract';
import {
  optionalInteger,
  pagedStatusQuery,
  parse,
  requireFlag,
  table,
  textFlags,
  textOptions,
  unknownCommand,
  usagePrinter,
  UsageError,
  type CommandContext,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { MemberService } from '../member/index.js';
import type { MallService } from './mall.service.js';
import type { PointsService } from './points.service.js';
import type { RankService } from './rank.service.js';

const usage = {
  points: [
    'points adjust ACCOUNT POINTS --reason TEXT   (POINTS may be negative; audited)',
    'points accrue                               (valid bets of the last days earn their points now)',
    'points redeems [--status process|rejected|approved] [--page N]',
    'points approve REFERENCE                    (a bonus item credits the bonus account)',
    'points reject REFERENCE --reason TEXT       (the points and the stock come back)',
  ],
  mall: [
    'mall items',
    'mall add --kind physical|bonus --name-bn T --name-en T --desc-bn T --desc-en T --points N --stock N',
    '         --limit N [--bonus AMOUNT] [--image URL]',
    'mall set ITEM [--stock N] [--limit N] [--points N] [--active yes|no]',
  ],
  rank: [
    'rank list',
    'rank set LEVEL --label NAME --color #RRGGBB --color2 #RRGGBB --min-deposit AMOUNT --min-valid-bet AMOUNT',
    '         --upgrade-gift AMOUNT --monthly-gift AMOUNT',
    'rank remove LEVEL',
    'rank evaluate                               (every member now; relegation by loyalty.rank)',
  ],
} as const;
const usageOf = usagePrinter(usage);

const COLOR = /^#[0-9a-fA-F]{6}$/;

function money(value: string | undefined, flag: string, topic: 'mall' | 'rank'): bigint {
  const text = requireFlag(value, flag, usageOf(topic));
  if (!MONEY_PATTERN.test(text) || text.startsWith('-'))
    throw new UsageError(`--${flag} must be an amount such as 100 or 12.50`, usageOf(topic));
  return parseMoney(text);
}

function positive(value: string | undefined, flag: string, topic: 'points' | 'mall' | 'rank'): number {
  const number = optionalInteger(requireFlag(value, flag, usageOf(topic)), flag, usageOf(topic)) ?? 0;
  if (number < 1) throw new UsageError(`--${flag} must be 1 or more`, usageOf(topic));
  return number;
}

/** points, mall and rank: the loyalty module's operator commands (the same services as the admin calls). */
export function loyaltyOperatorCommands(s: {
  points: PointsService;
  mall: MallService;
  ranks: RankService;
  members: Pick<MemberService, 'byAccount'>;
}): OperatorCommands {
  return {
    usage,
    commands: {
      points: (args, context) => pointsCommand(s, args, context),
      mall: (args) => mallCommand(s, args),
      rank: (args) => rankCommand(s, args),
    },
  };
}

async function pointsCommand(
  s: Parameters<typeof loyaltyOperatorCommands>[0],
  args: string[],
  context: CommandContext,
): Promise<Outcome> {
  const [sub, ...rest] = args;
  const by = { actor: context.actor };
  switch (sub) {
    case 'adjust': {
      const { values, positionals } = parse(rest, { reason: { type: 'string' } }, usageOf('points'), 2);
      const reason = requireFlag(values.reason, 'reason', usageOf('points'));
      const [account = '', pointsText = ''] = positionals;
      if (!/^-?\d{1,10}$/.test(pointsText) || Number(pointsText) === 0)
        throw new UsageError('POINTS is a whole number other than 0', usageOf('points'));
      const found = await s.members.byAccount(account);
      if (!found) throw new UsageError(`no member with account ${account}`, usageOf('points'));
      const key = `${context.actor}:${account}:${randomBytes(8).toString('hex')}`;
      const balance = await s.points.adjust(found.id, BigInt(pointsText), key);
      return {
        output: `${account} now has ${balance} points`,
        audit: { command: 'points adjust', detail: { account, points: pointsText, reason } },
      };
    }
    case 'accrue': {
      parse(rest, {}, usageOf('points'), 0);
      const done = await s.points.accrueBets();
      return { output: `${done.points} points earned by ${done.members} members` };
    }
    case 'redeems': {
      const { status, pageNo } = pagedStatusQuery(rest, usageOf('points'));
      if (status !== undefined && !['process', 'rejected', 'approved'].includes(status))
        throw new UsageError('--status is process, rejected or approved', usageOf('points'));
      const page = await s.mall.adminRecords(status, pageNo, 20);
      return {
        output: `${table(
          ['REFERENCE', 'ACCOUNT', 'TYPE', 'NAME', 'QTY', 'POINTS', 'STATUS', 'APPLIED'],
          page.list.map((row) => [
            row.referenceNo,
            row.account,
            row.type,
            row.name,
            String(row.quantity),
            String(row.points),
            row.status,
            row.applyTime,
          ]),
        )}\npage ${page.pageNo} of ${Math.max(page.totalPages, 1)}`,
      };
    }
    case 'approve': {
      const [reference = ''] = parse(rest, {}, usageOf('points'), 1).positionals;
      const done = await s.mall.approve(reference, by);
      return { output: `${done.referenceNo} approved` };
    }
    case 'reject': {
      const { values, positionals } = parse(rest, { reason: { type: 'string' } }, usageOf('points'), 1);
      const reason = requireFlag(values.reason, 'reason', usageOf('points'));
      const done = await s.mall.reject(positionals[0] ?? '', reason, by);
      return { output: `${done.referenceNo} rejected; ${done.points} points refunded` };
    }
    default:
      throw unknownCommand('points', sub, usageOf('points'));
  }
}

async function mallCommand(s: { mall: MallService }, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'items': {
      parse(rest, {}, usageOf('mall'), 0);
      const items = await s.mall.allItems();
      return {
        output: table(
          ['ITEM', 'KIND', 'NAME', 'POINTS', 'BONUS', 'STOCK', 'LIMIT', 'ACTIVE'],
          items.map((item) => [
            item.publicId,
            item.kind,
            item.name.en,
            item.points.toString(),
            item.bonus === null ? '-' : formatMoney(item.bonus),
            String(item.stock),
            String(item.perMemberLimit),
            item.active ? 'yes' : 'no',
          ]),
        ),
      };
    }
    case 'add': {
      const { values } = parse(
        rest,
        {
          kind: { type: 'string' },
          points: { type: 'string' },
          stock: { type: 'string' },
          limit: { type: 'string' },
          bonus: { type: 'string' },
          image: { type: 'string' },
          ...textOptions('name', 'desc'),
        },
        usageOf('mall'),
        0,
      );
      const kind = requireFlag(values.kind, 'kind', usageOf('mall'));
      if (kind !== 'physical' && kind !== 'bonus')
        throw new UsageError('--kind is physical or bonus', usageOf('mall'));
      const bonus = kind === 'bonus' ? money(values.bonus, 'bonus', 'mall') : null;
      const item = await s.mall.addItem({
        publicId: `itm_${randomBytes(6).toString('hex')}`,
        kind,
        name: textFlags(values, 'name', usageOf('mall')),
        description: textFlags(values, 'desc', usageOf('mall')),
        imageUrl: values.image ?? null,
        points: BigInt(positive(values.points, 'points', 'mall')),
        bonus,
        stock:
          optionalInteger(requireFlag(values.stock, 'stock', usageOf('mall')), 'stock', usageOf('mall')) ?? 0,
        perMemberLimit: positive(values.limit, 'limit', 'mall'),
      });
      return {
        output: `${item.publicId} added`,
        audit: { command: 'mall add', detail: { item: item.publicId, kind, stock: item.stock } },
      };
    }
    case 'set': {
      const { values, positionals } = parse(
        rest,
        {
          stock: { type: 'string' },
          limit: { type: 'string' },
          points: { type: 'string' },
          active: { type: 'string' },
        },
        usageOf('mall'),
        1,
      );
      const item = positionals[0] ?? '';
      const set: Parameters<MallService['setItem']>[1] = {};
      if (values.stock !== undefined) {
        const stock = optionalInteger(values.stock, 'stock', usageOf('mall')) ?? 0;
        if (stock < 0) throw new UsageError('--stock must be 0 or more', usageOf('mall'));
        set.stock = stock;
      }
      if (values.limit !== undefined) set.perMemberLimit = positive(values.limit, 'limit', 'mall');
      if (values.points !== undefined) set.points = BigInt(positive(values.points, 'points', 'mall'));
      if (values.active !== undefined) {
        if (values.active !== 'yes' && values.active !== 'no')
          throw new UsageError('--active is yes or no', usageOf('mall'));
        set.active = values.active === 'yes';
      }
      if (Object.keys(set).length === 0) throw new UsageError('nothing to set', usageOf('mall'));
      if (!(await s.mall.setItem(item, set))) throw new UsageError(`no item ${item}`, usageOf('mall'));
      const detail = Object.fromEntries(Object.entries(set).map(([key, value]) => [key, String(value)]));
      return { output: `${item} updated`, audit: { command: 'mall set', detail: { item, ...detail } } };
    }
    default:
      throw unknownCommand('mall', sub, usageOf('mall'));
  }
}

async function rankCommand(s: { ranks: RankService }, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      parse(rest, {}, usageOf('rank'), 0);
      const ranks = await s.ranks.list();
      return {
        output: table(
          ['LEVEL', 'LABEL', 'COLORS', 'MIN DEPOSIT', 'MIN VALID BET', 'UPGRADE GIFT', 'MONTHLY GIFT'],
          ranks.map((rank) => [
            String(rank.level),
            rank.labelName,
            `${rank.color} ${rank.color2}`,
            formatMoney(rank.minDeposit),
            formatMoney(rank.minValidBet),
            formatMoney(rank.upgradeGift),
            formatMoney(rank.monthlyGift),
          ]),
        ),
      };
    }
    case 'set': {
      const { values, positionals } = parse(
        rest,
        {
          label: { type: 'string' },
          color: { type: 'string' },
          color2: { type: 'string' },
          'min-deposit': { type: 'string' },
          'min-valid-bet': { type: 'string' },
          'upgrade-gift': { type: 'string' },
          'monthly-gift': { type: 'string' },
        },
        usageOf('rank'),
        1,
      );
      const level = optionalInteger(positionals[0], 'LEVEL', usageOf('rank')) ?? -1;
      if (level < 0 || level > 20) throw new UsageError('LEVEL is 0 to 20', usageOf('rank'));
      const color = requireFlag(values.color, 'color', usageOf('rank'));
      const color2 = requireFlag(values.color2, 'color2', usageOf('rank'));
      if (!COLOR.test(color) || !COLOR.test(color2))
        throw new UsageError('colours are #RRGGBB', usageOf('rank'));
      const label = requireFlag(values.label, 'label', usageOf('rank')).trim();
      if (!/^[\p{L}\p{N} _-]{1,32}$/u.test(label))
        throw new UsageError('--label is 1 to 32 letters, digits, spaces, _ or -', usageOf('rank'));
      const row = {
        level,
        labelName: label,
        color,
        color2,
        minDeposit: money(values['min-deposit'], 'min-deposit', 'rank'),
        minValidBet: money(values['min-valid-bet'], 'min-valid-bet', 'rank'),
        upgradeGift: money(values['upgrade-gift'], 'upgrade-gift', 'rank'),
        monthlyGift: money(values['monthly-gift'], 'monthly-gift', 'rank'),
      };
      await s.ranks.set(row);
      return {
        output: `rank ${level} (${label}) set`,
        audit: {
          command: 'rank set',
          detail: {
            level,
            label,
            minDeposit: formatMoney(row.minDeposit),
            minValidBet: formatMoney(row.minValidBet),
            upgradeGift: formatMoney(row.upgradeGift),
            monthlyGift: formatMoney(row.monthlyGift),
          },
        },
      };
    }
    case 'remove': {
      const [text = ''] = parse(rest, {}, usageOf('rank'), 1).positionals;
      const level = optionalInteger(text, 'LEVEL', usageOf('rank')) ?? -1;
      if (!(await s.ranks.remove(level))) throw new UsageError(`no rank ${text}`, usageOf('rank'));
      return { output: `rank ${level} removed`, audit: { command: 'rank remove', detail: { level } } };
    }
    case 'evaluate': {
      parse(rest, {}, usageOf('rank'), 0);
      const done = await s.ranks.evaluateAll();
      return { output: `${done.members} members evaluated; ${done.changed} changed rank` };
    }
    default:
      throw unknownCommand('rank', sub, usageOf('rank'));
  }
}
