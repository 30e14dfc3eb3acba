import {
  bannerTextsSchema,
  languageSchema,
  newAnnouncementSchema,
  newBannerSchema,
  newHelpArticleSchema,
  newHelpSectionSchema,
  newPromotionSchema,
  pickText,
  type Announcement,
  type Banner,
  type BannerGroup,
  type BannerTexts,
  type HelpCenter,
  type Language,
  type NewAnnouncement,
  type StoredAnnouncement,
  type NewBanner,
  type NewHelpArticle,
  type NewHelpSection,
  type NewPromotion,
  type Page,
  type Promotion,
  type PromotionDetail,
  announcementTypeSchema,
  bannerGroupSchema,
  linkageTypeSchema,
  promotionCategorySchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { parseInput } from '../../lib/validation.js';
import {
  BANNER_IMAGE,
  fallbackUrl,
  makeRenditions,
  presentImage,
  PROMOTION_IMAGE,
  RENDITION_CONTENT_TYPE,
  type ImageShape,
  type MadeImage,
} from './content.images.js';
import type { SettingsService } from '../system/index.js';
import {
  contentRepository,
  type AnnouncementFilter,
  type AnnouncementRow,
  type BannerRow,
  type HelpArticleRow,
  type HelpSectionRow,
  type PromotionRow,
} from './content.repository.js';

/** Operator input that has not been checked yet: the service validates it against the contract. */
export type Unchecked = Record<string, unknown>;

export interface AnnouncementQuery {
  types?: z.infer<typeof announcementTypeSchema>[] | undefined;
  platform: 'W';
  execution: 'B' | 'L';
  pageNo: number;
  pageSize: number;
}

const IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Rows that came from an operator but no longer fit the contract are skipped rather than failing a page. */
const isBannerGroup = (value: string): value is BannerGroup => bannerGroupSchema.safeParse(value).success;

export class ContentService {
  constructor(
    private readonly deps: AppDeps,
    private readonly settings: SettingsService,
  ) {}

  /** The query parameter wins, then the request's language header, then the site's default. */
  async language(requested: Language | undefined, header: string | string[] | undefined): Promise<Language> {
    if (requested) return requested;
    const fromHeader = languageSchema.safeParse(
      typeof header === 'string' ? header.trim().toLowerCase() : undefined,
    );
    if (fromHeader.success) return fromHeader.data;
    return this.settings.get('site.defaultLanguage');
  }

  async banners(groupName: BannerGroup, language: Language): Promise<Banner[]> {
    const rows = await contentRepository.activeBanners(this.deps.db, groupName);
    return rows.flatMap((row) => {
      const linkageType = linkageTypeSchema.safeParse(row.linkageType);
      if (!isBannerGroup(row.groupName) || !linkageType.success) return [];
      return [
        {
          bannerId: row.id,
          groupName: row.groupName,
          url: row.imageUrl,
          title: pickText(row.title, language),
          linkageType: linkageType.data,
          linkage: linkageType.data === 'NONE' ? null : row.linkage,
          subtitle: row.subtitle ? pickText(row.subtitle, language) : null,
          action: row.action ? pickText(row.action, language) : null,
          image: presentImage(row.image),
        },
      ];
    });
  }

  /** A rendition's bytes; a malformed or unknown name is simply not found. */
  async rendition(imageId: string, file: string): Promise<{ contentType: string; bytes: Buffer }> {
    const width = /^([1-9][0-9]{1,4})\.webp$/.exec(file)?.[1];
    const found =
      IMAGE_ID_PATTERN.test(imageId) && width
        ? await contentRepository.rendition(this.deps.db, imageId, Number(width))
        : undefined;
    if (!found) throw notFound('image');
    return found;
  }

  async announcements(query: AnnouncementQuery, language: Language): Promise<Page<Announcement>> {
    // A member sees what everyone sees plus what is shown after login.
    return this.announcementPage(
      {
        audience: 'all',
        types: query.types,
        platform: query.platform,
        executions: query.execution === 'L' ? ['B', 'L'] : ['B'],
        now: this.deps.clock.now(),
      },
      query,
      language,
    );
  }

  /** The agent centre's announcements (audience agent); the route lets only agents in. */
  async agentAnnouncements(
    query: { pageNo: number; pageSize: number },
    language: Language,
  ): Promise<Page<Announcement>> {
    return this.announcementPage(
      {
        audience: 'agent',
        types: undefined,
        platform: 'W',
        executions: ['B', 'L'],
        now: this.deps.clock.now(),
      },
      query,
      language,
    );
  }

  private async announcementPage(
    filter: Omit<AnnouncementFilter, 'limit' | 'offset'>,
    query: { pageNo: number; pageSize: number },
    language: Language,
  ): Promise<Page<Announcement>> {
    const totalCount = await contentRepository.countPublishedAnnouncements(this.deps.db, filter);
    const rows = await contentRepository.publishedAnnouncements(this.deps.db, {
      ...filter,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    return {
      list: rows.flatMap((row) => {
        const type = announcementTypeSchema.safeParse(row.type);
        if (!type.success) return [];
        return [
          {
            id: row.id,
            type: type.data,
            title: pickText(row.title, language),
            content: pickText(row.content, language),
            timestamp: row.publishedAt.toISOString(),
          },
        ];
      }),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: Math.ceil(totalCount / query.pageSize),
    };
  }

  async promotions(category: Promotion['category'] | undefined, language: Language): Promise<Promotion[]> {
    const rows = await contentRepository.currentPromotions(this.deps.db, this.deps.clock.now(), category);
    return rows.flatMap((row) => {
      const presented = presentPromotion(row, language);
      return presented ? [presented] : [];
    });
  }

  /** Missing, switched off, not started or ended: all the same to a visitor. */
  async promotionDetail(id: string, language: Language): Promise<PromotionDetail> {
    const row = await contentRepository.currentPromotion(this.deps.db, this.deps.clock.now(), id);
    const presented = row ? presentPromotion(row, language) : null;
    if (!row || !presented) throw notFound('promotion');
    return { ...presented, content: pickText(row.content, language) };
  }

  async helpCenter(language: Language): Promise<HelpCenter> {
    const [sections, articles] = await Promise.all([
      contentRepository.helpSections(this.deps.db),
      contentRepository.helpArticles(this.deps.db),
    ]);
    return {
      sections: sections.map((section) => ({
        id: section.id,
        title: pickText(section.title, language),
        articles: articles
          .filter((article) => article.sectionId === section.id)
          .map((article) => ({
            id: article.id,
            title: pickText(article.title, language),
            content: pickText(article.content, language),
          })),
      })),
    };
  }

  // Operator side: everything, whatever its state, and validated additions.

  listBanners(groupName?: string): Promise<BannerRow[]> {
    if (groupName !== undefined) parseInput(bannerGroupSchema, groupName, 'banner group');
    return contentRepository.allBanners(this.deps.db, groupName);
  }

  /**
   * An image is given either by address (`imageUrl`, shown as it is) or as a file (`imageFile`): the
   * file is cut to 3:1 and made into WebP renditions now, and `imageUrl` becomes one of them.
   */
  async addBanner(input: NewBanner | Unchecked, imageFile?: Buffer): Promise<BannerRow> {
    const made = await this.imageFromFile(input, imageFile, BANNER_IMAGE);
    const banner = parseInput(
      newBannerSchema,
      made ? { ...input, imageUrl: fallbackUrl(made.stored) } : input,
      'banner',
    );
    const row = {
      id: newId(this.deps.rng, 'bnr'),
      ...banner,
      image: made?.stored ?? null,
      active: true,
      createdAt: this.deps.clock.now(),
    };
    await this.deps.db.transaction(async (tx) => {
      if (made) await contentRepository.insertRenditions(tx, renditionRows(made));
      await contentRepository.insertBanner(tx, row);
    });
    return row;
  }

  async setBannerTexts(id: string, input: BannerTexts | Unchecked): Promise<BannerRow> {
    const texts = parseInput(bannerTextsSchema, input, 'banner texts');
    const row = await contentRepository.updateBannerTexts(this.deps.db, id, texts);
    if (!row) throw notFound(`banner ${id}`);
    return row;
  }

  private async imageFromFile(
    input: Unchecked | NewBanner | NewPromotion,
    imageFile: Buffer | undefined,
    shape: ImageShape,
  ): Promise<MadeImage | null> {
    const hasUrl = 'imageUrl' in input && input.imageUrl !== undefined;
    if (imageFile && hasUrl) {
      throw new AppError('VALIDATION_FAILED', 'invalid image', [
        { path: 'imageUrl', message: 'give an image address or an image file, not both' },
      ]);
    }
    return imageFile ? makeRenditions(imageFile, shape) : null;
  }

  async removeBanner(id: string): Promise<void> {
    if (!(await contentRepository.deleteBanner(this.deps.db, id))) throw notFound(`banner ${id}`);
  }

  listAnnouncements(): Promise<AnnouncementRow[]> {
    return contentRepository.allAnnouncements(this.deps.db);
  }

  async addAnnouncement(input: NewAnnouncement | Unchecked): Promise<AnnouncementRow> {
    const item = parseInput(newAnnouncementSchema, input, 'announcement');
    const publishedAt = item.publishedAt ? new Date(item.publishedAt) : this.deps.clock.now();
    const expiresAt = item.expiresAt ? new Date(item.expiresAt) : null;
    if (expiresAt && expiresAt <= publishedAt) {
      throw new AppError('VALIDATION_FAILED', 'invalid announcement', [
        { path: 'expiresAt', message: 'must be later than publishedAt' },
      ]);
    }
    const row: AnnouncementRow = {
      id: newId(this.deps.rng, 'ann'),
      type: item.type,
      execution: item.execution,
      audience: item.audience,
      platform: 'W',
      title: item.title,
      content: item.content,
      publishedAt,
      expiresAt,
      active: true,
    };
    await contentRepository.insertAnnouncement(this.deps.db, row);
    return row;
  }

  /** The stored row as the admin call answers it (both languages, ISO times). */
  storedAnnouncement(row: AnnouncementRow): StoredAnnouncement {
    return {
      id: row.id,
      type: announcementTypeSchema.parse(row.type),
      execution: row.execution === 'L' ? 'L' : 'B',
      audience: row.audience === 'agent' ? 'agent' : 'all',
      title: row.title,
      content: row.content,
      publishedAt: row.publishedAt.toISOString(),
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    };
  }

  async removeAnnouncement(id: string): Promise<void> {
    if (!(await contentRepository.deleteAnnouncement(this.deps.db, id))) throw notFound(`announcement ${id}`);
  }

  listPromotions(): Promise<PromotionRow[]> {
    return contentRepository.allPromotions(this.deps.db);
  }

  /** The image as for a banner (addBanner), cut to 12:5. */
  async addPromotion(input: NewPromotion | Unchecked, imageFile?: Buffer): Promise<PromotionRow> {
    const made = await this.imageFromFile(input, imageFile, PROMOTION_IMAGE);
    const item = parseInput(
      newPromotionSchema,
      made ? { ...input, imageUrl: fallbackUrl(made.stored) } : input,
      'promotion',
    );
    const startsAt = item.startsAt ? new Date(item.startsAt) : this.deps.clock.now();
    const endsAt = item.endsAt ? new Date(item.endsAt) : null;
    if (endsAt && endsAt <= startsAt) {
      throw new AppError('VALIDATION_FAILED', 'invalid promotion', [
        { path: 'endsAt', message: 'must be later than startsAt' },
      ]);
    }
    const row: PromotionRow = {
      id: newId(this.deps.rng, 'promo'),
      category: item.category,
      title: item.title,
      summary: item.summary,
      content: item.content,
      imageUrl: item.imageUrl,
      image: made?.stored ?? null,
      action: item.action,
      startsAt,
      endsAt,
      sortOrder: item.sortOrder,
      active: true,
    };
    await this.deps.db.transaction(async (tx) => {
      if (made) await contentRepository.insertRenditions(tx, renditionRows(made));
      await contentRepository.insertPromotion(tx, row);
    });
    return row;
  }

  async removePromotion(id: string): Promise<void> {
    if (!(await contentRepository.deletePromotion(this.deps.db, id))) throw notFound(`promotion ${id}`);
  }

  listHelpSections(): Promise<HelpSectionRow[]> {
    return contentRepository.helpSections(this.deps.db);
  }

  listHelpArticles(sectionId?: string): Promise<HelpArticleRow[]> {
    return contentRepository.helpArticles(this.deps.db, sectionId);
  }

  async addHelpSection(input: NewHelpSection | Unchecked): Promise<HelpSectionRow> {
    const item = parseInput(newHelpSectionSchema, input, 'help section');
    const row = { id: newId(this.deps.rng, 'hs'), ...item };
    await contentRepository.insertHelpSection(this.deps.db, row);
    return row;
  }

  /** Its articles go with it. */
  async removeHelpSection(id: string): Promise<void> {
    if (!(await contentRepository.deleteHelpSection(this.deps.db, id))) throw notFound(`help section ${id}`);
  }

  async addHelpArticle(input: NewHelpArticle | Unchecked): Promise<HelpArticleRow> {
    const item = parseInput(newHelpArticleSchema, input, 'help article');
    if (!(await contentRepository.helpSectionExists(this.deps.db, item.sectionId))) {
      throw notFound(`help section ${item.sectionId}`);
    }
    const row = { id: newId(this.deps.rng, 'ha'), ...item };
    await contentRepository.insertHelpArticle(this.deps.db, row);
    return row;
  }

  async removeHelpArticle(id: string): Promise<void> {
    if (!(await contentRepository.deleteHelpArticle(this.deps.db, id))) throw notFound(`help article ${id}`);
  }
}

function presentPromotion(row: PromotionRow, language: Language): Promotion | null {
  const category = promotionCategorySchema.safeParse(row.category);
  if (!category.success) return null;
  return {
    id: row.id,
    category: category.data,
    title: pickText(row.title, language),
    summary: pickText(row.summary, language),
    imageUrl: row.imageUrl,
    image: presentImage(row.image),
    action: row.action ? pickText(row.action, language) : null,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
  };
}

export const renditionRows = (made: MadeImage) =>
  made.renditions.map((rendition) => ({
    imageId: made.stored.id,
    width: rendition.width,
    height: rendition.height,
    contentType: RENDITION_CONTENT_TYPE,
    bytes: rendition.bytes,
  }));
