import { parseArgs } from 'node:util';
import {
  isSettingKey,
  maintenanceSchema,
  settingDefinitions,
  settingKeys,
  type LocalizedText,
  type SettingKey,
} from '@platform/contract';
import type { AppDeps } from '../../app.js';
import { AppError } from '../../lib/errors.js';
import type { ContentService } from '../content/content.service.js';
import type { GameService } from '../game/game.service.js';
import { isValidIpRange } from '../system/location.service.js';
import type { SettingsService } from '../system/settings.service.js';
import { describeSchema } from './describe-schema.js';
import { operatorRepository } from './operator.repository.js';

export interface OperatorResult {
  /** 0 done, 1 refused (bad value, not found), 2 the command line itself was wrong */
  exitCode: number;
  output: string;
}

/** A command line that cannot be understood; answered with the usage of that command. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

interface Outcome {
  output: string;
  /** present when something changed: written to operator_audit */
  audit?: { command: string; detail: Record<string, unknown> };
}

const usage = {
  settings: [
    'settings list                      every setting and its current value',
    'settings get KEY                   one setting, and what it accepts',
    'settings set KEY VALUE             VALUE is JSON (a bare word is taken as a string)',
    'settings reset KEY                 back to the default',
  ],
  maintenance: [
    'maintenance on [--until ISO8601]   every /wps call answers 503 MAINTENANCE; the site shows the end time',
    'maintenance off',
  ],
  region: [
    'region list',
    'region block-country CC           ISO 3166-1 alpha-2, e.g. US',
    'region unblock-country CC',
    'region block-ip CIDR              an address or a range, IPv4 or IPv6, e.g. 203.0.113.0/24',
    'region unblock-ip CIDR',
  ],
  banners: [
    'content banners list [--group G]',
    'content banners add --group G --image URL --title-bn T --title-en T',
    '                    [--linkage-type NONE|ROUTE|URL|PROMOTION] [--linkage X] [--order N]',
    'content banners remove ID',
  ],
  announcements: [
    'content announcements list',
    'content announcements add --type B|PL|PU|PR|H --title-bn T --title-en T --content-bn T --content-en T',
    '                          [--execution B|L] [--published ISO8601] [--expires ISO8601]',
    'content announcements remove ID',
  ],
  promotions: [
    'content promotions list',
    'content promotions add --category C --image URL --title-bn T --title-en T --summary-bn T --summary-en T',
    '                       --content-bn T --content-en T [--starts ISO8601] [--ends ISO8601] [--order N]',
    'content promotions remove ID',
  ],
  help: [
    'content help sections list',
    'content help sections add --title-bn T --title-en T [--order N]',
    'content help sections remove ID      (removes its articles too)',
    'content help articles list [--section ID]',
    'content help articles add --section ID --title-bn T --title-en T --content-bn T --content-en T [--order N]',
    'content help articles remove ID',
  ],
  vendors: [
    'vendors list',
    'vendors add --vassalage V --category C --title T [--hot] [--icon URL] [--classify X] [--order N]',
    '            (a SPORTS vendor listed in site.esportsVendors shows under ESPORTS)',
    'vendors remove VASSALAGE',
  ],
  audit: ['audit [--limit N]                  the latest operator actions'],
} as const;
type UsageTopic = keyof typeof usage;

const usageOf = (...topics: UsageTopic[]): string =>
  ['Usage:', ...topics.flatMap((topic) => usage[topic].map((line) => `  ${line}`))].join('\n');
const fullUsage = (): string =>
  `Operator tool: change settings and content without code or SQL.\n\n${usageOf(...(Object.keys(usage) as UsageTopic[]))}`;

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;
type ParsedValues<O extends OptionSpec> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string;
};

