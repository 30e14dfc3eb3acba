import { readFile } from 'node:fs/promises';
import {
  iso,
  clip,
  optionalInteger,
  optionalTextFlags,
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
    'content banners add --group G (--image URL | --image-file PATH) --title-bn T --title-en T',
    '                    [--subtitle-bn T --subtitle-en T] [--action-bn T --action-en T]',
    '                    [--linkage-type NONE|ROUTE|URL|PROMOTION] [--linkage X] [--order N]',
    '    --image-file: an SVG, PNG, JPEG or WebP, cut to 3:1 and made into WebP renditions now',
    'content banners texts ID [--title-bn T --title-en T] [--subtitle-bn T --subtitle-en T | --no-subtitle]',
    '                    [--action-bn T --action-en T | --no-action]',
    'content banners remove ID',
  ],
  announcements: [
    'content announcements list',
    'content announcements add --type B|PL|PU|PR|H [--audience all|agent] --title-bn T --title-en T --content-bn T --content-en T',
    '                          [--execution B|L] [--published ISO8601] [--expires ISO8601]',
    'content announcements remove ID',
  ],
  promotions: [
    'content promotions list',
    'content promotions add --category C (--image URL | --image-file PATH) --title-bn T --title-en T',
    '                       --summary-bn T --summary-en T --content-bn T --content-en T',
    '                       [--action-bn T --action-en T] [--starts ISO8601] [--ends ISO8601] [--order N]',
    '    --image-file: an SVG, PNG, JPEG or WebP, cut to 12:5 and made into WebP renditions now',
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

/** Larger than any sensible banner source; the operator gets a clear refusal instead of a slow run. */
const IMAGE_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** `--image URL` or `--image-file PATH`, exactly one; the file is read here, checked by the service. */
async function imageFlags(
  values: { image?: string | undefined; 'image-file'?: string | undefined },
  usage: string,
): Promise<{ imageUrl?: string; file?: Buffer }> {
  const url = values.image;
  const path = values['image-file'];
  if (url !== undefined && path !== undefined) {
    throw new UsageError('give --image or --image-file, not both', usage);
  }
  if (path === undefined) return { imageUrl: requireFlag(url, 'image', usage) };
  let file: Buffer;
  try {
    file = await readFile(path);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new UsageError(`cannot read --image-file ${path} (${reason})`, usage);
  }
  if (file.length > IMAGE_FILE_MAX_BYTES) {
    throw new UsageError(`--image-file is larger than ${IMAGE_FILE_MAX_BYTES / 1024 / 1024} MB`, usage);
  }
  return { file };
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

const BANNER_FLAGS = {
  groupName: '--group',
  imageUrl: '--image',
  linkageType: '--linkage-type',
  linkage: '--linkage',
  sortOrder: '--order',
  'title.bn': '--title-bn',
  'title.en': '--title-en',
  title: '--title-bn/--title-en',
  'subtitle.bn': '--subtitle-bn',
  'subtitle.en': '--subtitle-en',
  subtitle: '--subtitle-bn/--subtitle-en',
  'action.bn': '--action-bn',
  'action.en': '--action-en',
  action: '--action-bn/--action-en',
};

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
          'image-file': { type: 'string' },
          'linkage-type': { type: 'string' },
          linkage: { type: 'string' },
          order: { type: 'string' },
          ...textOptions('title', 'subtitle', 'action'),
        },
        usageOf('banners'),
        0,
      );
      const linkageType = values['linkage-type'] ?? (values.linkage ? undefined : 'NONE');
      const groupName = requireFlag(values.group, 'group', usageOf('banners'));
      const { file, ...image } = await imageFlags(values, usageOf('banners'));
      const title = textFlags(values, 'title', usageOf('banners'));
      const subtitle = optionalTextFlags(values, 'subtitle', usageOf('banners')) ?? null;
      const action = optionalTextFlags(values, 'action', usageOf('banners')) ?? null;
      const row = await withFlags(
        { ...BANNER_FLAGS, imageFile: '--image-file' },
        s.content.addBanner(
          {
            groupName,
            ...image,
            title,
            subtitle,
            action,
            linkageType: linkageType ?? 'NONE',
            linkage: values.linkage ?? null,
            sortOrder: optionalInteger(values.order, 'order', usageOf('banners')),
          },
          file,
        ),
      );
      return {
        output: `banner ${row.id} added to ${row.groupName}${row.image ? ` (renditions ${row.image.widths.join(', ')} px wide)` : ''}`,
        audit: { command: 'content banners add', detail: { ...row } },
      };
    }
    case 'texts': {
      const { values, positionals } = parse(
        rest,
        {
          'no-subtitle': { type: 'boolean' },
          'no-action': { type: 'boolean' },
          ...textOptions('title', 'subtitle', 'action'),
        },
        usageOf('banners'),
        1,
      );
      const id = positionals[0] ?? '';
      const title = optionalTextFlags(values, 'title', usageOf('banners'));
      const subtitle = optionalTextFlags(values, 'subtitle', usageOf('banners'));
      const action = optionalTextFlags(values, 'action', usageOf('banners'));
      if ((subtitle && values['no-subtitle']) || (action && values['no-action'])) {
        throw new UsageError('a text and its --no- flag contradict each other', usageOf('banners'));
      }
      const texts = {
        ...(title ? { title } : {}),
        ...(subtitle ? { subtitle } : values['no-subtitle'] ? { subtitle: null } : {}),
        ...(action ? { action } : values['no-action'] ? { action: null } : {}),
      };
      const row = await withFlags(BANNER_FLAGS, s.content.setBannerTexts(id, texts));
      return {
        output: `banner ${row.id} texts changed`,
        audit: { command: 'content banners texts', detail: { id: row.id, ...texts } },
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
          ['ID', 'TYPE', 'EXEC', 'AUDIENCE', 'PUBLISHED', 'EXPIRES', 'TITLE (en)'],
          rows.map((row) => [
            row.id,
            row.type,
            row.execution,
            row.audience,
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
          audience: { type: 'string' },
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
          audience: '--audience',
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
          audience: values.audience ?? 'all',
          title: textFlags(values, 'title', usageOf('announcements')),
          content: textFlags(values, 'content', usageOf('announcements')),
          publishedAt: values.published,
          expiresAt: values.expires ?? null,
        }),
      );
      return {
        output: `announcement ${row.id} added (${row.type}${row.audience === 'agent' ? ', agents only' : ''}, published ${iso(row.publishedAt)}${row.expiresAt ? `, expires ${iso(row.expiresAt)}` : ''})`,
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
          'image-file': { type: 'string' },
          starts: { type: 'string' },
          ends: { type: 'string' },
          order: { type: 'string' },
          ...textOptions('title', 'summary', 'content', 'action'),
        },
        usageOf('promotions'),
        0,
      );
      const category = requireFlag(values.category, 'category', usageOf('promotions'));
      const { file, ...image } = await imageFlags(values, usageOf('promotions'));
      const texts = {
        title: textFlags(values, 'title', usageOf('promotions')),
        summary: textFlags(values, 'summary', usageOf('promotions')),
        content: textFlags(values, 'content', usageOf('promotions')),
        action: optionalTextFlags(values, 'action', usageOf('promotions')) ?? null,
      };
      const row = await withFlags(
        {
          category: '--category',
          imageUrl: '--image',
          imageFile: '--image-file',
          'action.bn': '--action-bn',
          'action.en': '--action-en',
          action: '--action-bn/--action-en',
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
        s.content.addPromotion(
          {
            category,
            ...image,
            ...texts,
            startsAt: values.starts,
            endsAt: values.ends ?? null,
            sortOrder: optionalInteger(values.order, 'order', usageOf('promotions')),
          },
          file,
        ),
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
