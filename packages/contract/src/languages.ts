import { z } from 'zod';

export const languageCodes = ['bn', 'en', 'zh', 'id', 'pt', 'th', 'vi'] as const;
export const languageSchema = z.enum(languageCodes);
export type Language = z.infer<typeof languageSchema>;
export const DEFAULT_LANGUAGE: Language = 'bn';

/** Text an operator writes once per language; readers fall back to en, then bn. */
export const localizedTextSchema = z
  .object({ bn: z.string(), en: z.string() })
  .catchall(z.string());
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export function pickText(text: LocalizedText, language: string): string {
  return text[language] ?? text.en ?? text.bn;
}
