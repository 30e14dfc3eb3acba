import { z } from 'zod';
import { call } from './call.js';
import { inputText } from './input-text.js';
import {
  announcementAudiences,
  announcementExecutions,
  announcementTypes,
  bannerGroups,
  CONTENT_ID_PATTERN,
  linkageTypes,
  promotionCategories,
} from './constants.js';
import { languageSchema, localizedTextSchema } from './languages.js';
import { helpCenterSchema, languageQuerySchema } from './system.js';

export const bannerGroupSchema = z.enum(bannerGroups);
export type BannerGroup = z.infer<typeof bannerGroupSchema>;

export const linkageTypeSchema = z.enum(linkageTypes);

/**
 * An image made into WebP renditions when it was added (never per request). `srcset` lists them with
 * their widths; width and height are the largest one's, so the <img> reserves its box before loading.
 */
export const contentImageSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  srcset: z.string(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

export const bannerSchema = z.object({
  bannerId: z.string(),
  groupName: bannerGroupSchema,
  /** the image alone (no text on it); with renditions, the 1200 px one */
  url: z.string(),
  /** the headline, shown as text over the image in the asked language */
  title: z.string(),
  linkageType: linkageTypeSchema,
  linkage: z.string().nullable(),
  subtitle: z.string().nullable(),
  /** the call-to-action label, e.g. "Claim now"; null shows none */
  action: z.string().nullable(),
  /** null for an image given by address only (no renditions): the client then uses url alone */
  image: contentImageSchema.nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerQuerySchema = z.object({
  groupName: bannerGroupSchema,
  language: languageSchema.optional(),
});

export const announcementTypeSchema = z.enum(announcementTypes);

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
  inputText(200)
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1));

/** The agent centre's announcements: no type, platform or execution to choose, only the page. */
export const agentAnnouncementQuerySchema = z.object({
  language: languageSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

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

export const promotionCategorySchema = z.enum(promotionCategories);

export const promotionSchema = z.object({
  id: z.string(),
  category: promotionCategorySchema,
  title: z.string(),
  summary: z.string(),
  imageUrl: z.string(),
  image: contentImageSchema.nullable(),
  /** the call-to-action label on a promotion slide; null shows none */
  action: z.string().nullable(),
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
export const promotionParamsSchema = z.object({ id: inputText(64).regex(CONTENT_ID_PATTERN) });

// What an operator supplies to create content (the operator tool today, a back office later).
const isoInstant = inputText(40).check(z.iso.datetime({ offset: true }));
/** a path in this site or an absolute http(s) address */
const imageUrlSchema = z
  .string()
  .max(2000)
  .regex(/^(\/|https?:\/\/)\S+$/, 'must be a path starting with / or an http(s) address');
/** A text in every language, each checked as any caller's string is (the operator's too). */
const inputLocalizedText = (max: number, options: { multiline?: boolean } = {}) =>
  z.object({ bn: inputText(max, options), en: inputText(max, options) }).catchall(inputText(max, options));
const titleTextSchema = inputLocalizedText(200).refine(
  (text) => Object.values(text).every((value) => value.trim().length > 0 && value.length <= 200),
  'every language needs a title of 1 to 200 characters',
);
/** A short text given in every language. */
const shortTextSchema = (max: number) =>
  inputLocalizedText(max).refine(
    (text) => Object.values(text).every((value) => value.trim().length > 0 && value.length <= max),
    `every language needs a text of 1 to ${max} characters`,
  );
/** An optional text: left out (null), or given in every language. */
const optionalTextSchema = (max: number) => shortTextSchema(max).nullable().default(null);
const bodyTextSchema = inputLocalizedText(20_000, { multiline: true }).refine(
  (text) => Object.values(text).every((value) => value.trim().length > 0 && value.length <= 20_000),
  'every language needs a text of 1 to 20000 characters',
);
const sortOrderSchema = z.number().int().min(-1_000_000).max(1_000_000);

export const newBannerSchema = z
  .object({
    groupName: bannerGroupSchema,
    imageUrl: imageUrlSchema,
    title: titleTextSchema,
    subtitle: optionalTextSchema(200),
    action: optionalTextSchema(40),
    linkageType: linkageTypeSchema.default('NONE'),
    linkage: z.string().min(1).max(2000).nullable().default(null),
    sortOrder: sortOrderSchema.default(0),
  })
  .superRefine((banner, context) => {
    const problem = linkageProblem(banner.linkageType, banner.linkage);
    if (problem) context.addIssue({ code: 'custom', path: ['linkage'], message: problem });
  });
export type NewBanner = z.input<typeof newBannerSchema>;

/** A change to a banner's texts: what is left out stays; a subtitle or action set to null is removed. */
export const bannerTextsSchema = z
  .object({
    title: titleTextSchema.optional(),
    subtitle: shortTextSchema(200).nullable().optional(),
    action: shortTextSchema(40).nullable().optional(),
  })
  .strict()
  .refine((texts) => Object.keys(texts).length > 0, 'nothing to change: give a title, subtitle or action');
export type BannerTexts = z.input<typeof bannerTextsSchema>;

function linkageProblem(type: (typeof linkageTypes)[number], linkage: string | null): string | null {
  if (type === 'NONE') return linkage === null ? null : 'a banner with linkage type NONE takes no linkage';
  if (linkage === null) return `linkage type ${type} needs a linkage`;
  if (type === 'ROUTE' && !linkage.startsWith('/')) return 'a ROUTE linkage is a path starting with /';
  if (type === 'URL' && !/^https?:\/\/\S+$/.test(linkage)) return 'a URL linkage is an http(s) address';
  if (type === 'PROMOTION' && !promotionParamsSchema.shape.id.safeParse(linkage).success) {
    return 'a PROMOTION linkage is a promotion id';
  }
  return null;
}

export const newAnnouncementSchema = z
  .object({
    type: announcementTypeSchema,
    execution: z.enum(announcementExecutions).default('B'),
    /** agent: only the agent centre lists it, never the public list */
    audience: z.enum(announcementAudiences).default('all'),
    title: titleTextSchema,
    content: bodyTextSchema,
    /** when it starts to show; now when left out */
    publishedAt: isoInstant.optional(),
    expiresAt: isoInstant.nullable().default(null),
  })
  .refine(
    (item) =>
      !item.expiresAt || !item.publishedAt || Date.parse(item.expiresAt) > Date.parse(item.publishedAt),
    { path: ['expiresAt'], message: 'must be later than publishedAt' },
  );
export type NewAnnouncement = z.input<typeof newAnnouncementSchema>;
/** What the operator's add call answers: the stored announcement with both languages. */
export const storedAnnouncementSchema = z.object({
  id: z.string(),
  type: announcementTypeSchema,
  execution: z.enum(announcementExecutions),
  audience: z.enum(announcementAudiences),
  title: localizedTextSchema,
  content: localizedTextSchema,
  publishedAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type StoredAnnouncement = z.infer<typeof storedAnnouncementSchema>;

export const newPromotionSchema = z
  .object({
    category: promotionCategorySchema,
    title: titleTextSchema,
    summary: titleTextSchema,
    content: bodyTextSchema,
    imageUrl: imageUrlSchema,
    action: optionalTextSchema(40),
    /** now when left out */
    startsAt: isoInstant.optional(),
    endsAt: isoInstant.nullable().default(null),
    sortOrder: sortOrderSchema.default(0),
  })
  .refine((item) => !item.endsAt || !item.startsAt || Date.parse(item.endsAt) > Date.parse(item.startsAt), {
    path: ['endsAt'],
    message: 'must be later than startsAt',
  });
export type NewPromotion = z.input<typeof newPromotionSchema>;

export const newHelpSectionSchema = z.object({
  title: titleTextSchema,
  sortOrder: sortOrderSchema.default(0),
});
export type NewHelpSection = z.input<typeof newHelpSectionSchema>;
export const newHelpArticleSchema = z.object({
  sectionId: promotionParamsSchema.shape.id,
  title: titleTextSchema,
  content: bodyTextSchema,
  sortOrder: sortOrderSchema.default(0),
});
export type NewHelpArticle = z.input<typeof newHelpArticleSchema>;
export type AnnouncementType = z.infer<typeof announcementTypeSchema>;
export type PromotionCategory = z.infer<typeof promotionCategorySchema>;

/** What the operator publishes: banners, announcements, promotions and the help centre. */
export const contentCalls = {
  helpCenter: call({
    method: 'GET',
    path: '/wps/system/helpCenter',
    access: 'public',
    query: languageQuerySchema,
    response: helpCenterSchema,
  }),
  banners: call({
    method: 'GET',
    path: '/wps/content/banners',
    access: 'public',
    query: bannerQuerySchema,
    response: z.array(bannerSchema),
  }),
  announcements: call({
    method: 'GET',
    path: '/wps/announcements/v2',
    access: 'public',
    query: announcementQuerySchema,
    response: pageSchema(announcementSchema),
  }),
  /** Announcements meant for agents (audience agent): 401 for visitors, 403 for members who are not agents. */
  agentAnnouncements: call({
    method: 'GET',
    path: '/wps/agent/announcements',
    access: 'agent',
    query: agentAnnouncementQuerySchema,
    response: pageSchema(announcementSchema),
  }),
  adminAddAnnouncement: call({
    method: 'POST',
    path: '/wps/admin/content/announcements',
    access: { admin: ['owner', 'content'] },
    body: newAnnouncementSchema,
    response: storedAnnouncementSchema,
  }),
  promotions: call({
    method: 'GET',
    path: '/wps/promotions',
    access: 'public',
    query: promotionQuerySchema,
    response: z.array(promotionSchema),
  }),
  promotionDetail: call({
    method: 'GET',
    path: '/wps/promotions/:id',
    access: 'public',
    params: promotionParamsSchema,
    query: z.object({ language: languageQuerySchema.shape.language }),
    response: promotionDetailSchema,
  }),
};
