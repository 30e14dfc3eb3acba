import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  announcement,
  banner,
  contentImageRendition,
  helpArticle,
  helpSection,
  promotion,
} from './content.schema.js';

export type BannerRow = typeof banner.$inferSelect;
export type NewBannerRow = typeof banner.$inferInsert;
export type AnnouncementRow = typeof announcement.$inferSelect;
export type NewAnnouncementRow = typeof announcement.$inferInsert;
export type PromotionRow = typeof promotion.$inferSelect;
export type NewPromotionRow = typeof promotion.$inferInsert;
export type HelpSectionRow = typeof helpSection.$inferSelect;
export type NewHelpSectionRow = typeof helpSection.$inferInsert;
export type HelpArticleRow = typeof helpArticle.$inferSelect;
export type NewRenditionRow = typeof contentImageRendition.$inferInsert;
export type NewHelpArticleRow = typeof helpArticle.$inferInsert;

export interface AnnouncementFilter {
  /** the public list reads `all` only: an agent announcement never leaks into it (ADR 067) */
  audience: 'all' | 'agent';
  types: string[] | undefined;
  platform: string;
  executions: string[];
  now: Date;
  limit: number;
  offset: number;
}

function announcementWhere(filter: Omit<AnnouncementFilter, 'limit' | 'offset'>): SQL | undefined {
  return and(
    eq(announcement.active, true),
    eq(announcement.audience, filter.audience),
    eq(announcement.platform, filter.platform),
    inArray(announcement.execution, filter.executions),
    filter.types ? inArray(announcement.type, filter.types) : undefined,
    lte(announcement.publishedAt, filter.now),
    or(isNull(announcement.expiresAt), gt(announcement.expiresAt, filter.now)),
  );
}

const currentPromotion = (now: Date) =>
  and(
    eq(promotion.active, true),
    lte(promotion.startsAt, now),
    or(isNull(promotion.endsAt), gt(promotion.endsAt, now)),
  );

