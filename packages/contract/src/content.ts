import { z } from 'zod';
import { languageSchema } from './languages.js';

export const bannerGroups = [
  'w_home',
  'w_rng',
  'w_live',
  'w_fish',
  'w_pvp',
  'w_sports',
  'w_esports',
  'w_lott',
  'w_down',
  'w_promotion',
  'w_shop',
  'w_help',
  'w_reg',
  'w_inhouse',
] as const;
export const bannerGroupSchema = z.enum(bannerGroups);
export type BannerGroup = z.infer<typeof bannerGroupSchema>;

/** NONE: not clickable; ROUTE: a path in this site; URL: an outside page in a new tab; PROMOTION: a promotion id. */
export const linkageTypes = ['NONE', 'ROUTE', 'URL', 'PROMOTION'] as const;
export const linkageTypeSchema = z.enum(linkageTypes);

export const bannerSchema = z.object({
  bannerId: z.string(),
  groupName: bannerGroupSchema,
  url: z.string(),
  title: z.string(),
  linkageType: linkageTypeSchema,
  linkage: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerQuerySchema = z.object({
  groupName: bannerGroupSchema,
  language: languageSchema.optional(),
});

/** B: bulletin (marquee), PL: player notice, PU: popup, PR: promotion notice, H: help notice. */
export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const announcementTypeSchema = z.enum(announcementTypes);
/** B: shown to everyone; L: shown only after login. */
export const announcementExecutions = ['B', 'L'] as const;

export const announcementSchema = z.object({
  id: z.string(),
  type: announcementTypeSchema,
  title: z.string(),
  content: z.string(),
  /** ISO 8601 */
  timestamp: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .max(200)
    .transform((text) => text.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(item).min(1));

export const announcementQuerySchema = z.object({
  types: commaList(announcementTypeSchema).optional(),
  platform: z.literal('W').default('W'),
  execution: z.enum(announcementExecutions).default('B'),
  language: languageSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(9),
});

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });
export type Page<T> = { list: T[]; pageNo: number; pageSize: number; totalCount: number; totalPages: number };

export const promotionCategories = ['new_player', 'daily', 'vip', 'slots', 'live', 'sports', 'lottery'] as const;
export const promotionCategorySchema = z.enum(promotionCategories);

export const promotionSchema = z.object({
  id: z.string(),
  category: promotionCategorySchema,
  title: z.string(),
  summary: z.string(),
  imageUrl: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionDetailSchema = promotionSchema.extend({
  /** plain text; blank lines separate paragraphs (never HTML) */
  content: z.string(),
});
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;
export const promotionQuerySchema = z.object({
  category: promotionCategorySchema.optional(),
  language: languageSchema.optional(),
});
export const promotionParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
