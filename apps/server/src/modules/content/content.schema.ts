import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@platform/contract';
import { bytea, createdAt } from '../../db/columns.js';

/**
 * The content module's tables (its repositories write them; others read them through db/schema.ts).
 */

/** What a content row keeps of its image's renditions (content_image_rendition): enough for a srcset. */
export interface StoredContentImage {
  id: string;
  width: number;
  height: number;
  widths: number[];
}

export const banner = pgTable(
  'banner',
  {
    id: text('id').primaryKey(),
    groupName: text('group_name').notNull(),
    imageUrl: text('image_url').notNull(),
    image: jsonb('image').$type<StoredContentImage>(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    subtitle: jsonb('subtitle').$type<LocalizedText>(),
    action: jsonb('action').$type<LocalizedText>(),
    linkageType: text('linkage_type').notNull(),
    linkage: text('linkage'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('banner_group_idx').on(table.groupName, table.sortOrder)],
);

export const announcement = pgTable(
  'announcement',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    execution: text('execution').notNull().default('B'),
    platform: text('platform').notNull().default('W'),
    /** all: the public list; agent: only the agent centre (ADR 067) */
    audience: text('audience').notNull().default('all'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    index('announcement_published_idx').on(table.audience, table.publishedAt),
    check('announcement_audience', sql`${table.audience} IN ('all', 'agent')`),
  ],
);

export const promotion = pgTable('promotion', {
  id: text('id').primaryKey(),
  category: text('category').notNull(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  summary: jsonb('summary').$type<LocalizedText>().notNull(),
  content: jsonb('content').$type<LocalizedText>().notNull(),
  imageUrl: text('image_url').notNull(),
  image: jsonb('image').$type<StoredContentImage>(),
  action: jsonb('action').$type<LocalizedText>(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const helpSection = pgTable('help_section', {
  id: text('id').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const helpArticle = pgTable('help_article', {
  id: text('id').primaryKey(),
  sectionId: text('section_id')
    .notNull()
    .references(() => helpSection.id, { onDelete: 'cascade' }),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  content: jsonb('content').$type<LocalizedText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * WebP renditions of banner and promotion images, made once when the content is added. image_id is a
 * hash of the source and the rendition settings, so a URL naming it can be cached for ever.
 */
export const contentImageRendition = pgTable(
  'content_image_rendition',
  {
    imageId: text('image_id').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.width] })],
);
