import {
  iso,
  clip,
  optionalInteger,
  parse,
  removeOne,
  requireFlag,
  table,
  textFlags,
  textOptions,
  unknownCommand,
  usagePrinter,
  UsageError,
  withFlags,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { ContentService } from './content.service.js';

const usage = {
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
} as const;
const usageOf = usagePrinter(usage);

interface Services {
  content: ContentService;
}

/** content banners|announcements|promotions|help: what the site shows. */
export function contentOperatorCommands(s: Services): OperatorCommands {
  return { usage, commands: { content: (args) => contentCommand(s, args) } };
}

async function contentCommand(s: Services, args: string[]): Promise<Outcome> {
  const [kind, ...rest] = args;
  switch (kind) {
    case 'banners':
      return bannersCommand(s, rest);
    case 'announcements':
      return announcementsCommand(s, rest);
    case 'promotions':
      return promotionsCommand(s, rest);
    case 'help':
      return helpCommand(s, rest);
    default:
      throw new UsageError(
        kind ? `unknown content kind: ${kind}` : 'content needs a kind',
        usageOf('banners', 'announcements', 'promotions', 'help'),
      );
  }
}

async function bannersCommand(s: Services, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      const { values } = parse(rest, { group: { type: 'string' } }, usageOf('banners'), 0);
      const rows = await withFlags({ '': '--group' }, s.content.listBanners(values.group));
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
        usageOf('banners'),
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
        s.content.addBanner({
          groupName: requireFlag(values.group, 'group', usageOf('banners')),
          imageUrl: requireFlag(values.image, 'image', usageOf('banners')),
          title: textFlags(values, 'title', usageOf('banners')),
          linkageType: linkageType ?? 'NONE',
          linkage: values.linkage ?? null,
          sortOrder: optionalInteger(values.order, 'order', usageOf('banners')),
        }),
      );
      return {
        output: `banner ${row.id} added to ${row.groupName}`,
        audit: { command: 'content banners add', detail: { ...row } },
      };
    }
    case 'remove':
      return removeOne(rest, usageOf('banners'), 'content banners remove', (id) =>
        s.content.removeBanner(id),
      );
    default:
      throw unknownCommand('banners', sub, usageOf('banners'));
  }
}

async function announcementsCommand(s: Services, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      parse(rest, {}, usageOf('announcements'), 0);
      const rows = await s.content.listAnnouncements();
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
        usageOf('announcements'),
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
        s.content.addAnnouncement({
          type: requireFlag(values.type, 'type', usageOf('announcements')),
          execution: values.execution ?? 'B',
          title: textFlags(values, 'title', usageOf('announcements')),
          content: textFlags(values, 'content', usageOf('announcements')),
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
      return removeOne(rest, usageOf('announcements'), 'content announcements remove', (id) =>
        s.content.removeAnnouncement(id),
      );
    default:
      throw unknownCommand('announcements', sub, usageOf('announcements'));
  }
}

async function promotionsCommand(s: Services, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      parse(rest, {}, usageOf('promotions'), 0);
      const rows = await s.content.listPromotions();
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
        usageOf('promotions'),
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
        s.content.addPromotion({
          category: requireFlag(values.category, 'category', usageOf('promotions')),
          imageUrl: requireFlag(values.image, 'image', usageOf('promotions')),
          title: textFlags(values, 'title', usageOf('promotions')),
          summary: textFlags(values, 'summary', usageOf('promotions')),
          content: textFlags(values, 'content', usageOf('promotions')),
          startsAt: values.starts,
          endsAt: values.ends ?? null,
          sortOrder: optionalInteger(values.order, 'order', usageOf('promotions')),
        }),
      );
      return {
        output: `promotion ${row.id} added (${row.category}, from ${iso(row.startsAt)}${row.endsAt ? ` to ${iso(row.endsAt)}` : ''})`,
        audit: { command: 'content promotions add', detail: { ...row } },
      };
    }
    case 'remove':
      return removeOne(rest, usageOf('promotions'), 'content promotions remove', (id) =>
        s.content.removePromotion(id),
      );
    default:
      throw unknownCommand('promotions', sub, usageOf('promotions'));
  }
}

async function helpCommand(s: Services, args: string[]): Promise<Outcome> {
  const [kind, sub, ...rest] = args;
  const key = `${kind ?? ''} ${sub ?? ''}`;
  switch (key) {
    case 'sections list': {
      parse(rest, {}, usageOf('help'), 0);
      const rows = await s.content.listHelpSections();
      return {
        output: table(
          ['ID', 'ORDER', 'TITLE (en)', 'TITLE (bn)'],
          rows.map((row) => [row.id, String(row.sortOrder), clip(row.title.en), clip(row.title.bn)]),
        ),
      };
    }
    case 'sections add': {
      const { values } = parse(
        rest,
        { order: { type: 'string' }, ...textOptions('title') },
        usageOf('help'),
        0,
      );
      const row = await withFlags(
        {
          sortOrder: '--order',
          'title.bn': '--title-bn',
          'title.en': '--title-en',
          title: '--title-bn/--title-en',
        },
        s.content.addHelpSection({
          title: textFlags(values, 'title', usageOf('help')),
          sortOrder: optionalInteger(values.order, 'order', usageOf('help')),
        }),
      );
      return {
        output: `help section ${row.id} added`,
        audit: { command: 'content help sections add', detail: { ...row } },
      };
    }
    case 'sections remove':
      return removeOne(rest, usageOf('help'), 'content help sections remove', (id) =>
        s.content.removeHelpSection(id),
      );
    case 'articles list': {
      const { values } = parse(rest, { section: { type: 'string' } }, usageOf('help'), 0);
      const rows = await s.content.listHelpArticles(values.section);
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
        usageOf('help'),
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
        s.content.addHelpArticle({
          sectionId: requireFlag(values.section, 'section', usageOf('help')),
          title: textFlags(values, 'title', usageOf('help')),
          content: textFlags(values, 'content', usageOf('help')),
          sortOrder: optionalInteger(values.order, 'order', usageOf('help')),
        }),
      );
      return {
        output: `help article ${row.id} added to ${row.sectionId}`,
        audit: { command: 'content help articles add', detail: { ...row } },
      };
    }
    case 'articles remove':
      return removeOne(rest, usageOf('help'), 'content help articles remove', (id) =>
        s.content.removeHelpArticle(id),
      );
    default:
      throw new UsageError(`unknown help command: ${key.trim() || '(none)'}`, usageOf('help'));
  }
}
