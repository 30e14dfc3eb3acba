import {
  newAnnouncementSchema,
  newBannerSchema,
  newHelpArticleSchema,
  newHelpSectionSchema,
  newPromotionSchema,
} from '@platform/contract';
import {
  demoAgentAnnouncements,
  demoAnnouncements,
  demoBanners,
  demoHelpCenter,
  demoPromotions,
} from './demo-content.js';
import { newId } from '../../lib/ids.js';
import type { SeedContext } from '../../lib/module.js';
import {
  BANNER_IMAGE,
  fallbackUrl,
  makeRenditions,
  PROMOTION_IMAGE,
  type ImageShape,
} from './content.images.js';
import { contentRepository } from './content.repository.js';
import { renditionRows } from './content.service.js';
import { demoArtSvg, type DemoArt } from './demo-art.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The art drawn at the shape's largest size, made into renditions as an operator's file would be. */
function demoImage(key: string, art: DemoArt, shape: ImageShape) {
  const [w, h] = shape.aspect;
  const width = 1200;
  return makeRenditions(Buffer.from(demoArtSvg(key, art, width, Math.round((width * h) / w))), shape);
}

/** The demo's promotions, banners (some linking to those promotions), announcements and help centre. */
export async function seedContentDemo({ tx, now, rng }: SeedContext): Promise<void> {
  // Every image at once: sharp works off the event loop, on all cores.
  const [promotionImages, bannerImages] = await Promise.all([
    Promise.all(demoPromotions.map((item) => demoImage(`promo-${item.key}`, item, PROMOTION_IMAGE))),
    Promise.all(demoBanners.map((item) => demoImage(`banner-${item.key}`, item, BANNER_IMAGE))),
  ]);
  for (const made of [...promotionImages, ...bannerImages]) {
    await contentRepository.insertRenditions(tx, renditionRows(made));
  }

  const promotionIds = new Map<string, string>();
  for (const [index, item] of demoPromotions.entries()) {
    const image = promotionImages[index];
    if (!image) throw new Error(`no image made for promotion ${item.key}`);
    const promotion = newPromotionSchema.parse({
      category: item.category,
      title: item.title,
      summary: item.summary,
      content: item.content,
      action: item.action,
      imageUrl: fallbackUrl(image.stored),
      sortOrder: index,
    });
    const id = newId(rng, 'promo');
    promotionIds.set(item.key, id);
    await contentRepository.insertPromotion(tx, {
      ...promotion,
      image: image.stored,
      id,
      startsAt: new Date(now.getTime() - DAY),
      endsAt: item.endsInDays === null ? null : new Date(now.getTime() + item.endsInDays * DAY),
    });
  }

  const orderInGroup = new Map<string, number>();
  for (const [index, item] of demoBanners.entries()) {
    const image = bannerImages[index];
    if (!image) throw new Error(`no image made for banner ${item.key}`);
    const order = orderInGroup.get(item.group) ?? 0;
    orderInGroup.set(item.group, order + 1);
    const link = item.link;
    const banner = newBannerSchema.parse({
      groupName: item.group,
      imageUrl: fallbackUrl(image.stored),
      title: item.title,
      subtitle: item.subtitle,
      action: item.action,
      linkageType: link.type,
      linkage:
        link.type === 'ROUTE'
          ? link.to
          : link.type === 'PROMOTION'
            ? (promotionIds.get(link.promotion) ?? null)
            : null,
      sortOrder: order,
    });
    await contentRepository.insertBanner(tx, {
      ...banner,
      image: image.stored,
      id: newId(rng, 'bnr'),
      createdAt: now,
    });
  }

  const everyAnnouncement = [
    ...demoAnnouncements.map((item, index) => ({ item, index, audience: 'all' as const })),
    ...demoAgentAnnouncements.map((item, index) => ({ item, index, audience: 'agent' as const })),
  ];
  for (const { item, index, audience } of everyAnnouncement) {
    const announcement = newAnnouncementSchema.parse({
      type: item.type,
      audience,
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
