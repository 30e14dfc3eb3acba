import { randomBytes } from 'node:crypto';
import {
  createMallItemBodySchema,
  mallItemStockBodySchema,
  rankParamsSchema,
  setRankBodySchema,
  updateMallItemBodySchema,
} from '@platform/contract';
import {
  contractInput,
  optionalInteger,
  optionalTextFlags,
  pagedStatusQuery,
  parse,
  requireFlag,
  table,
  textFlags,
  textOptions,
  unknownCommand,
  usagePrinter,
  UsageError,
  wholeNumber,
  yesNo,
  type CommandContext,
  type OperatorCommands,
  type Outcome,
  withFlags,
} from '../../lib/operator-cli.js';
import type { Actor } from '../audit/index.js';
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
    'mall set ITEM [--name-bn T --name-en T] [--desc-bn T --desc-en T] [--points N] [--bonus AMOUNT]',
    '         [--limit N] [--image URL] [--stock N] [--active yes|no]',
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

/** The operator's flags of the contract's fields (a refusal names the flag typed). */
const MALL_FLAGS = {
  kind: '--kind',
  name: '--name-bn/--name-en',
  description: '--desc-bn/--desc-en',
  imageUrl: '--image',
  points: '--points',
  bonus: '--bonus',
  stock: '--stock',
  perMemberLimit: '--limit',
};
const RANK_FLAGS = {
  level: 'LEVEL',
  labelName: '--label',
  color: '--color',
  color2: '--color2',
  minDeposit: '--min-deposit',
  minValidBet: '--min-valid-bet',
  upgradeGift: '--upgrade-gift',
  monthlyGift: '--monthly-gift',
};

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
      mall: (args, context) => mallCommand(s, args, { actor: context.actor }),
      rank: (args, context) => rankCommand(s, args, { actor: context.actor }),
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

/** Each change is audited by the mall service, as the admin calls' are. */
async function mallCommand(s: { mall: MallService }, args: string[], by: Actor): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'items': {
      parse(rest, {}, usageOf('mall'), 0);
      const items = await s.mall.adminItems();
      return {
        output: table(
          ['ITEM', 'KIND', 'NAME', 'POINTS', 'BONUS', 'STOCK', 'LIMIT', 'ACTIVE'],
          items.map((item) => [
            item.id,
            item.kind,
            item.name.en,
            String(item.points),
            item.bonus ?? '-',
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
      const body = contractInput(
        createMallItemBodySchema,
        {
          kind: requireFlag(values.kind, 'kind', usageOf('mall')),
          name: textFlags(values, 'name', usageOf('mall')),
          description: textFlags(values, 'desc', usageOf('mall')),
          imageUrl: values.image ?? null,
          points: wholeNumber(requireFlag(values.points, 'points', usageOf('mall'))),
          bonus: values.bonus ?? null,
          stock: wholeNumber(requireFlag(values.stock, 'stock', usageOf('mall'))),
          perMemberLimit: wholeNumber(requireFlag(values.limit, 'limit', usageOf('mall'))),
        },
        MALL_FLAGS,
        usageOf('mall'),
      );
      const item = await s.mall.createItem(by, body);
      return { output: `${item.id} added` };
    }
    case 'set': {
      const { values, positionals } = parse(
        rest,
        {
          stock: { type: 'string' },
          limit: { type: 'string' },
          points: { type: 'string' },
          bonus: { type: 'string' },
          image: { type: 'string' },
          active: { type: 'string' },
          ...textOptions('name', 'desc'),
        },
        usageOf('mall'),
        1,
      );
      const item = positionals[0] ?? '';
      const edit = {
        name: optionalTextFlags(values, 'name', usageOf('mall')),
        description: optionalTextFlags(values, 'desc', usageOf('mall')),
        imageUrl: values.image,
        points: wholeNumber(values.points),
        bonus: values.bonus,
        perMemberLimit: wholeNumber(values.limit),
      };
      const stock =
        values.stock === undefined
          ? undefined
          : contractInput(
              mallItemStockBodySchema,
              { stock: wholeNumber(values.stock) },
              MALL_FLAGS,
              usageOf('mall'),
            ).stock;
      const active = yesNo(values.active, 'active', usageOf('mall'));
      const editing = Object.values(edit).some((value) => value !== undefined);
      if (!editing && stock === undefined && active === undefined)
        throw new UsageError('nothing to set', usageOf('mall'));
      // Checked whole before anything changes: a bad flag changes nothing.
      const body = editing
        ? contractInput(updateMallItemBodySchema, edit, MALL_FLAGS, usageOf('mall'))
        : null;
      const apply = async () => {
        if (body) await s.mall.updateItem(by, item, body);
        if (stock !== undefined) await s.mall.setStock(by, item, stock);
        if (active !== undefined) await s.mall.setActive(by, item, active);
      };
      await withFlags(MALL_FLAGS, apply());
      return { output: `${item} updated` };
    }
    default:
      throw unknownCommand('mall', sub, usageOf('mall'));
  }
}

/** Each change is audited by the rank service, as the admin call's is. */
async function rankCommand(s: { ranks: RankService }, args: string[], by: Actor): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      parse(rest, {}, usageOf('rank'), 0);
      const ranks = await s.ranks.adminList();
      return {
        output: table(
          ['LEVEL', 'LABEL', 'COLORS', 'MIN DEPOSIT', 'MIN VALID BET', 'UPGRADE GIFT', 'MONTHLY GIFT'],
          ranks.map((rank) => [
            String(rank.rankLevel),
            rank.labelName,
            `${rank.color} ${rank.color2}`,
            rank.minDeposit,
            rank.minValidBet,
            rank.upgradeGift,
            rank.monthlyGift,
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
      const { level } = contractInput(
        rankParamsSchema,
        { level: positionals[0] },
        RANK_FLAGS,
        usageOf('rank'),
      );
      const flag = (name: keyof typeof values) => requireFlag(values[name], name, usageOf('rank'));
      const body = contractInput(
        setRankBodySchema,
        {
          labelName: flag('label'),
          color: flag('color'),
          color2: flag('color2'),
          minDeposit: flag('min-deposit'),
          minValidBet: flag('min-valid-bet'),
          upgradeGift: flag('upgrade-gift'),
          monthlyGift: flag('monthly-gift'),
        },
        RANK_FLAGS,
        usageOf('rank'),
      );
      await s.ranks.set(by, level, body);
      return { output: `rank ${level} (${body.labelName}) set` };
    }
    case 'remove': {
      const [text = ''] = parse(rest, {}, usageOf('rank'), 1).positionals;
      const level = optionalInteger(text, 'LEVEL', usageOf('rank')) ?? -1;
      if (!(await s.ranks.remove(by, level))) throw new UsageError(`no rank ${text}`, usageOf('rank'));
      return { output: `rank ${level} removed` };
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