/** node:util parseArgs with our usage on every mistake; positionals are returned beside the options. */
function parse<O extends OptionSpec>(
  args: string[],
  options: O,
  topic: UsageTopic,
  positionalCount: number,
): { values: ParsedValues<O>; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), usageOf(topic));
  }
  if (parsed.positionals.length !== positionalCount) {
    const expected = positionalCount === 0 ? 'no' : String(positionalCount);
    throw new UsageError(
      `expected ${expected} argument${positionalCount === 1 ? '' : 's'} here, got: ${parsed.positionals.join(' ') || 'none'}`,
      usageOf(topic),
    );
  }
  return { values: parsed.values as ParsedValues<O>, positionals: parsed.positionals };
}

function requireFlag(value: string | undefined, flag: string, topic: UsageTopic): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`missing --${flag}`, usageOf(topic));
  return value;
}

function optionalInteger(value: string | undefined, flag: string, topic: UsageTopic): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d{1,7}$/.test(value.trim()))
    throw new UsageError(`--${flag} must be a whole number, got ${value}`, usageOf(topic));
  return Number(value);
}

/** The text of one field in Bengali and English, from --NAME-bn and --NAME-en. */
function textFlags(
  values: Record<string, string | boolean | undefined>,
  name: string,
  topic: UsageTopic,
): LocalizedText {
  const read = (flag: string) => {
    const value = values[flag];
    return requireFlag(typeof value === 'string' ? value : undefined, flag, topic);
  };
  return { bn: read(`${name}-bn`), en: read(`${name}-en`) };
}

const textOptions = (...names: string[]): OptionSpec =>
  Object.fromEntries(
    names.flatMap((name) => [
      [`${name}-bn`, { type: 'string' }],
      [`${name}-en`, { type: 'string' }],
    ]),
  );

/** Issues name the service's fields; the operator typed flags. */
function renamePaths(error: unknown, flags: Record<string, string>): unknown {
  if (!(error instanceof AppError) || !error.issues) return error;
  return new AppError(
    error.code,
    error.message,
    error.issues.map((issue) => {
      const [head = '', ...rest] = issue.path.split('.');
      const flag =
        flags[issue.path] ??
        (flags[head] ? `${flags[head]}${rest.length ? `.${rest.join('.')}` : ''}` : issue.path);
      return { path: flag, message: issue.message };
    }),
  );
}

async function withFlags<T>(flags: Record<string, string>, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw renamePaths(error, flags);
  }
}

