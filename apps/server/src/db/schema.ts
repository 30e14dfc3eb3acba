import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@platform/contract';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Operator settings, one row per key; values are validated by the contract's settingDefinitions. */
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const banner = pgTable(
  'banner',
  {
    id: text('id').primaryKey(),
    groupName: text('group_name').notNull(),
    imageUrl: text('image_url').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
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
    title: jsonb('title').$type<LocalizedText>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
  },
  (table) => [index('announcement_published_idx').on(table.publishedAt)],
);

export const promotion = pgTable('promotion', {
  id: text('id').primaryKey(),
  category: text('category').notNull(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  summary: jsonb('summary').$type<LocalizedText>().notNull(),
  content: jsonb('content').$type<LocalizedText>().notNull(),
  imageUrl: text('image_url').notNull(),
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

/** A game provider shown as a tab in a lobby; games themselves arrive with the games issue. */
export const gameVendor = pgTable('game_vendor', {
  vassalage: text('vassalage').primaryKey(),
  category: text('category').notNull(),
  title: text('title').notNull(),
  isHot: boolean('is_hot').notNull().default(false),
  smallIcon: text('small_icon'),
  gameClassify: text('game_classify'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Every operator action, whoever ran it and how. */
export const operatorAudit = pgTable('operator_audit', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  at: timestamp('at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  actor: text('actor').notNull(),
  command: text('command').notNull(),
  detail: jsonb('detail').notNull(),
});

/** Facts about the database itself, e.g. that the demo content was seeded once (so it never returns). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