export const contentRepository = {
  async activeBanners(db: Executor, groupName: string): Promise<BannerRow[]> {
    return db
      .select()
      .from(banner)
      .where(and(eq(banner.groupName, groupName), eq(banner.active, true)))
      .orderBy(asc(banner.sortOrder), asc(banner.createdAt), asc(banner.id));
  },
  async allBanners(db: Executor, groupName?: string): Promise<BannerRow[]> {
    return db
      .select()
      .from(banner)
      .where(groupName ? eq(banner.groupName, groupName) : undefined)
      .orderBy(asc(banner.groupName), asc(banner.sortOrder), asc(banner.id));
  },
  async insertBanner(db: Executor, row: NewBannerRow): Promise<void> {
    await db.insert(banner).values(row);
  },
  /** Only the texts; null leaves a text as it is. Returns false when there is no such banner. */
  async updateBannerTexts(
    db: Executor,
    id: string,
    texts: Partial<Pick<BannerRow, 'title' | 'subtitle' | 'action'>>,
  ): Promise<BannerRow | undefined> {
    const [row] = await db.update(banner).set(texts).where(eq(banner.id, id)).returning();
    return row;
  },
  async deleteBanner(db: Executor, id: string): Promise<boolean> {
    return (await db.delete(banner).where(eq(banner.id, id)).returning({ id: banner.id })).length > 0;
  },

  async publishedAnnouncements(db: Executor, filter: AnnouncementFilter): Promise<AnnouncementRow[]> {
    return db
      .select()
      .from(announcement)
      .where(announcementWhere(filter))
      .orderBy(desc(announcement.publishedAt), asc(announcement.id))
      .limit(filter.limit)
      .offset(filter.offset);
  },
  async countPublishedAnnouncements(
    db: Executor,
    filter: Omit<AnnouncementFilter, 'limit' | 'offset'>,
  ): Promise<number> {
    const [row] = await db.select({ total: count() }).from(announcement).where(announcementWhere(filter));
    return row?.total ?? 0;
  },
  async allAnnouncements(db: Executor): Promise<AnnouncementRow[]> {
    return db.select().from(announcement).orderBy(desc(announcement.publishedAt), asc(announcement.id));
  },
  async insertAnnouncement(db: Executor, row: NewAnnouncementRow): Promise<void> {
    await db.insert(announcement).values(row);
  },
  async deleteAnnouncement(db: Executor, id: string): Promise<boolean> {
    return (
      (await db.delete(announcement).where(eq(announcement.id, id)).returning({ id: announcement.id }))
        .length > 0
    );
  },

  async currentPromotions(db: Executor, now: Date, category?: string): Promise<PromotionRow[]> {
    return db
      .select()
      .from(promotion)
      .where(and(currentPromotion(now), category ? eq(promotion.category, category) : undefined))
      .orderBy(asc(promotion.sortOrder), desc(promotion.startsAt), asc(promotion.id));
  },
  async currentPromotion(db: Executor, now: Date, id: string): Promise<PromotionRow | undefined> {
    const [row] = await db
      .select()
      .from(promotion)
      .where(and(eq(promotion.id, id), currentPromotion(now)));
    return row;
  },
  async allPromotions(db: Executor): Promise<PromotionRow[]> {
    return db
      .select()
      .from(promotion)
      .orderBy(asc(promotion.sortOrder), desc(promotion.startsAt), asc(promotion.id));
  },
  async insertPromotion(db: Executor, row: NewPromotionRow): Promise<void> {
    await db.insert(promotion).values(row);
  },
  async deletePromotion(db: Executor, id: string): Promise<boolean> {
    return (
      (await db.delete(promotion).where(eq(promotion.id, id)).returning({ id: promotion.id })).length > 0
    );
  },

  /** The same source makes the same id and bytes, so a second insert of it is a no-op. */
  async insertRenditions(db: Executor, rows: NewRenditionRow[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(contentImageRendition).values(rows).onConflictDoNothing();
  },
  async rendition(
    db: Executor,
    imageId: string,
    width: number,
  ): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    const [row] = await db
      .select({ contentType: contentImageRendition.contentType, bytes: contentImageRendition.bytes })
      .from(contentImageRendition)
      .where(and(eq(contentImageRendition.imageId, imageId), eq(contentImageRendition.width, width)));
    return row;
  },

  async helpSections(db: Executor): Promise<HelpSectionRow[]> {
    return db.select().from(helpSection).orderBy(asc(helpSection.sortOrder), asc(helpSection.id));
  },
  async helpArticles(db: Executor, sectionId?: string): Promise<HelpArticleRow[]> {
    return db
      .select()
      .from(helpArticle)
      .where(sectionId ? eq(helpArticle.sectionId, sectionId) : undefined)
      .orderBy(asc(helpArticle.sortOrder), asc(helpArticle.id));
  },
  async helpSectionExists(db: Executor, id: string): Promise<boolean> {
    const rows = await db.select({ id: helpSection.id }).from(helpSection).where(eq(helpSection.id, id));
    return rows.length > 0;
  },
  async insertHelpSection(db: Executor, row: NewHelpSectionRow): Promise<void> {
    await db.insert(helpSection).values(row);
  },
  async deleteHelpSection(db: Executor, id: string): Promise<boolean> {
    return (
      (await db.delete(helpSection).where(eq(helpSection.id, id)).returning({ id: helpSection.id })).length >
      0
    );
  },
  async insertHelpArticle(db: Executor, row: NewHelpArticleRow): Promise<void> {
    await db.insert(helpArticle).values(row);
  },
  async deleteHelpArticle(db: Executor, id: string): Promise<boolean> {
    return (
      (await db.delete(helpArticle).where(eq(helpArticle.id, id)).returning({ id: helpArticle.id })).length >
      0
    );
  },
};
