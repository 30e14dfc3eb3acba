import { z } from 'zod';
import { call } from './call.js';
import { gameCategories } from './constants.js';

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

/** What an operator supplies to add a vendor (the operator tool today, a back office later). */
export const newVendorSchema = z.object({
  /** the provider code, e.g. PG; upper case letters, digits and _ */
  vassalage: z.string().regex(/^[A-Z0-9_]{1,40}$/, 'upper case letters, digits or _, at most 40'),
  /** SPORTS vendors listed in the site.esportsVendors setting show under ESPORTS */
  category: gameCategorySchema,
  title: z.string().trim().min(1).max(100),
  isHot: z.boolean().default(false),
  smallIcon: z
    .string()
    .max(2000)
    .regex(/^(\/|https?:\/\/)\S+$/, 'must be a path starting with / or an http(s) address')
    .nullable()
    .default(null),
  gameClassify: z.string().min(1).max(40).nullable().default(null),
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type NewVendor = z.input<typeof newVendorSchema>;

/** The lobby's vendors; games and bets come with the game issues. */
export const gameCalls = {
  gameVendors: call({
    method: 'GET',
    path: '/wps/game/vendors',
    access: 'public',
    response: vendorListSchema,
  }),
};
