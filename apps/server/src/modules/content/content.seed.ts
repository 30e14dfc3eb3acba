import {
  newAnnouncementSchema,
  newBannerSchema,
  newHelpArticleSchema,
  newHelpSectionSchema,
  newPromotionSchema,
} from '@platform/contract';
import {
  demoAnnouncements,
  demoBannerImage,
  demoBanners,
  demoHelpCenter,
  demoPromotionImage,
  demoPromotions,
} from '../../db/demo-content.js';
import { newId } from '../../lib/ids.js';
import type { SeedContext } from '../../lib/module.js';
import { contentRepository } from './content.repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The demo's promotions, banners (some linking to those promotions), announcements and help centre. */
export async function seedContentDemo({ tx, now, rng }: SeedContext): Promise<void> {
  const promotionIds = new Map<string, string>();
  for (const [index, item] of demoPromotions.entries()) {
    const promotion = newPromotionSchema.parse({
      category: item.category,
      title: item.title,
      summary: item.summary,
      content: item.content,
      imageUrl: demoPromotionImage(item),
      sortOrder: index,
    });
    const id = newId(rng, 'promo');
    promotionIds.set(item.key, id);
    await contentRepository.insertPromotion(tx, {
      ...promotion,
      id,
      startsAt: new Date(now.getTime() - DAY),
      endsAt: item.endsInDays === null ? null : new Date(now.getTime() + item.endsInDays * DAY),
    });
  }

  const orderInGroup = new Map<string, number>();
  for (const item of demoBanners) {
    const order = orderInGroup.get(item.group) ?? 0;
    orderInGroup.set(item.group, order + 1);
    const link = item.link;
    const banner = newBannerSchema.parse({
      groupName: item.group,
      imageUrl: demoBannerImage(item),
      title: item.title,
      linkageType: link.type,
      linkage:
        link.type === 'ROUTE'
          ? link.to
          : link.type === 'PROMOTION'
            ? (promotionIds.get(link.promotion) ?? null)
            : null,
      sortOrder: order,
    });
    await contentRepository.insertBanner(tx, { ...banner, id: newId(rng, 'bnr'), createdAt: now });
  }

  for (const [index, item] of demoAnnouncements.entries()) {
    const announcement = newAnnouncementSchema.parse({
      type: item.type,
      title: item.title,
      content: item.content,
    });
    await contentRepository.insertAnnouncement(tx, {
      ...announcement,
      id: newId(rng, 'ann'),
      platform: 'W',
      // A few hours apart, newest first, so the list reads like a history.
      publishedAt: new Date(now.getTime() - (index + 1) * 5 * HOUR),
      expiresAt: null,
    });
  }

  for (const [sectionIndex, section] of demoHelpCenter.entries()) {
    const sectionId = newId(rng, 'hs');
    await contentRepository.insertHelpSection(tx, {
      ...newHelpSectionSchema.parse({ title: section.title, sortOrder: sectionIndex }),
      id: sectionId,
    });
    for (const [articleIndex, article] of section.articles.entries()) {
      await contentRepository.insertHelpArticle(tx, {
        ...newHelpArticleSchema.parse({
          sectionId,
          title: article.title,
          content: article.content,
          sortOrder: articleIndex,
        }),
        id: newId(rng, 'ha'),
      });
    }
  }
}
