import { z } from 'zod';
import { languageCodes } from './constants.js';

export const languageSchema = z.enum(languageCodes);
export type Language = z.infer<typeof languageSchema>;

/** Text an operator writes once per language; readers fall back to en, then bn. */
export const localizedTextSchema = z.object({ bn: z.string(), en: z.string() }).catchall(z.string());
export type LocalizedText = z.infer<typeof localizedTextSchema>;
