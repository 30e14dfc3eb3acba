import { z } from 'zod';
import { inputText } from './input-text.js';

/**
 * What every back-office list shares (issue 27): server-side paging and sorting, and `format=csv`,
 * which answers the whole filtered list as text/csv, streamed, instead of one page as JSON.
 */
export const listFormats = ['json', 'csv'] as const;

/** A list call's query: add its own filters with `.extend({...})`. */
export const adminListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  /** a column the call names as sortable; unknown names are refused */
  sort: inputText(40)
    .regex(/^[a-zA-Z]+$/)
    .optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  format: z.enum(listFormats).default('json'),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** A site day, YYYY-MM-DD, for date-range filters (the site's time zone). */
export const siteDaySchema = inputText(10).regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** One page of a back-office list. */
export const adminPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });
export interface AdminPage<T> {
  items: T[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}