/** Plain aligned columns: operators read this in a terminal. */
function table(header: string[], rows: string[][]): string {
  if (rows.length === 0) return '(none)';
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  return all
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const iso = (date: Date | null): string => (date ? date.toISOString() : '-');
const clip = (text: string, length = 40): string =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

export class OperatorService {
  constructor(
    private readonly deps: AppDeps,
    private readonly settings: SettingsService,
    private readonly content: ContentService,
    private readonly game: GameService,
  ) {}

  /** Runs one command line; never throws for a mistake of the operator, which is reported in output. */
  async run(args: string[], actor: string): Promise<OperatorResult> {
    try {
      const outcome = await this.dispatch(args);
      if (outcome.audit) {
        await operatorRepository.insertAudit(this.deps.db, {
          at: this.deps.clock.now(),
          actor,
          command: outcome.audit.command,
          detail: outcome.audit.detail,
        });
      }
      return { exitCode: 0, output: outcome.output };
    } catch (error) {
      if (error instanceof UsageError) return { exitCode: 2, output: `${error.message}\n\n${error.usage}` };
      if (error instanceof AppError) {
        const issues = (error.issues ?? []).map((issue) => `  ${issue.path || '(value)'}: ${issue.message}`);
        return { exitCode: 1, output: [`${error.code}: ${error.message}`, ...issues].join('\n') };
      }
      throw error;
    }
  }

  private async dispatch(args: string[]): Promise<Outcome> {
    const [command, ...rest] = args;
    switch (command) {
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        return { output: fullUsage() };
      case 'settings':
        return this.settingsCommand(rest);
      case 'maintenance':
        return this.maintenanceCommand(rest);
      case 'region':
        return this.regionCommand(rest);
      case 'content':
        return this.contentCommand(rest);
      case 'vendors':
        return this.vendorsCommand(rest);
      case 'audit':
        return this.auditCommand(rest);
      default:
        throw new UsageError(`unknown command: ${command}`, fullUsage());
    }
  }

  // settings

  private async settingsCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'settings', 0);
        const all = await this.settings.all();
        return { output: settingKeys.map((key) => `${key} = ${JSON.stringify(all[key])}`).join('\n') };
      }
      case 'get': {
        const [key = ''] = parse(rest, {}, 'settings', 1).positionals;
        const known = this.knownKey(key);
        const value = await this.settings.get(known);
        return {
          output: `${known} = ${JSON.stringify(value, null, 2)}\n\naccepts: ${describeSchema(settingDefinitions[known])}`,
        };
      }
      case 'set': {
        const [key = '', text = ''] = parse(rest, {}, 'settings', 2).positionals;
        const known = this.knownKey(key);
        const value = this.settingValue(known, text);
        try {
          await this.settings.set(known, value);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const current = await this.settings.get(known);
          throw new AppError(error.code, `${error.message}; nothing changed`, [
            ...(error.issues ?? []),
            { path: `${known} accepts`, message: describeSchema(settingDefinitions[known]) },
            { path: `${known} is now`, message: JSON.stringify(current) },
          ]);
        }
        return {
          output: `${known} = ${JSON.stringify(await this.settings.get(known))}`,
          audit: { command: 'settings set', detail: { key: known, value } },
        };
      }
      case 'reset': {
        const [key = ''] = parse(rest, {}, 'settings', 1).positionals;
        const known = this.knownKey(key);
        await this.settings.reset(known);
        return {
          output: `${known} reset to ${JSON.stringify(await this.settings.get(known))}`,
          audit: { command: 'settings reset', detail: { key: known } },
        };
      }
      default:
        throw new UsageError(
          sub ? `unknown settings command: ${sub}` : 'settings needs a command',
          usageOf('settings'),
        );
    }
  }

  private knownKey(key: string): SettingKey {
    if (isSettingKey(key)) return key;
    throw new AppError('VALIDATION_FAILED', `unknown setting "${key}"`, [
      { path: 'known settings', message: settingKeys.join(', ') },
    ]);
  }

  /**
   * JSON first; when that is not JSON or does not fit, the text itself (so `site.name Khela` works
   * without quotes). The schema decides, so `true` stays a boolean for a boolean setting.
   */
  private settingValue(key: SettingKey, text: string): unknown {
    const schema = settingDefinitions[key];
    let json: { ok: true; value: unknown } | { ok: false } = { ok: false };
    try {
      json = { ok: true, value: JSON.parse(text) };
    } catch {
      // not JSON: maybe a bare string
    }
    if (json.ok && schema.safeParse(json.value).success) return json.value;
    if (schema.safeParse(text).success) return text;
    return json.ok ? json.value : text;
  }

  // maintenance

  private async maintenanceCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    if (sub === 'on') {
      const { values } = parse(rest, { until: { type: 'string' } }, 'maintenance', 0);
      const endTime = values.until ?? null;
      if (endTime !== null) {
        if (!maintenanceSchema.shape.endTime.safeParse(endTime).success) {
          throw new UsageError(
            `--until must be an ISO 8601 instant such as 2026-12-01T06:00:00Z, got ${endTime}`,
            usageOf('maintenance'),
          );
        }
        if (Date.parse(endTime) <= this.deps.clock.now().getTime()) {
          throw new UsageError(`--until ${endTime} is already past`, usageOf('maintenance'));
        }
      }
      await this.settings.set('system.maintenance', { enabled: true, endTime });
      return {
        output: `maintenance on${endTime ? ` until ${endTime}` : ' (no end time shown)'}`,
        audit: { command: 'maintenance on', detail: { endTime } },
      };
    }
    if (sub === 'off') {
      parse(rest, {}, 'maintenance', 0);
      await this.settings.set('system.maintenance', { enabled: false, endTime: null });
      return { output: 'maintenance off', audit: { command: 'maintenance off', detail: {} } };
    }
    throw new UsageError(
      sub ? `unknown maintenance command: ${sub}` : 'maintenance needs on or off',
      usageOf('maintenance'),
    );
  }

  // region

  private async regionCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    const current = await this.settings.get('system.regionRestriction');
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'region', 0);
        const trustProxy = await this.settings.get('system.trustProxy');
        return {
          output: [
            `blocked countries: ${current.blockedCountries.join(', ') || '(none)'}`,
            `blocked IP ranges: ${current.blockedIpRanges.join(', ') || '(none)'}`,
            `caller IP from X-Forwarded-For: ${trustProxy ? 'yes (system.trustProxy is on)' : 'no (system.trustProxy is off)'}`,
          ].join('\n'),
        };
      }
      case 'block-country':
      case 'unblock-country': {
        const [raw = ''] = parse(rest, {}, 'region', 1).positionals;
        const country = raw.trim().toUpperCase();
        if (!/^[A-Z]{2}$/.test(country)) {
          throw new UsageError(
            `a country is a two-letter ISO 3166-1 code such as BD or US, got ${raw}`,
            usageOf('region'),
          );
        }
        const blocking = sub === 'block-country';
        const listed = current.blockedCountries.includes(country);
        if (blocking === listed)
          return { output: `${country} is ${listed ? 'already' : 'not'} blocked; nothing changed` };
        const blockedCountries = blocking
          ? [...current.blockedCountries, country]
          : current.blockedCountries.filter((item) => item !== country);
        await this.settings.set('system.regionRestriction', { ...current, blockedCountries });
        return {
          output: `${country} ${blocking ? 'blocked' : 'unblocked'}; blocked countries: ${blockedCountries.join(', ') || '(none)'}`,
          audit: { command: `region ${sub}`, detail: { country } },
        };
      }
      case 'block-ip':
      case 'unblock-ip': {
        const [range = ''] = parse(rest, {}, 'region', 1).positionals;
        const blocking = sub === 'block-ip';
        if (blocking && !isValidIpRange(range)) {
          throw new UsageError(`not an IP address or CIDR range: ${range}`, usageOf('region'));
        }
        const listed = current.blockedIpRanges.includes(range);
        if (blocking === listed)
          return { output: `${range} is ${listed ? 'already' : 'not'} blocked; nothing changed` };
        const blockedIpRanges = blocking
          ? [...current.blockedIpRanges, range]
          : current.blockedIpRanges.filter((item) => item !== range);
        await this.settings.set('system.regionRestriction', { ...current, blockedIpRanges });
        return {
          output: `${range} ${blocking ? 'blocked' : 'unblocked'}; blocked IP ranges: ${blockedIpRanges.join(', ') || '(none)'}`,
          audit: { command: `region ${sub}`, detail: { range } },
        };
      }
      default:
        throw new UsageError(
          sub ? `unknown region command: ${sub}` : 'region needs a command',
          usageOf('region'),
        );
    }
  }

  // content

  private async contentCommand(args: string[]): Promise<Outcome> {
    const [kind, ...rest] = args;
    switch (kind) {
      case 'banners':
        return this.bannersCommand(rest);
      case 'announcements':
        return this.announcementsCommand(rest);
      case 'promotions':
        return this.promotionsCommand(rest);
      case 'help':
        return this.helpCommand(rest);
      default:
        throw new UsageError(
          kind ? `unknown content kind: ${kind}` : 'content needs a kind',
          usageOf('banners', 'announcements', 'promotions', 'help'),
        );
    }
  }

  private async bannersCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        const { values } = parse(rest, { group: { type: 'string' } }, 'banners', 0);
        const rows = await withFlags({ '': '--group' }, this.content.listBanners(values.group));
        return {
          output: table(
            ['ID', 'GROUP', 'ORDER', 'ACTIVE', 'LINK', 'IMAGE', 'TITLE (en)'],
            rows.map((row) => [
              row.id,
              row.groupName,
              String(row.sortOrder),
              row.active ? 'yes' : 'no',
              row.linkageType === 'NONE' ? '-' : `${row.linkageType} ${row.linkage ?? ''}`,
              row.imageUrl,
              clip(row.title.en),
            ]),
          ),
        };
      }
      case 'add': {
        const { values } = parse(
          rest,
          {
            group: { type: 'string' },
            image: { type: 'string' },
            'linkage-type': { type: 'string' },
            linkage: { type: 'string' },
            order: { type: 'string' },
            ...textOptions('title'),
          },
          'banners',
          0,
        );
        const linkageType = values['linkage-type'] ?? (values.linkage ? undefined : 'NONE');
        const row = await withFlags(
          {
            groupName: '--group',
            imageUrl: '--image',
            linkageType: '--linkage-type',
            linkage: '--linkage',
            sortOrder: '--order',
            'title.bn': '--title-bn',
            'title.en': '--title-en',
            title: '--title-bn/--title-en',
          },
          this.content.addBanner({
            groupName: requireFlag(values.group, 'group', 'banners'),
            imageUrl: requireFlag(values.image, 'image', 'banners'),
            title: textFlags(values, 'title', 'banners'),
            linkageType: linkageType ?? 'NONE',
            linkage: values.linkage ?? null,
            sortOrder: optionalInteger(values.order, 'order', 'banners'),
          }),
        );
        return {
          output: `banner ${row.id} added to ${row.groupName}`,
          audit: { command: 'content banners add', detail: { ...row } },
        };
      }
      case 'remove':
        return this.remove(rest, 'banners', 'content banners remove', (id) => this.content.removeBanner(id));
      default:
        throw new UsageError(
          sub ? `unknown banners command: ${sub}` : 'banners needs a command',
          usageOf('banners'),
        );
    }
  }

  private async announcementsCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'announcements', 0);
        const rows = await this.content.listAnnouncements();
        return {
          output: table(
            ['ID', 'TYPE', 'EXEC', 'PUBLISHED', 'EXPIRES', 'TITLE (en)'],
            rows.map((row) => [
              row.id,
              row.type,
              row.execution,
              iso(row.publishedAt),
              iso(row.expiresAt),
              clip(row.title.en),
            ]),
          ),
        };
      }
      case 'add': {
        const { values } = parse(
          rest,
          {
            type: { type: 'string' },
            execution: { type: 'string' },
            published: { type: 'string' },
            expires: { type: 'string' },
            ...textOptions('title', 'content'),
          },
          'announcements',
          0,
        );
        const row = await withFlags(
          {
            type: '--type',
            execution: '--execution',
            publishedAt: '--published',
            expiresAt: '--expires',
            'title.bn': '--title-bn',
            'title.en': '--title-en',
            'content.bn': '--content-bn',
            'content.en': '--content-en',
            title: '--title-bn/--title-en',
            content: '--content-bn/--content-en',
          },
          this.content.addAnnouncement({
            type: requireFlag(values.type, 'type', 'announcements'),
            execution: values.execution ?? 'B',
            title: textFlags(values, 'title', 'announcements'),
            content: textFlags(values, 'content', 'announcements'),
            publishedAt: values.published,
            expiresAt: values.expires ?? null,
          }),
        );
        return {
          output: `announcement ${row.id} added (${row.type}, published ${iso(row.publishedAt)}${row.expiresAt ? `, expires ${iso(row.expiresAt)}` : ''})`,
          audit: { command: 'content announcements add', detail: { ...row } },
        };
      }
      case 'remove':
        return this.remove(rest, 'announcements', 'content announcements remove', (id) =>
          this.content.removeAnnouncement(id),
        );
      default:
        throw new UsageError(
          sub ? `unknown announcements command: ${sub}` : 'announcements needs a command',
          usageOf('announcements'),
        );
    }
  }

  private async promotionsCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'promotions', 0);
        const rows = await this.content.listPromotions();
        return {
          output: table(
            ['ID', 'CATEGORY', 'ORDER', 'STARTS', 'ENDS', 'TITLE (en)'],
            rows.map((row) => [
              row.id,
              row.category,
              String(row.sortOrder),
              iso(row.startsAt),
              iso(row.endsAt),
              clip(row.title.en),
            ]),
          ),
        };
      }
      case 'add': {
        const { values } = parse(
          rest,
          {
            category: { type: 'string' },
            image: { type: 'string' },
            starts: { type: 'string' },
            ends: { type: 'string' },
            order: { type: 'string' },
            ...textOptions('title', 'summary', 'content'),
          },
          'promotions',
          0,
        );
        const row = await withFlags(
          {
            category: '--category',
            imageUrl: '--image',
            startsAt: '--starts',
            endsAt: '--ends',
            sortOrder: '--order',
            'title.bn': '--title-bn',
            'title.en': '--title-en',
            'summary.bn': '--summary-bn',
            'summary.en': '--summary-en',
            'content.bn': '--content-bn',
            'content.en': '--content-en',
            title: '--title-bn/--title-en',
            summary: '--summary-bn/--summary-en',
            content: '--content-bn/--content-en',
          },
          this.content.addPromotion({
            category: requireFlag(values.category, 'category', 'promotions'),
            imageUrl: requireFlag(values.image, 'image', 'promotions'),
            title: textFlags(values, 'title', 'promotions'),
            summary: textFlags(values, 'summary', 'promotions'),
            content: textFlags(values, 'content', 'promotions'),
            startsAt: values.starts,
            endsAt: values.ends ?? null,
            sortOrder: optionalInteger(values.order, 'order', 'promotions'),
          }),
        );
        return {
          output: `promotion ${row.id} added (${row.category}, from ${iso(row.startsAt)}${row.endsAt ? ` to ${iso(row.endsAt)}` : ''})`,
          audit: { command: 'content promotions add', detail: { ...row } },
        };
      }
      case 'remove':
        return this.remove(rest, 'promotions', 'content promotions remove', (id) =>
          this.content.removePromotion(id),
        );
      default:
        throw new UsageError(
          sub ? `unknown promotions command: ${sub}` : 'promotions needs a command',
          usageOf('promotions'),
        );
    }
  }

  private async helpCommand(args: string[]): Promise<Outcome> {
    const [kind, sub, ...rest] = args;
    const key = `${kind ?? ''} ${sub ?? ''}`;
    switch (key) {
      case 'sections list': {
        parse(rest, {}, 'help', 0);
        const rows = await this.content.listHelpSections();
        return {
          output: table(
            ['ID', 'ORDER', 'TITLE (en)', 'TITLE (bn)'],
            rows.map((row) => [row.id, String(row.sortOrder), clip(row.title.en), clip(row.title.bn)]),
          ),
        };
      }
      case 'sections add': {
        const { values } = parse(rest, { order: { type: 'string' }, ...textOptions('title') }, 'help', 0);
        const row = await withFlags(
          {
            sortOrder: '--order',
            'title.bn': '--title-bn',
            'title.en': '--title-en',
            title: '--title-bn/--title-en',
          },
          this.content.addHelpSection({
            title: textFlags(values, 'title', 'help'),
            sortOrder: optionalInteger(values.order, 'order', 'help'),
          }),
        );
        return {
          output: `help section ${row.id} added`,
          audit: { command: 'content help sections add', detail: { ...row } },
        };
      }
      case 'sections remove':
        return this.remove(rest, 'help', 'content help sections remove', (id) =>
          this.content.removeHelpSection(id),
        );
      case 'articles list': {
        const { values } = parse(rest, { section: { type: 'string' } }, 'help', 0);
        const rows = await this.content.listHelpArticles(values.section);
        return {
          output: table(
            ['ID', 'SECTION', 'ORDER', 'TITLE (en)'],
            rows.map((row) => [row.id, row.sectionId, String(row.sortOrder), clip(row.title.en)]),
          ),
        };
      }
      case 'articles add': {
        const { values } = parse(
          rest,
          { section: { type: 'string' }, order: { type: 'string' }, ...textOptions('title', 'content') },
          'help',
          0,
        );
        const row = await withFlags(
          {
            sectionId: '--section',
            sortOrder: '--order',
            'title.bn': '--title-bn',
            'title.en': '--title-en',
            'content.bn': '--content-bn',
            'content.en': '--content-en',
            title: '--title-bn/--title-en',
            content: '--content-bn/--content-en',
          },
          this.content.addHelpArticle({
            sectionId: requireFlag(values.section, 'section', 'help'),
            title: textFlags(values, 'title', 'help'),
            content: textFlags(values, 'content', 'help'),
            sortOrder: optionalInteger(values.order, 'order', 'help'),
          }),
        );
        return {
          output: `help article ${row.id} added to ${row.sectionId}`,
          audit: { command: 'content help articles add', detail: { ...row } },
        };
      }
      case 'articles remove':
        return this.remove(rest, 'help', 'content help articles remove', (id) =>
          this.content.removeHelpArticle(id),
        );
      default:
        throw new UsageError(`unknown help command: ${key.trim() || '(none)'}`, usageOf('help'));
    }
  }

  // vendors

  private async vendorsCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'vendors', 0);
        const [rows, esports] = await Promise.all([
          this.game.listVendors(),
          this.settings.get('site.esportsVendors'),
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
          'vendors',
          0,
        );
        const input = {
          vassalage: requireFlag(values.vassalage, 'vassalage', 'vendors'),
          category: requireFlag(values.category, 'category', 'vendors').toUpperCase(),
          title: requireFlag(values.title, 'title', 'vendors'),
          isHot: values.hot ?? false,
          smallIcon: values.icon ?? null,
          gameClassify: values.classify ?? null,
          sortOrder: optionalInteger(values.order, 'order', 'vendors'),
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
          this.game.addVendor(input),
        );
        return {
          output: `vendor ${row.vassalage} added to ${row.category}`,
          audit: { command: 'vendors add', detail: { ...row } },
        };
      }
      case 'remove':
        return this.remove(rest, 'vendors', 'vendors remove', (id) => this.game.removeVendor(id));
      default:
        throw new UsageError(
          sub ? `unknown vendors command: ${sub}` : 'vendors needs a command',
          usageOf('vendors'),
        );
    }
  }

  // audit

  private async auditCommand(args: string[]): Promise<Outcome> {
    const { values } = parse(args, { limit: { type: 'string' } }, 'audit', 0);
    const limit = optionalInteger(values.limit, 'limit', 'audit') ?? 20;
    if (limit < 1 || limit > 1000)
      throw new UsageError('--limit must be between 1 and 1000', usageOf('audit'));
    const rows = await operatorRepository.recentAudit(this.deps.db, limit);
    return {
      output: table(
        ['AT', 'ACTOR', 'COMMAND', 'DETAIL'],
        rows.map((row) => [iso(row.at), row.actor, row.command, clip(JSON.stringify(row.detail), 80)]),
      ),
    };
  }

  private async remove(
    args: string[],
    topic: UsageTopic,
    command: string,
    removeOne: (id: string) => Promise<void>,
  ): Promise<Outcome> {
    const [id = ''] = parse(args, {}, topic, 1).positionals;
    await removeOne(id);
    return { output: `${id} removed`, audit: { command, detail: { id } } };
  }
}
