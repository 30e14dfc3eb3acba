import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
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
  UsageError,
} from '../../lib/operator-cli.js';
import { formatMoney } from '@platform/contract';
import type { SettingsService } from '../system/index.js';
import type { GameCatalogueService, GameChanges } from './game-catalogue.service.js';
import type { GameService } from './game.service.js';

const usage = {
  vendors: [
    'vendors list',
    'vendors add --vassalage V --category C --title T [--hot] [--icon URL] [--classify X] [--order N]',
    '            (a SPORTS vendor listed in site.esportsVendors shows under ESPORTS)',
    'vendors remove VASSALAGE',
  ],
  games: [
    'games list [--vendor VASSALAGE]',
    'games import FILE.json|FILE.csv   (adds new games, updates those a vendor has by game code; all or none)',
    '            JSON: an array of {vassalage, gameCode, gameName, gameClassify?, minBet?, minLineNum?,',
    '            platform?, imageUrl?, isHot?, isNew?, enabled?, sortOrder?}; CSV: the same names as a',
    '            header row, platform as html5-desktop|html5, booleans as true/false',
    'games set NODE_ID [--enabled true|false] [--hot true|false] [--new true|false] [--order N]',
  ],
} as const;

/** A game file larger than this is not a game list. */
const GAME_FILE_MAX_BYTES = 20 * 1024 * 1024;
const usageOf = usagePrinter(usage);

interface Services {
  game: GameService;
  catalogue: GameCatalogueService;
  settings: Pick<SettingsService, 'get'>;
}

/** vendors: the game vendors in the lobby. */
export function gameOperatorCommands(s: Services): OperatorCommands {
  return {
    usage,
    commands: { vendors: (args) => vendorsCommand(s, args), games: (args) => gamesCommand(s, args) },
  };
}

async function gamesCommand(s: Services, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      const { values } = parse(rest, { vendor: { type: 'string' } }, usageOf('games'), 0);
      const rows = await s.catalogue.listGames(values.vendor ?? null);
      return {
        output: table(
          ['NODE ID', 'NAME', 'CLASSIFY', 'MIN BET', 'ORDER', 'HOT', 'NEW', 'ENABLED'],
          rows.map((row) => [
            row.nodeId,
            row.gameName,
            row.gameClassify ?? '-',
            formatMoney(row.minBet),
            String(row.sortOrder),
            row.isHot ? 'yes' : 'no',
            row.isNew ? 'yes' : 'no',
            row.enabled ? 'yes' : 'no',
          ]),
        ),
      };
    }
    case 'import': {
      const { positionals } = parse(rest, {}, usageOf('games'), 1);
      const file = positionals[0] as string;
      const rows = await readGameFile(file, usageOf('games'));
      const vendors = new Set((await s.game.listVendors()).map((vendor) => vendor.vassalage));
      const result = await s.catalogue.importGames(rows, vendors);
      return {
        output: `${result.added} games added, ${result.updated} updated`,
        audit: { command: 'games import', detail: { file: path.basename(file), ...result } },
      };
    }
    case 'set': {
      const { values, positionals } = parse(
        rest,
        {
          enabled: { type: 'string' },
          hot: { type: 'string' },
          new: { type: 'string' },
          order: { type: 'string' },
        },
        usageOf('games'),
        1,
      );
      const nodeId = positionals[0] as string;
      const changes: GameChanges = {};
      const enabled = booleanFlag(values.enabled, 'enabled', usageOf('games'));
      const isHot = booleanFlag(values.hot, 'hot', usageOf('games'));
      const isNew = booleanFlag(values.new, 'new', usageOf('games'));
      const sortOrder = optionalInteger(values.order, 'order', usageOf('games'));
      if (enabled !== undefined) changes.enabled = enabled;
      if (isHot !== undefined) changes.isHot = isHot;
      if (isNew !== undefined) changes.isNew = isNew;
      if (sortOrder !== undefined) changes.sortOrder = sortOrder;
      if (Object.keys(changes).length === 0) {
        throw new UsageError(
          'games set needs at least one of --enabled, --hot, --new, --order',
          usageOf('games'),
        );
      }
      const row = await s.catalogue.changeGame(nodeId, changes);
      return {
        output: `game ${row.nodeId}: enabled ${row.enabled}, hot ${row.isHot}, new ${row.isNew}, order ${row.sortOrder}`,
        audit: { command: 'games set', detail: { nodeId, ...changes } },
      };
    }
    default:
      throw unknownCommand('games', sub, usageOf('games'));
  }
}

function booleanFlag(value: string | undefined, flag: string, usage: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError(`--${flag} must be true or false`, usage);
}

/** A game list as rows of fields: JSON (an array) or CSV (a header row), chosen by the file's name. */
async function readGameFile(file: string, usage: string): Promise<Record<string, unknown>[]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new UsageError(`cannot read ${file} (${reason})`, usage);
  }
  if (bytes.length > GAME_FILE_MAX_BYTES) throw new UsageError(`${file} is larger than 20 MB`, usage);
  const text = bytes.toString('utf8');
  if (/\.json$/i.test(file)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${file} is not JSON: ${(error as Error).message}`, usage);
    }
    if (!Array.isArray(parsed) || !parsed.every((row) => typeof row === 'object' && row !== null)) {
      throw new UsageError(`${file} must hold an array of games`, usage);
    }
    return parsed as Record<string, unknown>[];
  }
  if (/\.csv$/i.test(file)) {
    let records: Record<string, string>[];
    try {
      records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true });
    } catch (error) {
      throw new UsageError(`${file} is not CSV: ${(error as Error).message}`, usage);
    }
    return records.map(csvGame);
  }
  throw new UsageError(`${file}: give a .json or a .csv file`, usage);
}

/** CSV cells are text: empty ones are left out, and booleans, numbers and lists take their JSON shapes. */
function csvGame(record: Record<string, string>): Record<string, unknown> {
  const game: Record<string, unknown> = {};
  for (const [name, cell] of Object.entries(record)) {
    if (cell === '') continue;
    if (['isHot', 'isNew', 'enabled'].includes(name))
      game[name] = cell === 'true' ? true : cell === 'false' ? false : cell;
    else if (name === 'platform') game[name] = cell.split('|').map((part) => part.trim());
    else game[name] = cell;
  }
  return game;
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
