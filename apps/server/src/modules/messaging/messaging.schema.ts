import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@platform/contract';
import { bytea, instant } from '../../db/columns.js';
import { member } from '../auth/auth.schema.js';

/**
 * The messaging module's tables (its repositories write them; others read them through db/schema.ts).
 */

/** Platform messages to one member; the messaging issue adds sending and reading. */
export const memberMessage = pgTable(
  'member_message',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>().notNull(),
    createdAt: instant('created_at').notNull(),
    readAt: instant('read_at'),
    /** operator (sent by staff), system (sent by an event: a deposit credited), welcome */
    kind: text('kind').notNull().default('system'),
    /** who sent it: `admin:<name>`, `cli:<user>`, `event:<name>` */
    sentBy: text('sent_by'),
    /**
     * a system message's event (`<type>:<reference>`): an event delivered again (the cashier outbox
     * delivers at least once) adds no second message
     */
    eventKey: text('event_key'),
  },
  (table) => [
    index('member_message_member_idx').on(table.memberId, table.readAt),
    index('member_message_list_idx').on(table.memberId, table.id),
    uniqueIndex('member_message_event_key').on(table.memberId, table.eventKey),
  ],
);

/** Labels the operator puts on members to address messages to a segment (messaging module). */
export const memberTag = pgTable(
  'member_tag',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.tag] }),
    index('member_tag_tag_idx').on(table.tag),
  ],
);

/** Chat rooms (messaging module): the lobby, one per language, VIP rooms from a rank level. */
export const chatRoom = pgTable('chat_room', {
  code: text('code').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  /** the room's language; null: everyone's (the lobby) */
  language: text('language'),
  minRankLevel: smallint('min_rank_level').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** What members said in a room; `text` after the word filter, shown by pages as text only. */
export const chatMessage = pgTable(
  'chat_message',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    room: text('room')
      .notNull()
      .references(() => chatRoom.code),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    rankLevel: smallint('rank_level').notNull(),
    text: text('text').notNull(),
    createdAt: instant('created_at').notNull(),
    /** removed by a moderator: kept for the record, shown to nobody */
    deletedAt: instant('deleted_at'),
    deletedBy: text('deleted_by'),
  },
  (table) => [
    index('chat_message_room_idx').on(table.room, table.id),
    index('chat_message_member_idx').on(table.memberId, table.createdAt),
  ],
);

/** The last message a member read per room: unReadCount is what came after it. */
export const chatRead = pgTable(
  'chat_read',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    room: text('room').notNull(),
    lastReadId: bigint('last_read_id', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.room] })],
);

/** A member a moderator silenced until a time. */
export const chatMute = pgTable('chat_mute', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => member.id, { onDelete: 'cascade' }),
  until: instant('until').notNull(),
  reason: text('reason').notNull(),
  mutedBy: text('muted_by').notNull(),
});

/** The operator's word filter: each word is replaced by asterisks in new messages. */
export const chatWord = pgTable('chat_word', {
  word: text('word').primaryKey(),
});

/** What members tell the operator through the feedback form (SPEC section 7, PUT /wps/feedback). */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    text: text('text').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('feedback_created_idx').on(table.createdAt)],
);

/** A feedback's images, re-encoded by the image intake (never the uploaded bytes). */
export const feedbackImage = pgTable(
  'feedback_image',
  {
    feedbackId: bigint('feedback_id', { mode: 'bigint' })
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.feedbackId, table.position] })],
);
