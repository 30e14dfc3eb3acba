import {
  optionalInteger,
  parse,
  removeOne,
  requireFlag,
  table,
  unknownCommand,
  usagePrinter,
  withFlags,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { SettingsService } from '../system/index.js';
import type { GameService } from './game.service.js';

const usage = {
  vendors: [
    'vendors list',
    'vendors add --vassalage V --category C --title T [--hot] [--icon URL] [--classify X] [--order N]',
    '            (a SPORTS vendor listed in site.esportsVendors shows under ESPORTS)',
    'vendors remove VASSALAGE',
  ],
} as const;
const usageOf = usagePrinter(usage);

interface Services {
  game: GameService;
  settings: Pick<SettingsService, 'get'>;
}

/** vendors: the game vendors in the lobby. */
export function gameOperatorCommands(s: Services): OperatorCommands {
  return { usage, commands: { vendors: (args) => vendorsCommand(s, args) } };
}

async function vendorsCommand(s: Services, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      parse(rest, {}, usageOf('vendors'), 0);
      const [rows, esports] = await Promise.all([
        s.game.listVendors(),
        s.settings.get('site.esportsVendors'),
      ]);
      return {
        output: table(
          ['VASSALAGE', 'CATEGORY', 'SHOWN AS', 'ORDER', 'HOT', 'ACTIVE', 'TITLE'],
          rows.map((row) => [
            row.vassalage,
            row.category,
            row.category === 'SPORTS' && esports.includes(row.vassalage) ? 'ESPORTS' : row.category,
            String(row.sortOrder),
            row.isHot ? 'yes' : 'no',
            row.active ? 'yes' : 'no',
            row.title,
          ]),
        ),
      };
    }
    case 'add': {
      const { values } = parse(
        rest,
        {
          vassalage: { type: 'string' },
          category: { type: 'string' },
          title: { type: 'string' },
          hot: { type: 'boolean' },
          icon: { type: 'string' },
          classify: { type: 'string' },
          order: { type: 'string' },
        },
        usageOf('vendors'),
        0,
      );
      const input = {
        vassalage: requireFlag(values.vassalage, 'vassalage', usageOf('vendors')),
        category: requireFlag(values.category, 'category', usageOf('vendors')).toUpperCase(),
        title: requireFlag(values.title, 'title', usageOf('vendors')),
        isHot: values.hot ?? false,
        smallIcon: values.icon ?? null,
        gameClassify: values.classify ?? null,
        sortOrder: optionalInteger(values.order, 'order', usageOf('vendors')),
      };
      const row = await withFlags(
        {
          vassalage: '--vassalage',
          category: '--category',
          title: '--title',
          smallIcon: '--icon',
          gameClassify: '--classify',
          sortOrder: '--order',
        },
        s.game.addVendor(input),
      );
      return {
        output: `vendor ${row.vassalage} added to ${row.category}`,
        audit: { command: 'vendors add', detail: { ...row } },
      };
    }
    case 'remove':
      return removeOne(rest, usageOf('vendors'), 'vendors remove', (id) => s.game.removeVendor(id));
    default:
      throw unknownCommand('vendors', sub, usageOf('vendors'));
  }
}
