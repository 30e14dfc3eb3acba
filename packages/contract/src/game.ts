import { z } from 'zod';

/** Lobby categories, in the order the left bar shows them. */
export const gameCategories = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS'] as const;
export const gameCategorySchema = z.enum(gameCategories);
export type GameCategory = z.infer<typeof gameCategorySchema>;

export const vendorCardSchema = z.object({
  vassalage: z.string(),
  title: z.string(),
  isHot: z.boolean(),
  smallIcon: z.string().nullable(),
  gameClassify: z.string().nullable(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

export const vendorCategorySchema = z.object({
  gameCategory: gameCategorySchema,
  vendors: z.array(vendorCardSchema),
});
export type VendorCategory = z.infer<typeof vendorCategorySchema>;
export const vendorListSchema = z.object({ categories: z.array(vendorCategorySchema) });
export type VendorList = z.infer<typeof vendorListSchema>;
